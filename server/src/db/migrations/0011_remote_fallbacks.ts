/**
 * Phones' reports of a remote's release that failed to load: one row per release and reporter (user or address, keyed hash).
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table remote_fallbacks (
  remote text not null,
  version text not null,
  reporter text not null,
  reports integer not null,
  first_at bigint not null,
  last_at bigint not null,
  primary key (remote, version, reporter)
);
create index remote_fallbacks_last on remote_fallbacks (last_at);
create index remote_fallbacks_reporter on remote_fallbacks (reporter, last_at);
`,
    )
    .execute(db);
}
