/**
 * The cooling-off period (market profile, issue 29): for `coolingOffHours` after the payout the borrower
 * may withdraw from the loan by returning the principal only; every charge is reversed (ledger.ts
 * `withdrawalJournals`) and the order finishes (`withdrawn`). The hours are the order's terms: a loan
 * keeps the rule it was taken under. The withdrawal itself is written by usecases/coolingOff.ts.
 */
import C from '../api/contract';
import { HOUR_MS } from '../core/time';
import type { OrderFacts } from './order';
import type { Money } from './balances';
import { termsOf } from './figures';

const { OrderStatus } = C;

/** the withdrawal open to order `o` at `now` (until when, the principal to return), or null */
export function coolingOffOf(o: OrderFacts, m: Money, now: number): { until: number; amount: number } | null {
  const hours = termsOf(o).coolingOffHours;
  if (hours === null || !o.disbursed_at || o.status !== OrderStatus.Repaying || o.extension_count > 0) return null;
  const until = o.disbursed_at + hours * HOUR_MS;
  // a part payment repays the principal first: what is left of it is returned
  return now < until && m.bal.principal > 0 ? { until, amount: m.bal.principal } : null;
}
