/** What the cashier shows for a payment, and how it reacts to the server's repay errors. */
import { ErrorCode } from 'shared';
import type { PaymentView } from './types';

export type PaymentPhase = 'pending' | 'expired' | 'success' | 'failed';

export function paymentPhase(p: Pick<PaymentView, 'status' | 'expiresAt'>, now = Date.now()): PaymentPhase {
  if (p.status === 'success') return 'success';
  if (p.status === 'failed') return 'failed';
  return Date.parse(p.expiresAt) <= now ? 'expired' : 'pending';
}

export interface ErrorReaction {
  /** where the message goes: next to the amount, next to the channel list, or above the action */
  target: 'amount' | 'channel' | 'form';
  /** the stored attempt is finished: the next tap must start a new payment */
  resetAttempt: boolean;
  /** the i18n key (repay namespace) of a client-side text, when the server sent none we can use */
  key?: string;
}

export function reactToError(code: number): ErrorReaction {
  switch (code) {
    case ErrorCode.belowMinimumRepayment:
    case ErrorCode.amountNotInteger:
    case ErrorCode.amountOutOfRange:
      return { target: 'amount', resetAttempt: true };
    case ErrorCode.channelIdRequired:
      return { target: 'channel', resetAttempt: false, key: 'cashier.channelIdEmpty' };
    case ErrorCode.noPaymentMethod:
      return { target: 'channel', resetAttempt: false, key: 'cashier.noChannel' };
    case ErrorCode.cardInfoNull:
      return { target: 'channel', resetAttempt: false, key: 'cashier.cardInfoNull' };
    case ErrorCode.paymentTimedOut:
    case ErrorCode.orderTimedOut:
      return { target: 'form', resetAttempt: true, key: 'cashier.timedOut' };
    case ErrorCode.payOrderIdRequired:
      return { target: 'form', resetAttempt: true, key: 'cashier.payOrderIdEmpty' };
    case ErrorCode.orderNoRequired:
      return { target: 'form', resetAttempt: true, key: 'cashier.orderNoEmpty' };
    case ErrorCode.duplicatePayment:
    case ErrorCode.nothingDue:
    case ErrorCode.orderWrongState:
      return { target: 'form', resetAttempt: true };
    default:
      return { target: 'form', resetAttempt: false };
  }
}
