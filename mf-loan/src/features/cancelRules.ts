/** Cancellation: one reason, required (spec section 5). Returns the loan namespace's error key, or null. */
import { CANCEL_REASONS, OrderStatus } from 'shared';

export type CancelReason = (typeof CANCEL_REASONS)[number];

export function cancelReasonError(chosen: CancelReason | null): 'cancel.chooseReason' | null {
  return chosen ? null : 'cancel.chooseReason';
}

/** Unconfirmed orders a borrower may cancel: still being filled in, approved but not confirmed, or payout failed. */
const CANCELLABLE: readonly number[] = [
  OrderStatus.BasicInfo, OrderStatus.Addition, OrderStatus.IdentityOCR, OrderStatus.Validation, OrderStatus.BindCard, OrderStatus.Question,
  OrderStatus.Confirm, OrderStatus.GetMoney, OrderStatus.PayFail,
];

export function canCancel(status: number): boolean {
  return CANCELLABLE.includes(status);
}
