/**
 * Keyed hashes beside values encrypted at rest.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table bank_cards add column account_index text;
create index bank_cards_account_index on bank_cards (account_index);
alter table profiles add column national_id_index text;
create index profiles_national_id_index on profiles (national_id_index);
`,
    )
    .execute(db);
}
