/** The cooling-off withdrawal written (the rule of when it is open: domain/coolingOff.ts). */
import type { Db } from '../db';
import { withdrawalJournals } from '../domain/ledger';
import type { OrderRow } from '../repos/orders';
import { moneyOf } from '../repos/ledger';
import { accrue, book } from './ledger';
import { transition } from './lifecycle';

/**
 * The withdrawal paid (`paymentId`, the principal left): the ledger accrued to now, every charge reversed
 * and the principal repaid (ledger.ts `withdrawalJournals`), the order finished by `withdrawn`. The
 * caller holds the order's lock and checked the withdrawal is still open (`coolingOffOf`).
 */
export async function takeWithdrawal(db: Db, o: OrderRow, paymentId: number, now: number): Promise<OrderRow> {
  const m = await accrue(db, o, await moneyOf(db, o.id), now);
  await book(db, o, m, withdrawalJournals(m, now, paymentId));
  const done = await transition(db, o, 'withdrawn', now, { set: { paid_off_at: now }, note: 'cooling-off: principal returned, no charges' });
  if (!done) throw new Error(`order ${o.id}: withdrawn from a status it is no longer in`);
  return done;
}
