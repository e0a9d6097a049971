/**
 * Overdue penalty kept when an extension moves the due date.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table orders add column penalty_carried integer not null default 0;
`,
    )
    .execute(db);
}
