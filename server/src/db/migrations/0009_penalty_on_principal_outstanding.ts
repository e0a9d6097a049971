/**
 * The penalty on the principal still outstanding: principal repaid, and the penalty fixed at each payment.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table orders add column principal_paid integer not null default 0;
alter table orders add column penalty_settled integer not null default 0;
alter table orders add column penalty_days integer not null default 0;
update orders set principal_paid = least(amount, amount_paid);
`,
    )
    .execute(db);
}
