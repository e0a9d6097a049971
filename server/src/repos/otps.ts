/** The otps table: one-time codes, stored as keyed hashes, per mobile and purpose. */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';

export type OtpRow = Selectable<DB['otps']>;

/**
 * Runs `fn` in one transaction holding this number's advisory lock: the per-number limits are read
 * and the code written by one request at a time, on any instance (never read-then-write across requests).
 */
export const underNumberLock = <T>(db: Db, mobile: string, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${mobile}`}, 0))`.execute(trx);
    return fn(trx);
  });

/** when the last code of this purpose to this mobile was created */
export async function lastSentAt(db: Db, mobile: string, purpose: string): Promise<number | undefined> {
  return (
    await db
      .selectFrom('otps')
      .select(['created_at'])
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.created_at;
}

/** when each code of these purposes created for this mobile after `since` was, the oldest first */
export async function sentTimesSince(db: Db, mobile: string, purposes: readonly string[], since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('otps')
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('purpose', 'in', purposes)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => Number(r.created_at));
}

/** a new code, which replaces the unused ones for the same purpose */
export async function replaceCodes(db: Db, otp: Insertable<DB['otps']>): Promise<void> {
  await db
    .updateTable('otps')
    .set({ used_at: otp.created_at })
    .where('mobile', '=', otp.mobile)
    .where('purpose', '=', otp.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db.insertInto('otps').values(otp).execute();
}

/** the newest unused code for this mobile and purpose */
export const currentCode = (db: Db, mobile: string, purpose: string): Promise<OtpRow | undefined> =>
  db
    .selectFrom('otps')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** counts a wrong try; the tries so far */
export async function addWrongTry(db: Db, id: number): Promise<number | undefined> {
  return (
    await db
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirst()
  )?.attempts;
}

/** uses the code once, unless locked meanwhile (fewer than maxTries tries); false when it was not usable */
export async function useCode(db: Db, id: number, now: number, maxTries: number): Promise<boolean> {
  const r = await db
    .updateTable('otps')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
