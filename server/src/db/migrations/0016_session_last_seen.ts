/**
 * A session ends after SESSION_IDLE_DAYS without a call (issue 38): the wall-clock ms of the last call seen,
 * written at most every POLICY.sessionSeenWriteMs.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table sessions add column last_seen_at bigint;`).execute(db);
}
