/**
 * The cooling-off period (market profile, issue 29): for `coolingOffHours` after the payout the borrower
 * may withdraw from the loan by returning the principal only; every charge is reversed (ledger.ts
 * `withdrawalJournals`) and the order finishes (`withdrawn`). The hours are the order's terms: a loan
 * keeps the rule it was taken under.
 */
import type { Db } from '../db';
import C from '../api/contract';
import { HOUR_MS } from '../core/time';
import type { OrderRow } from '../repos/orders';
import type { Money } from './balances';
import { termsOf } from './figures';
import { withdrawalJournals } from './ledger';
import { accrue, book } from '../usecases/ledger';
import { moneyOf } from '../repos/ledger';
import { transition } from '../usecases/lifecycle';

const { OrderStatus } = C;

/** the withdrawal open to order `o` at `now` (until when, the principal to return), or null */
export function coolingOffOf(o: OrderRow, m: Money, now: number): { until: number; amount: number } | null {
  const hours = termsOf(o).coolingOffHours;
  if (hours === null || !o.disbursed_at || o.status !== OrderStatus.Repaying || o.extension_count > 0) return null;
  const until = o.disbursed_at + hours * HOUR_MS;
  // a part payment repays the principal first: what is left of it is returned
  return now < until && m.bal.principal > 0 ? { until, amount: m.bal.principal } : null;
}

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
