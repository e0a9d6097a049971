/** The cooling-off withdrawal written, and the wait it starts read (the rules: domain/coolingOff.ts). */
import type { Db } from '../db';
import { waitAfter } from '../domain/coolingOff';
import { withdrawalJournals } from '../domain/ledger';
import { withdrawalsOf, type OrderRow } from '../repos/orders';
import { addEvent } from '../repos/orderEvents';
import { moneyOf } from '../repos/ledger';
import { lockUser, returnCardCoupon } from '../repos/users';
import { accrue, book } from './ledger';
import { transition } from './lifecycle';

/**
 * The wait still running at `now` after the borrower's cooling-off withdrawals, or null. Read in the
 * application's transaction after its check that no loan is active, under the borrower's lock that a
 * withdrawal takes too: the two never pass each other.
 */
export const withdrawalWait = async (db: Db, userId: number, now: number) => waitAfter(await withdrawalsOf(db, userId), now);

/**
 * The withdrawal paid (`paymentId`, the principal left): the ledger accrued to now, every charge reversed
 * and the principal repaid (ledger.ts `withdrawalJournals`), the coupon the loan took given back, the
 * order finished by `withdrawn`. The caller holds the order's lock and checked the withdrawal is still
 * open (`coolingOffOf`).
 */
export async function takeWithdrawal(db: Db, o: OrderRow, paymentId: number, now: number): Promise<OrderRow> {
  // the borrower's lock (as an application takes it): an application waits for this withdrawal, then sees it
  await lockUser(db, o.user_id);
  const m = await accrue(db, o, await moneyOf(db, o.id), now);
  await book(db, o, m, withdrawalJournals(m, now, paymentId));
  const done = await transition(db, o, 'withdrawn', now, { set: { paid_off_at: now }, note: 'cooling-off: principal returned, no charges' });
  if (!done) throw new Error(`order ${o.id}: withdrawn from a status it is no longer in`);
  // the coupon's reduction was reversed with the charges: unused again, it comes off the next loan
  const coupon = -m.bal.coupon;
  if (coupon > 0) {
    await returnCardCoupon(db, o.user_id, coupon);
    await addEvent(db, o.id, 'couponReturned', done.status, now, String(coupon));
  }
  return done;
}
