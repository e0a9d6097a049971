/** The documents table: the borrower's stored photos (ID sides, face, proofs of repayment); files behind Storage. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import type { Res } from '../api/calls';

export type DocumentKind = Res<'uploadCurpFront'>['kind'];
export type DocumentRow = Selectable<DB['documents']>;

export async function documentKinds(db: Db, userId: number): Promise<Set<string>> {
  return new Set((await db.selectFrom('documents').select('kind').where('user_id', '=', userId).execute()).map((d) => d.kind));
}

/** the user's photos of `kind`, oldest first; for proofs and complaint photos only those not attached to a proof or complaint */
export function replaceable(db: Db, userId: number, kind: DocumentKind) {
  return db
    .selectFrom('documents')
    .select(['id', 'storage_key', 'size'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where((eb) =>
      kind === 'repayProof'
        ? eb.not(eb.exists(eb.selectFrom('proofs').select('proofs.id').whereRef('proofs.document_id', '=', 'documents.id')))
        : kind === 'complaint'
          ? eb.not(eb.exists(eb.selectFrom('complaints').select('complaints.id').whereRef('complaints.document_id', '=', 'documents.id')))
          : eb.lit(true),
    )
    .orderBy('id')
    .execute();
}

/** bytes of all the user's stored photos */
export async function storedBytes(db: Db, userId: number): Promise<number> {
  const kept = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.sum<number>('size').as('bytes'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(kept?.bytes ?? 0);
}

/** a new photo in place of `replaced` (ids), in one transaction */
export function replaceDocuments(db: Db, replaced: number[], doc: Insertable<DB['documents']>): Promise<DocumentRow> {
  return db.transaction().execute(async (trx) => {
    if (replaced.length) await trx.deleteFrom('documents').where('id', 'in', replaced).execute();
    return trx.insertInto('documents').values(doc).returningAll().executeTakeFirstOrThrow();
  });
}

/** the user's latest photo of one of `kinds` */
export const latestDocument = (db: Db, userId: number, kinds: string[]): Promise<DocumentRow | undefined> =>
  db.selectFrom('documents').selectAll().where('user_id', '=', userId).where('kind', 'in', kinds).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** the user's ID photos (not proofs nor complaint photos) */
export const idDocuments = (db: Db, userId: number) =>
  db.selectFrom('documents').select(['id', 'kind', 'created_at']).where('user_id', '=', userId).where('kind', 'not in', ['repayProof', 'complaint']).execute();

/** the user's complaint photo with this id */
export const complaintPhoto = (db: Db, userId: number, id: number) =>
  db.selectFrom('documents').select('id').where('id', '=', id).where('user_id', '=', userId).where('kind', '=', 'complaint').executeTakeFirst();

/** the user's proof photo with this id */
export const proofPhoto = (db: Db, userId: number, id: number) =>
  db.selectFrom('documents').select('id').where('id', '=', id).where('user_id', '=', userId).where('kind', '=', 'repayProof').executeTakeFirst();
