/** What the cashier shows for a payment, and how it reacts to the server's repay errors. */
import { ErrorCode } from 'shared';
import type { PaymentView } from './types';

export type PaymentPhase = 'pending' | 'expired' | 'success' | 'failed';

export function paymentPhase(p: Pick<PaymentView, 'status' | 'expiresAt' | 'channelId'>, now = Date.now()): PaymentPhase {
  if (p.status === 'success') return 'success';
  if (p.status === 'failed') return 'failed';
  // paid with a channel: the provider is collecting it, and only its answer ends it (the server never expires it then)
  if (p.channelId) return 'pending';
  return Date.parse(p.expiresAt) <= now ? 'expired' : 'pending';
}

export interface ErrorReaction {
  /** where the message goes: next to the amount, next to the channel list, or above the action */
  target: 'amount' | 'channel' | 'form';
  /** the stored attempt is finished: the next tap must start a new payment */
  resetAttempt: boolean;
  /** the i18n key (repay namespace) of a client-side text, when the server sent none we can use */
  key?: string;
  /** the `validation.*` key the server named the field with (validationFailed) */
  fieldKey?: string;
}

/** a field the server refused (validationFailed's data.fields): where it shows, and whether the payment is spent */
function reactToFields(fields: Record<string, string>): ErrorReaction | null {
  if (fields.amount) return { target: 'amount', resetAttempt: true, fieldKey: fields.amount };
  if (fields.channelId) return { target: 'channel', resetAttempt: false, key: 'cashier.channelIdEmpty' };
  if (fields.payOrderId) return { target: 'form', resetAttempt: true, key: 'cashier.payOrderIdEmpty' };
  if (fields.orderNo) return { target: 'form', resetAttempt: true, key: 'cashier.orderNoEmpty' };
  return null;
}

export function reactToError(code: number, fields: Record<string, string> = {}): ErrorReaction {
  switch (code) {
    case ErrorCode.validationFailed:
      return reactToFields(fields) ?? { target: 'form', resetAttempt: false };
    case ErrorCode.belowMinimumRepayment:
    case ErrorCode.amountOutOfRange:
      return { target: 'amount', resetAttempt: true };
    case ErrorCode.noPaymentMethod:
      return { target: 'channel', resetAttempt: false, key: 'cashier.noChannel' };
    case ErrorCode.cardInfoNull:
      return { target: 'channel', resetAttempt: false, key: 'cashier.cardInfoNull' };
    case ErrorCode.paymentTimedOut:
    case ErrorCode.orderTimedOut:
      return { target: 'form', resetAttempt: true, key: 'cashier.timedOut' };
    case ErrorCode.duplicatePayment:
    case ErrorCode.nothingDue:
    case ErrorCode.orderWrongState:
      return { target: 'form', resetAttempt: true };
    default:
      return { target: 'form', resetAttempt: false };
  }
}
