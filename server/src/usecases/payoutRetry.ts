/**
 * A manual payout retry (maker-checker, issue 40: services/proposals.ts): an order whose payout failed (PayFail) gets a
 * NEW payout attempt through the rails (usecases/transfers.ts `newPayout`: a new reference), the order back to
 * Lending by the lifecycle event `payoutRetried`. Never two live payouts of one order: refused while one is in
 * flight (initiated, pending, unknown) or done, which the unique index `transfers_one_payout` also guarantees.
 */
import type { Db } from '../db';
import C from '../api/contract';
import { lockOrder, type OrderRow } from '../repos/orders';
import { livePayout } from '../repos/transfers';
import { transition } from './lifecycle';
import { newPayout, type Started } from './transfers';

const { OrderStatus } = C;

export type RetryRefusal = { refusal: 'noFailedPayout' | 'payoutInFlight' | 'noPayoutAccount'; error: string; reference?: string };

/** why the order's payout may not be retried now, or null (read again under the order's lock before the retry) */
export async function retryRefusal(db: Db, o: OrderRow): Promise<RetryRefusal | null> {
  const live = await livePayout(db, o.id);
  if (live)
    return live.state === 'succeeded'
      ? { refusal: 'noFailedPayout', error: `order ${o.order_no} was paid out (${live.reference})`, reference: live.reference }
      : { refusal: 'payoutInFlight', error: `payout ${live.reference} of order ${o.order_no} is ${live.state}`, reference: live.reference };
  if (o.status !== OrderStatus.PayFail) return { refusal: 'noFailedPayout', error: `order ${o.order_no} is at status ${o.status}, not a failed payout` };
  return null;
}

/** the last failed payout's reference of an order (what the maker saw), if any */
export const lastFailedPayout = async (db: Db, orderId: number): Promise<string | null> =>
  (
    await db
      .selectFrom('transfers')
      .select('reference')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'payout')
      .where('state', '=', 'failed')
      .orderBy('id', 'desc')
      .executeTakeFirst()
  )?.reference ?? null;

export type RetryOutcome = ({ ok: true } & Started) | ({ ok: false } & RetryRefusal);

/**
 * Under the order's lock, in the caller's transaction: the new attempt written (initiated) and the order moved to
 * Lending. The caller asks the provider (`sendTransfer`) once the transaction has committed; if it never does, the
 * status inquiry finds the attempt unknown to the provider and fails it as any other payout.
 */
export async function retryPayout(trx: Db, orderId: number, w: { note: string }, now: number): Promise<RetryOutcome> {
  const o = await lockOrder(trx, orderId);
  const refused = await retryRefusal(trx, o);
  if (refused) return { ok: false, ...refused };
  const started = await newPayout(trx, o, now);
  if (!started) return { ok: false, refusal: 'noPayoutAccount', error: `order ${o.order_no} has no account to pay out to` };
  const moved = await transition(trx, o, 'payoutRetried', now, { set: { fail_reason: null }, note: `${started.transfer.reference}: ${w.note}` });
  if (!moved) throw new Error(`order ${o.order_no}: retried from a status it is no longer in`);
  return { ok: true, ...started };
}
