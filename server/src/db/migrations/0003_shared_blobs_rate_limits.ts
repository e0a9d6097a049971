/**
 * Shared blobs and rate limits (several API instances on one PostgreSQL).
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table blobs (
  key text primary key,
  user_id bigint not null,
  data bytea not null,
  created_at bigint not null
);
create table rate_hits (
  key text primary key,
  n integer not null,
  reset_at bigint not null
);
create index rate_hits_reset on rate_hits (reset_at);
`,
    )
    .execute(db);
}
