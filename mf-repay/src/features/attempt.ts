/**
 * One repayment attempt per order, kept in sessionStorage so that a double tap or a reload
 * reuses the same idempotency key (the server answers the same payment) and the same
 * payOrderId (the gateway takes a payment only while it is pending).
 */
import { newIdempotencyKey, userStorage } from 'shared';

export interface PayAttempt {
  orderNo: string;
  amount: number;
  key: string;
  payOrderId?: string;
}

/** 'attempt:<orderNo>', for the tab */
const store = userStorage('repay', { tab: true });

export function readAttempt(orderNo: string): PayAttempt | null {
  const a = store.get<PayAttempt>(`attempt:${orderNo}`);
  return a && a.orderNo === orderNo && typeof a.key === 'string' ? a : null;
}

function save(a: PayAttempt): PayAttempt {
  store.set(`attempt:${a.orderNo}`, a);
  return a;
}

/** The attempt for this amount: the stored one when the amount is the same, else a new key. */
export function attemptFor(orderNo: string, amount: number): PayAttempt {
  const prev = readAttempt(orderNo);
  if (prev && prev.amount === amount) return prev;
  return save({ orderNo, amount, key: newIdempotencyKey() });
}

export function rememberPayOrder(orderNo: string, payOrderId: string): void {
  const prev = readAttempt(orderNo);
  if (prev) save({ ...prev, payOrderId });
}

/** After a final result (success, failure, time-out) the next payment needs a new key. */
export function clearAttempt(orderNo: string): void {
  store.remove(`attempt:${orderNo}`);
}
