/** Market profile (issue 29): risk-warning acknowledgements and complaint tickets, only ever added to (a ticket's status moves). */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';

export type ComplaintRow = Selectable<DB['complaints']>;

export const addAcknowledgement = (db: Db, userId: number, version: string, lang: string, at: number) =>
  db.insertInto('risk_acknowledgements').values({ user_id: userId, version, lang, at }).returningAll().executeTakeFirstOrThrow();

/** the borrower's first acknowledgement of `version`, or undefined */
export const acknowledgementOf = (db: Db, userId: number, version: string) =>
  db.selectFrom('risk_acknowledgements').selectAll().where('user_id', '=', userId).where('version', '=', version).orderBy('id').limit(1).executeTakeFirst();

export const addComplaint = (db: Db, row: Insertable<DB['complaints']>): Promise<ComplaintRow> =>
  db.insertInto('complaints').values(row).returningAll().executeTakeFirstOrThrow();

/** the borrower's tickets, newest first */
export const complaintsOf = (db: Db, userId: number): Promise<ComplaintRow[]> =>
  db.selectFrom('complaints').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
