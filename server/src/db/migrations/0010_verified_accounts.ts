/**
 * Money goes only to verified accounts: when the borrower last proved the registered number, and each account.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table users add column verified_at bigint;
alter table bank_cards add column verified_at bigint;
create index audit_log_account_notices on audit_log ((detail->>'userId'), at) where kind = 'account.changed';
`,
    )
    .execute(db);
}
