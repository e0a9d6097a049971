/** The proofs table: proofs of a bank transfer, pending until staff accept or reject them. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';

export type ProofRow = Selectable<DB['proofs']>;

export const addProof = (db: Db, p: Insertable<DB['proofs']>): Promise<ProofRow> => db.insertInto('proofs').values(p).returningAll().executeTakeFirstOrThrow();

/** the order's proof made with this photo, if any */
export const proofOfPhoto = (db: Db, orderId: number, documentId: number): Promise<ProofRow | undefined> =>
  db.selectFrom('proofs').selectAll().where('order_id', '=', orderId).where('document_id', '=', documentId).executeTakeFirst();

export const proofsOf = (db: Db, orderId: number): Promise<ProofRow[]> =>
  db.selectFrom('proofs').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();

export async function proofOrderId(db: Db, proofId: number): Promise<number | undefined> {
  return (await db.selectFrom('proofs').select('order_id').where('id', '=', proofId).executeTakeFirst())?.order_id;
}

/** accepts or rejects a pending proof; undefined when it was not pending */
export const decideProof = (db: Db, proofId: number, accept: boolean, now: number): Promise<ProofRow | undefined> =>
  db
    .updateTable('proofs')
    .set({ status: accept ? 'accepted' : 'rejected', checked_at: now })
    .where('id', '=', proofId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
