/**
 * The money ledger: every disbursal, charge, credit, fee and refund is an append-only row, written
 * in the same transaction as the state change it pays for, while that order's row is locked.
 * Invariants (checked by `ledgerTotals` in the tests after every money scenario):
 *   charged == credited + fees + refunds, credited == orders.amount_paid, credited <= what was owed.
 */
import type { Db } from '../db';
import type { LedgerKind } from '../db/schema';
import type { OrderRow } from './orders';

export interface LedgerEntry {
  kind: LedgerKind;
  amount: number;
  paymentId?: number | null;
  proofId?: number | null;
  note?: string | null;
}

export async function record(trx: Db, o: Pick<OrderRow, 'id' | 'user_id'>, now: number, entries: LedgerEntry[]): Promise<void> {
  const rows = entries
    .filter((e) => e.amount > 0)
    .map((e) => ({
      order_id: o.id,
      user_id: o.user_id,
      kind: e.kind,
      amount: e.amount,
      payment_id: e.paymentId ?? null,
      proof_id: e.proofId ?? null,
      at: now,
      note: e.note ?? null,
    }));
  if (rows.length) await trx.insertInto('ledger').values(rows).execute();
}

export type LedgerTotals = Record<LedgerKind, number>;

export async function ledgerTotals(db: Db, orderId: number): Promise<LedgerTotals> {
  const rows = await db
    .selectFrom('ledger')
    .select(['kind'])
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('order_id', '=', orderId)
    .groupBy('kind')
    .execute();
  const t: LedgerTotals = { disbursal: 0, charge: 0, credit: 0, fee: 0, refund: 0 };
  for (const r of rows) t[r.kind] = Number(r.total);
  return t;
}
