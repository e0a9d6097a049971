/**
 * The card coupon: granted once, taken off the next loan.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table users add column card_coupon integer not null default 0;
alter table users add column card_coupon_granted boolean not null default false;
`,
    )
    .execute(db);
}
