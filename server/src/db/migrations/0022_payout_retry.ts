/**
 * A manual payout retry by maker-checker (issue 40): a new proposal kind, `payoutRetry`, whose approval starts a
 * new payout attempt of an order whose payout failed.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table proposals drop constraint proposals_kind_check;
alter table proposals add constraint proposals_kind_check check (kind in ('waiver', 'refund', 'writeOff', 'payoutRetry'));
`,
    )
    .execute(db);
}
