/**
 * The cooling-off period (market profile, issue 29): for `coolingOffHours` after the payout the borrower
 * may withdraw from the loan by returning the principal only; every charge is reversed (ledger.ts
 * `withdrawalJournals`), the coupon the loan took goes back to the borrower and the order finishes
 * (`withdrawn`). The right stays on every loan paid out; what stops a withdrawal being a free loan
 * renewed at will is the wait before the next application (`reapplyAfterWithdrawalDays`, issue 38).
 * The hours and the wait are the order's terms: a loan keeps the rules it was taken under.
 */
import type { Db } from '../db';
import C from '../api/contract';
import { DAY_MS, HOUR_MS } from '../core/time';
import { withdrawalsOf, type OrderRow } from '../repos/orders';
import { addEvent } from '../repos/orderEvents';
import { lockUser, returnCardCoupon } from '../repos/users';
import type { Money } from './balances';
import { termsOf } from './figures';
import { accrue, book, withdrawalJournals } from './ledger';
import { moneyOf } from '../repos/ledger';
import { transition } from './lifecycle';

const { OrderStatus } = C;

/** the withdrawal open to order `o` at `now` (until when, the principal to return, the wait it starts), or null */
export function coolingOffOf(o: OrderRow, m: Money, now: number): { until: number; amount: number; reapplyDays: number | null } | null {
  const t = termsOf(o);
  if (t.coolingOffHours === null || !o.disbursed_at || o.status !== OrderStatus.Repaying || o.extension_count > 0) return null;
  const until = o.disbursed_at + t.coolingOffHours * HOUR_MS;
  // a part payment repays the principal first: what is left of it is returned
  return now < until && m.bal.principal > 0 ? { until, amount: m.bal.principal, reapplyDays: t.reapplyAfterWithdrawalDays } : null;
}

/** when a new application is open again after order `o` (its terms) was withdrawn at `at`: null when its terms set no wait */
export function reapplyAfterWithdrawal(o: Pick<OrderRow, 'terms'>, at: number): { at: number; days: number } | null {
  const days = termsOf(o).reapplyAfterWithdrawalDays;
  return days === null ? null : { at: at + days * DAY_MS, days };
}

/**
 * The wait still running at `now` after the borrower's cooling-off withdrawals (the latest end, with its
 * days), or null. Read in the application's transaction after its check that no loan is active, under
 * the borrower's lock that a withdrawal takes too: the two never pass each other.
 */
export async function withdrawalWait(db: Db, userId: number, now: number): Promise<{ at: number; days: number } | null> {
  let wait: { at: number; days: number } | null = null;
  for (const w of await withdrawalsOf(db, userId)) {
    const r = reapplyAfterWithdrawal(w, w.at);
    if (r && r.at > now && r.at > (wait?.at ?? 0)) wait = r;
  }
  return wait;
}

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
