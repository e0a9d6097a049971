/**
 * Refunds of overpayment (maker-checker, issue 40): money taken above what was owed (`refundPayable`: an overpayment,
 * a transfer proof accepted on an order paid off since) given back. The approval posts the `refund` journal (Dr
 * `refundPayable`, Cr `refundOutgoing`) and a `refunds` row, status `due`, with the `reference` the payout rail sends it
 * by (usecases/transfers.ts `newRefund`); when the rail has sent it, `refundSent` posts Dr `refundOutgoing`, Cr `cash`;
 * when the rail fails it, `refundReturned` posts it back to `refundPayable`, owed back again for a new proposal
 * (docs/ledger.md "Refunds"). Each under the order's lock, in the caller's transaction.
 */
import type { Db } from '../db';
import { moneyOf } from '../repos/ledger';
import { addEvent } from '../repos/orderEvents';
import { lockOrder, touchOrder, type OrderRow } from '../repos/orders';
import { refundableOf, refundJournal, refundReturnedJournal, refundSentJournal } from '../domain/ledger';
import { book } from './ledger';

export type RefundOutcome =
  | { ok: true; refundId: number; reference: string; amount: number; refundOwed: number; order: OrderRow }
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
  return { ok: true, refundId: Number(row.id), reference, amount: r.amount, refundOwed: refundableOf(after), order: o };
}

type RefundRow = { id: number; order_id: number; amount: number; reference: string; status: 'due' | 'sent' | 'failed' };

const refundById = (db: Db, id: number): Promise<RefundRow> =>
  db.selectFrom('refunds').select(['id', 'order_id', 'amount', 'reference', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

/**
 * The rail's result for a due refund of order `o` (locked by the caller, with the refund's transfer): sent
 * (`refundSent`: the money left) or failed (`refundReturned`: owed back again; the reason stays on the transfer).
 */
export async function refundSettled(trx: Db, o: OrderRow, refundId: number, outcome: 'sent' | 'failed', now: number) {
  const f = await refundById(trx, refundId);
  if (f.status !== 'due') throw new Error(`refund ${f.reference} is ${f.status}, not due`);
  await trx
    .updateTable('refunds')
    .set(outcome === 'sent' ? { status: 'sent', sent_at: now } : { status: 'failed' })
    .where('id', '=', f.id)
    .execute();
  const m = await moneyOf(trx, o.id);
  await book(trx, o, m, [(outcome === 'sent' ? refundSentJournal : refundReturnedJournal)(m, f.amount, now, f.reference)]);
  await touchOrder(trx, o.id, now);
}
