/** The proofs table: proofs of a bank transfer, pending until staff accept or reject them. */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';

export type ProofRow = Selectable<DB['proofs']>;

export const addProof = (db: Db, p: Insertable<DB['proofs']>): Promise<ProofRow> => db.insertInto('proofs').values(p).returningAll().executeTakeFirstOrThrow();

/** the order's proof made with this photo, if any */
export const proofOfPhoto = (db: Db, orderId: number, documentId: number): Promise<ProofRow | undefined> =>
  db.selectFrom('proofs').selectAll().where('order_id', '=', orderId).where('document_id', '=', documentId).executeTakeFirst();

export const proofsOf = (db: Db, orderId: number): Promise<ProofRow[]> =>
  db.selectFrom('proofs').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();

export const proofById = (db: Db, proofId: number): Promise<ProofRow | undefined> =>
  db.selectFrom('proofs').selectAll().where('id', '=', proofId).executeTakeFirst();

/** holds a transaction-scoped lock on a transaction reference: two proofs of one reference are checked one after the other */
export async function lockReference(trx: Db, reference: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`proof-ref:${reference.toUpperCase()}`}))`.execute(trx);
}

/** another proof of the same transaction reference (any order, any case) already accepted */
export const acceptedWithReference = (db: Db, reference: string, exceptId: number): Promise<ProofRow | undefined> =>
  db
    .selectFrom('proofs')
    .selectAll()
    .where(sql<string>`upper(reference)`, '=', reference.toUpperCase())
    .where('status', '=', 'accepted')
    .where('id', '<>', exceptId)
    .executeTakeFirst();

/** accepts or rejects a pending proof (by whom and why, when staff check it); undefined when it was not pending */
export const decideProof = (
  db: Db,
  proofId: number,
  accept: boolean,
  now: number,
  by?: { staffId: number; reason: string | null },
): Promise<ProofRow | undefined> =>
  db
    .updateTable('proofs')
    .set({ status: accept ? 'accepted' : 'rejected', checked_at: now, checked_by: by?.staffId ?? null, check_reason: by?.reason ?? null })
    .where('id', '=', proofId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
