/** Money taken from the borrower for a loan: credited, finishing the loan when covered, raising the limit when on time. */
import type { Db } from '../db';
import type { Deps } from '../context/deps';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import { touchOrder, type OrderRow } from '../repos/orders';
import { moneyOf } from '../repos/ledger';
import { statusIn } from '../domain/lifecycle';
import { transition } from './lifecycle';
import { addEvent } from '../repos/orderEvents';
import { recordOnTime, userById } from '../repos/users';
import { repaidOnTime } from '../domain/products';
import { owed, paymentJournals } from '../domain/ledger';
import { accrue, book } from './ledger';

const { OrderStatus, OWING_STATUSES } = C;

/**
 * Money taken from the borrower for this loan (a cashier payment or an accepted transfer): one
 * payment journal after the accruals up to now, allocated to what is owed (domain/ledger.ts), any
 * excess owed back (all of it when the order no longer owes). Finishes the loan and raises the credit limit when it is covered.
 * The caller holds the order's lock (repos/orders lockOrder) in the transaction `db`.
 */
export async function takeRepayment(
  deps: Deps,
  db: Db,
  o: OrderRow,
  amount: number,
  now: number,
  ref: { paymentId?: number; proofId?: number },
): Promise<OrderRow> {
  const m = await accrue(db, o, await moneyOf(db, o.id), now);
  const credit = Math.min(amount, owed(o, m, now));
  const after = await book(db, o, m, paymentJournals(o, m, amount, now, ref));
  const updated = await touchOrder(db, o.id, now);
  await addEvent(db, o.id, 'repayment', o.status, now, String(credit));
  // an order that no longer owes (paid off since the transfer: a proof checked late) keeps the money as owed back (refundPayable)
  if (owed(updated, after, now) > 0 || !statusIn(OWING_STATUSES, o.status)) return updated;
  const wasOnTime = repaidOnTime(m);
  const fin = await transition(db, updated, 'finished', now, { set: { paid_off_at: now }, from: 'any' });
  if (!fin || !wasOnTime) return fin ?? updated;
  const user = await userById(db, o.user_id);
  const count = user.on_time_count + 1;
  const ladder = deps.cfg.profile.creditLadder;
  let next = ladder[Math.min(count, ladder.length - 1)];
  if (POLICY.maxCreditLimit) next = Math.min(next, POLICY.maxCreditLimit);
  await recordOnTime(db, user, count, next, now);
  if (next > user.credit_limit) {
    await addEvent(db, o.id, 'limitRaised', OrderStatus.Finish, now, `${user.credit_limit}->${next}`);
    deps.log.info({ userId: user.id, from: user.credit_limit, to: next }, 'credit limit raised');
  }
  return fin;
}
