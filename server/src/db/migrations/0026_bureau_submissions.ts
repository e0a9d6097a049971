/**
 * The credit bureau's monthly file (issue 41): one submission per month, its file as sent, the totals it carried
 * and the ledger's at the month's end, and the bureau's answer; a record the bureau rejected, a file it rejected
 * and a file held because its totals were not the ledger's are exceptions for operations beside the rails'.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table bureau_submissions (
  period text primary key,
  reference text not null unique,
  state text not null check (state in ('held', 'sending', 'accepted', 'partial', 'rejected')),
  file text not null,
  totals jsonb not null,
  ledger jsonb not null,
  answer jsonb,
  created_at bigint not null,
  attempt_at bigint not null,
  attempts integer not null default 0,
  answered_at bigint
);
alter table rail_exceptions drop constraint rail_exceptions_kind_check;
alter table rail_exceptions add constraint rail_exceptions_kind_check
  check (kind in ('missing', 'extra', 'amount', 'conflict', 'bureauTotals', 'bureauRecord', 'bureauFile'));
`,
    )
    .execute(db);
}
