/** The card coupon (decisions.md): it comes off what the loan running when it is granted owes, else the next loan, once. */
import type { Db } from '../db';
import { reduceOrder, type OrderRow } from '../repos/orders';
import { addEvent } from '../repos/orderEvents';
import { takeCardCoupon } from '../repos/users';

/** the borrower's unused coupon taken off what `o` owes (a reduction); called at payout and when granted during a loan being repaid */
export async function applyCardCoupon(trx: Db, o: OrderRow, now: number): Promise<void> {
  const coupon = await takeCardCoupon(trx, o.user_id);
  if (coupon <= 0) return;
  await reduceOrder(trx, o.id, coupon);
  await addEvent(trx, o.id, 'couponApplied', o.status, now, String(coupon));
}
