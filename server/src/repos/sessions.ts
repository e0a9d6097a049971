/** The sessions table: login tokens, stored as keyed hashes; a new login revokes the others. */
import type { Db } from '../db';

/** a new session for the user, seen at `wallNow` (wall clock: the idle limit's); the user's other sessions end ('elsewhere') */
export async function openSessionRow(db: Db, userId: number, tokenHash: string, now: number, expiresAt: number, wallNow = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now, revoked_reason: 'elsewhere' })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt, revoked_at: null, revoked_reason: null, last_seen_at: wallNow })
      .execute();
  });
}

/** the token's session ended; its id (null: no such token) */
export async function revokeSession(db: Db, tokenHash: string, now: number, reason: string): Promise<number | null> {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('token_hash', '=', tokenHash)
    .returning('id')
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}

/** the id of a token's session */
export const sessionIdOf = async (db: Db, tokenHash: string): Promise<number | null> => {
  const r = await db.selectFrom('sessions').select('id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return r ? Number(r.id) : null;
};

/** the session of a token hash with its user's row */
export function sessionWithUser(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.revoked_at',
      'sessions.revoked_reason',
      'sessions.expires_at',
      'users.id',
      'users.mobile',
      'users.created_at',
      'users.credit_limit',
      'users.on_time_count',
      'users.first_name',
      'users.last_name',
      'users.data_deleted_at',
      'users.card_coupon',
      'users.card_coupon_granted',
      'users.verified_at',
      'users.lang',
      'users.notices_opt_out',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** the session was seen in a call at `wallNow` (wall clock) */
export async function sessionSeen(db: Db, sessionId: number, wallNow: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: wallNow }).where('id', '=', sessionId).execute();
}
