/** Cancellation: one reason, required (spec section 5). Returns the loan namespace's error key, or null. */
import { type CANCEL_REASONS } from 'shared';

export type CancelReason = (typeof CANCEL_REASONS)[number];

export function cancelReasonError(chosen: CancelReason | null): 'cancel.chooseReason' | null {
  return chosen ? null : 'cancel.chooseReason';
}
