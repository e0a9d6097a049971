/**
 * The cooling-off period (market profile, issue 29): for `coolingOffHours` after the payout the borrower
 * may withdraw from the loan by returning the principal only; every charge is reversed (ledger.ts
 * `withdrawalJournals`), the coupon the loan took goes back to the borrower and the order finishes
 * (`withdrawn`). The right stays on every loan paid out; what stops a withdrawal being a free loan
 * renewed at will is the wait before the next application (`reapplyAfterWithdrawalDays`, issue 38).
 * The hours and the wait are the order's terms: a loan keeps the rules it was taken under. The
 * withdrawal itself, and the wait read from the borrower's withdrawals, are usecases/coolingOff.ts.
 */
import C from '../api/contract';
import { DAY_MS, HOUR_MS } from '../core/time';
import type { OrderFacts } from './order';
import type { Money } from './balances';
import { termsOf } from './figures';

const { OrderStatus } = C;

/** the withdrawal open to order `o` at `now` (until when, the principal to return, the wait it starts), or null */
export function coolingOffOf(o: OrderFacts, m: Money, now: number): { until: number; amount: number; reapplyDays: number | null } | null {
  const t = termsOf(o);
  if (t.coolingOffHours === null || !o.disbursed_at || o.status !== OrderStatus.Repaying || o.extension_count > 0) return null;
  const until = o.disbursed_at + t.coolingOffHours * HOUR_MS;
  // a part payment repays the principal first: what is left of it is returned
  return now < until && m.bal.principal > 0 ? { until, amount: m.bal.principal, reapplyDays: t.reapplyAfterWithdrawalDays } : null;
}

/** when a new application is open again after order `o` (its terms) was withdrawn at `at`: null when its terms set no wait */
export function reapplyAfterWithdrawal(o: Pick<OrderFacts, 'terms'>, at: number): { at: number; days: number } | null {
  const days = termsOf(o).reapplyAfterWithdrawalDays;
  return days === null ? null : { at: at + days * DAY_MS, days };
}

/** the wait still running at `now` after these withdrawals (each order's terms and when it was withdrawn): the latest end, or null */
export function waitAfter(withdrawals: readonly (Pick<OrderFacts, 'terms'> & { at: number })[], now: number): { at: number; days: number } | null {
  let wait: { at: number; days: number } | null = null;
  for (const w of withdrawals) {
    const r = reapplyAfterWithdrawal(w, w.at);
    if (r && r.at > now && r.at > (wait?.at ?? 0)) wait = r;
  }
  return wait;
}
