/** The card coupon (decisions.md): it comes off what the loan running when it is granted owes, else the next loan, once. */
import type { Db } from '../db';
import type { OrderRow } from '../repos/orders';
import { moneyOf } from '../repos/ledger';
import { addEvent } from '../repos/orderEvents';
import { takeCardCoupon } from '../repos/users';
import { couponJournal } from '../domain/ledger';
import { book } from './ledger';

/** the borrower's unused coupon taken off what `o` owes (a reduction); called at payout and when granted during a loan being repaid */
export async function applyCardCoupon(trx: Db, o: OrderRow, now: number): Promise<void> {
  const coupon = await takeCardCoupon(trx, o.user_id);
  if (coupon <= 0) return;
  const m = await moneyOf(trx, o.id);
  await book(trx, o, m, [couponJournal(m, coupon, now)]);
  await addEvent(trx, o.id, 'couponApplied', o.status, now, String(coupon));
}
