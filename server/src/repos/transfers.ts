/**
 * The transfers table: each payout, collection and refund attempt through the rails, its reference unique, its
 * state moved only forward (initiated -> pending | unknown -> succeeded | failed); the settlement files read and the
 * exceptions the reconciliation found. At most one payout of an order, one collection of a payment and one transfer
 * of a refund that has not failed (unique indexes, migrations 19 and 28): an order is never paid out twice.
 */
import crypto from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB, TransferKind, TransferState } from '../db/schema';
import { z } from 'zod';
import { jsonb, parseJson } from '../db/json';

export type TransferRow = Selectable<DB['transfers']>;
export type { TransferKind, TransferState };

/** the rail that moves a transfer of this kind: money in by the collect rail, out (a payout, a refund) by the disburse rail */
export const railOf = (kind: TransferKind): 'collect' | 'disburse' => (kind === 'collection' ? 'collect' : 'disburse');
export const OPEN_STATES: readonly TransferState[] = ['initiated', 'pending', 'unknown'];
export const isFinal = (s: TransferState) => s === 'succeeded' || s === 'failed';

/** a new attempt's reference: `prefix` (PO payout, CO collection) and 16 hex digits */
export const newReference = (prefix: 'PO' | 'CO') => `${prefix}${crypto.randomBytes(8).toString('hex').toUpperCase()}`;

/** what names a new attempt; the rest is how every attempt starts: initiated, nothing heard from the provider yet */
export type NewTransfer = Pick<Insertable<DB['transfers']>, 'reference' | 'kind' | 'order_id' | 'payment_id' | 'refund_id' | 'amount' | 'account_masked'>;

export const addTransfer = (db: Db, t: NewTransfer, now: number): Promise<TransferRow> =>
  db
    .insertInto('transfers')
    .values({
      ...t,
      state: 'initiated',
      provider_ref: null,
      provider_at: null,
      fail_reason: null,
      created_at: now,
      updated_at: now,
      inquired_at: null,
      settlement_file: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const transferByReference = (db: Db, reference: string): Promise<TransferRow | undefined> =>
  db.selectFrom('transfers').selectAll().where('reference', '=', reference).executeTakeFirst();

export const transferById = (db: Db, id: number): Promise<TransferRow> => db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** the transfer locked for this transaction (the caller holds its order's lock first) */
export const lockTransfer = (trx: Db, id: number): Promise<TransferRow> =>
  trx.selectFrom('transfers').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();

/** the order's payout that has not failed (in flight or done), if any */
export const livePayout = (db: Db, orderId: number): Promise<TransferRow | undefined> =>
  db.selectFrom('transfers').selectAll().where('order_id', '=', orderId).where('kind', '=', 'payout').where('state', '<>', 'failed').executeTakeFirst();

/**
 * Refunds approved and due with no transfer that has not failed (approved before refunds went by the rail, or with
 * no account then), oldest first; `id`: that one only, if it still is.
 */
export const refundsWithoutTransfer = (db: Db, f: { limit: number; id?: number }) =>
  db
    .selectFrom('refunds as f')
    .select(['f.id', 'f.order_id', 'f.reference', 'f.amount'])
    .where('f.status', '=', 'due')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('transfers as t').select('t.id').whereRef('t.refund_id', '=', 'f.id').where('t.state', '<>', 'failed'))),
    )
    .$if(f.id !== undefined, (q) => q.where('f.id', '=', f.id!))
    .orderBy('f.id')
    .limit(f.limit)
    .execute();

/** the payment's collection that has not failed, if any */
export const liveCollection = (db: Db, paymentId: number): Promise<TransferRow | undefined> =>
  db.selectFrom('transfers').selectAll().where('payment_id', '=', paymentId).where('state', '<>', 'failed').executeTakeFirst();

/** does a collection of this order wait for the provider's result? */
export const collectionInFlight = async (db: Db, orderId: number): Promise<boolean> =>
  !!(await db
    .selectFrom('transfers')
    .select('id')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'collection')
    .where('state', 'in', OPEN_STATES)
    .executeTakeFirst());

export async function moveTransfer(trx: Db, id: number, set: Partial<Omit<TransferRow, 'id' | 'reference' | 'kind' | 'order_id' | 'payment_id' | 'amount'>>) {
  await trx.updateTable('transfers').set(set).where('id', '=', id).execute();
}

/** transfers without a result whose last word is older than `before` (the status inquiry's queue), oldest first */
export const unanswered = (db: Db, before: number, limit: number): Promise<TransferRow[]> =>
  db
    .selectFrom('transfers')
    .selectAll()
    .where('state', 'in', OPEN_STATES)
    .where((eb) => eb(eb.fn.coalesce('inquired_at', 'updated_at'), '<=', before))
    .orderBy('updated_at')
    .limit(limit)
    .execute();

export const noteInquiry = (db: Db, id: number, now: number) =>
  db
    .updateTable('transfers')
    .set((eb) => ({ inquired_at: now, inquiries: eb('inquiries', '+', 1) }))
    .where('id', '=', id)
    .execute();

/** failed and unknown payouts (and collections), newest first: the operations list */
export function troubledTransfers(db: Db, states: TransferState[], limit: number) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select([
      't.reference',
      't.kind',
      't.amount',
      't.account_masked',
      't.state',
      't.fail_reason',
      't.provider_ref',
      't.created_at',
      't.updated_at',
      't.inquiries',
      'o.order_no',
      'o.status as order_status',
    ])
    .where('t.state', 'in', states)
    .orderBy('t.updated_at', 'desc')
    .limit(limit)
    .execute();
}

// --- reconciliation ---

export const fileRead = (db: Db, name: string) => db.selectFrom('settlement_files').select('name').where('name', '=', name).executeTakeFirst();
export const addSettlementFile = (db: Db, f: Selectable<DB['settlement_files']>) => db.insertInto('settlement_files').values(f).execute();
export const lastPeriodEnd = async (db: Db): Promise<number | null> =>
  (
    await db
      .selectFrom('settlement_files')
      .select((eb) => eb.fn.max('period_end').as('end'))
      .executeTakeFirst()
  )?.end ?? null;

export const fileTransfer = (db: Db, id: number, file: string) => db.updateTable('transfers').set({ settlement_file: file }).where('id', '=', id).execute();

/** succeeded transfers the provider says moved before `end` (a file's cut-off, to the second) that no file has listed */
export const unfiled = (db: Db, end: number): Promise<TransferRow[]> =>
  db.selectFrom('transfers').selectAll().where('state', '=', 'succeeded').where('settlement_file', 'is', null).where('provider_at', '<', end).execute();

export type ExceptionKind = DB['rail_exceptions']['kind'];
/** one exception per kind and reference: found again, it is not added twice */
export const addException = (
  db: Db,
  e: { kind: ExceptionKind; reference: string; transferId: number | null; file: string | null; evidence: object; now: number },
) =>
  db
    .insertInto('rail_exceptions')
    .values({ kind: e.kind, reference: e.reference, transfer_id: e.transferId, file: e.file, evidence: jsonb(e.evidence), created_at: e.now })
    .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
    .execute();

const Evidence = z.record(z.string(), z.unknown());
/** the exceptions, newest first, their evidence parsed */
export async function listExceptions(db: Db, limit: number) {
  const rows = await db.selectFrom('rail_exceptions').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, evidence: parseJson(Evidence, r.evidence, `rail_exceptions.evidence of row ${r.id}`) }));
}
