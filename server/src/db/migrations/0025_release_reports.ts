/**
 * Phones' reports of a remote's release grow from fallbacks to crashes and starts (issue 42): the table of
 * remote_fallbacks becomes release_reports, one row per release and reporter (a signed-in borrower, else the phone's
 * device id, else the address: keyed hashes), counting each kind; a device's row keeps its address's keyed hash, by
 * which the devices one address may count as are bounded (domain/releaseReports.ts).
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table remote_fallbacks rename to release_reports;
alter table release_reports rename column reports to fallbacks;
alter table release_reports alter column fallbacks set default 0;
alter table release_reports add column crashes integer not null default 0;
alter table release_reports add column starts integer not null default 0;
alter table release_reports add column crashed_at bigint;
alter table release_reports add column address text;
update release_reports set crashed_at = last_at where fallbacks > 0;
alter index remote_fallbacks_last rename to release_reports_last;
alter index remote_fallbacks_reporter rename to release_reports_reporter;
create index release_reports_address on release_reports (remote, version, address);
`,
    )
    .execute(db);
}
