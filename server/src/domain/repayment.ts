/** Money taken from the borrower for a loan: credited, finishing the loan when covered, raising the limit when on time. */
import type { Db } from '../db';
import type { Deps } from '../deps';
import { POLICY } from '../policy';
import C from '../contract';
import { record } from '../repos/ledger';
import { creditOrder, type OrderRow } from '../repos/orders';
import { transition } from './lifecycle';
import { addEvent } from '../repos/orderEvents';
import { recordOnTime, userById } from '../repos/users';
import { amountDue, orderFigures, penaltyFixedAt } from './figures';

const { OrderStatus } = C;

/**
 * Money taken from the borrower for this loan (a cashier payment or an accepted transfer): a
 * charge, the part that is owed credited to the order (in SQL, never old + x from a read), any
 * excess an explicit refund. Finishes the loan and raises the credit limit when it is covered.
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
  const credit = Math.min(amount, amountDue(o, now));
  await record(db, o, now, [
    { kind: 'charge', amount, ...ref },
    { kind: 'credit', amount: credit, ...ref },
    { kind: 'refund', amount: amount - credit, ...ref, note: amount > credit ? 'paid more than was due' : null },
  ]);
  const updated = await creditOrder(db, o.id, credit, now, penaltyFixedAt(o, now));
  await addEvent(db, o.id, 'repayment', o.status, now, String(credit));
  if (amountDue(updated, now) > 0) return updated;
  const wasOnTime = orderFigures(o, now).overdueDays === 0 && o.status === OrderStatus.Repaying;
  const fin = await transition(db, updated, 'finished', now, { set: { paid_off_at: now, penalty: orderFigures(o, now).overdueFee }, from: 'any' });
  if (!fin || !wasOnTime) return fin ?? updated;
  const user = await userById(db, o.user_id);
  const count = user.on_time_count + 1;
  const ladder = POLICY.creditLadder;
  let next = ladder[Math.min(count, ladder.length - 1)];
  if (POLICY.maxCreditLimit) next = Math.min(next, POLICY.maxCreditLimit);
  await recordOnTime(db, user, count, next, now);
  if (next > user.credit_limit) {
    await addEvent(db, o.id, 'limitRaised', OrderStatus.Finish, now, `${user.credit_limit}->${next}`);
    deps.log.info({ userId: user.id, from: user.credit_limit, to: next }, 'credit limit raised');
  }
  return fin;
}
