/**
 * The bank code of each account (from the bank list; an IBAN carries its own).
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table bank_cards add column bank_code text;
update bank_cards c set bank_code = b.code
  from (select (e->>'index')::int as idx, e->>'code' as code from content, jsonb_array_elements(body) e where key = 'banks' and lang = 'en') b
  where c.bank_index = b.idx and c.card_type <> 'IBAN';
`,
    )
    .execute(db);
}
