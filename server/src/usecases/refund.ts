/**
 * Refunds of overpayment (maker-checker, issue 40): money taken above what was owed (`refundPayable`: an overpayment,
 * a transfer proof accepted on an order paid off since) given back. The approval posts the `refund` journal (Dr
 * `refundPayable`, Cr `refundOutgoing`) and a `refunds` row, status `due`, with the `reference` the payout rail sends it
 * by; when the rail has sent it, `refundSent` posts Dr `refundOutgoing`, Cr `cash` (docs/ledger.md "Refunds").
 * Both under the order's lock, in the caller's transaction.
 */
import type { Db } from '../db';
import { moneyOf } from '../repos/ledger';
import { addEvent } from '../repos/orderEvents';
import { lockOrder, touchOrder } from '../repos/orders';
import { refundableOf, refundJournal, refundSentJournal } from '../domain/ledger';
import { book } from './ledger';

export type RefundOutcome =
  | { ok: true; refundId: number; reference: string; amount: number; refundOwed: number }
  | { ok: false; refusal: 'nothingOwedBack' | 'aboveOwedBack'; error: string; max: number };

/** the reference the payout rail sends a refund by: one per proposal */
export const refundReference = (orderNo: string, proposalId: number) => `RF-${orderNo}-${proposalId}`;

export async function refundOrder(trx: Db, orderId: number, r: { amount: number; proposalId: number }, now: number): Promise<RefundOutcome> {
  const o = await lockOrder(trx, orderId);
  const m = await moneyOf(trx, o.id);
  const max = refundableOf(m);
  if (max === 0) return { ok: false, refusal: 'nothingOwedBack', error: `nothing is owed back on order ${o.order_no}`, max };
  if (r.amount > max) return { ok: false, refusal: 'aboveOwedBack', error: `at most ${max} is owed back on order ${o.order_no}`, max };
  const reference = refundReference(o.order_no, r.proposalId);
  const after = await book(trx, o, m, [refundJournal(m, r.amount, now, reference)]);
  const row = await trx
    .insertInto('refunds')
    .values({ order_id: o.id, proposal_id: r.proposalId, amount: r.amount, reference, status: 'due', created_at: now, sent_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await touchOrder(trx, o.id, now);
  await addEvent(trx, o.id, 'refunded', o.status, now, String(r.amount));
  return { ok: true, refundId: Number(row.id), reference, amount: r.amount, refundOwed: refundableOf(after) };
}

/**
 * The payout rail's confirmation that refund `reference` reached the borrower: `refundSent` posted, the refund `sent`.
 * Once: false when the refund is unknown or already sent.
 */
export async function refundSent(trx: Db, reference: string, now: number): Promise<boolean> {
  const f = await trx.selectFrom('refunds').selectAll().where('reference', '=', reference).executeTakeFirst();
  if (!f) return false;
  const o = await lockOrder(trx, f.order_id);
  const marked = await trx.updateTable('refunds').set({ status: 'sent', sent_at: now }).where('id', '=', f.id).where('status', '=', 'due').executeTakeFirst();
  if (!marked.numUpdatedRows) return false;
  const m = await moneyOf(trx, o.id);
  await book(trx, o, m, [refundSentJournal(m, f.amount, now, reference)]);
  return true;
}
