/** The staff and staff_sessions tables (operations staff, apart from borrowers). Times are wall-clock ms. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';

export type StaffRow = Selectable<DB['staff']>;
export type StaffSessionRow = Selectable<DB['staff_sessions']>;

export const staffByUsername = (db: Db, username: string): Promise<StaffRow | undefined> =>
  db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();

export const staffById = (db: Db, id: number): Promise<StaffRow | undefined> => db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();

export const listStaff = (db: Db): Promise<StaffRow[]> => db.selectFrom('staff').selectAll().orderBy('id').execute();

export const addStaff = (db: Db, s: Insertable<DB['staff']>): Promise<StaffRow> => db.insertInto('staff').values(s).returningAll().executeTakeFirstOrThrow();

/** counts a failed sign-in in one statement (two at once both count) and sets the lock the rule decided */
export async function recordFailure(db: Db, id: number, next: (failedBefore: number) => { failedCount: number; lockedUntil: number | null }) {
  // read and write under the row's lock: the rule (pure) decides from the count it saw
  return db.transaction().execute(async (trx) => {
    const s = await trx.selectFrom('staff').select(['failed_count', 'locked_until']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const n = next(s.failed_count);
    await trx
      .updateTable('staff')
      .set({ failed_count: n.failedCount, locked_until: n.lockedUntil ?? s.locked_until })
      .where('id', '=', id)
      .execute();
    return n;
  });
}

/** a successful sign-in: the count cleared, the code's time step used up (only if no one used it meanwhile) */
export async function recordSuccess(db: Db, id: number, totpStep: number): Promise<boolean> {
  const r = await db
    .updateTable('staff')
    .set({ failed_count: 0, locked_until: null, totp_last_step: totpStep })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', totpStep)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const unlockStaff = (db: Db, id: number) => db.updateTable('staff').set({ failed_count: 0, locked_until: null }).where('id', '=', id).execute();

export const setPassword = (db: Db, id: number, passwordHash: string) =>
  db.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', id).execute();

export async function disableStaff(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('staff').set({ disabled_at: now }).where('id', '=', id).where('disabled_at', 'is', null).execute();
  await endSessionsOf(db, id, now, 'disabled');
}

export const openStaffSession = (db: Db, staffId: number, tokenHash: string, now: number, expiresAt: number) =>
  db.insertInto('staff_sessions').values({ staff_id: staffId, token_hash: tokenHash, created_at: now, last_seen_at: now, expires_at: expiresAt }).execute();

/** the session of a token hash with its staff member */
export const staffSession = (db: Db, tokenHash: string) =>
  db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff', 'staff.id', 's.staff_id')
    .select([
      's.id as session_id',
      's.last_seen_at',
      's.expires_at',
      's.ended_at',
      's.ended_reason',
      'staff.id',
      'staff.username',
      'staff.name',
      'staff.role',
      'staff.disabled_at',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const touchStaffSession = (db: Db, sessionId: number, now: number) =>
  db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();

export const endStaffSession = (db: Db, sessionId: number, now: number, reason: string) =>
  db.updateTable('staff_sessions').set({ ended_at: now, ended_reason: reason }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();

export const endSessionsOf = (db: Db, staffId: number, now: number, reason: string) =>
  db.updateTable('staff_sessions').set({ ended_at: now, ended_reason: reason }).where('staff_id', '=', staffId).where('ended_at', 'is', null).execute();
