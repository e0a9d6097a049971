/**
 * Agreements to the device permissions (each kept, with its version and time).
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table consents (
  id bigserial primary key,
  user_id bigint not null references users(id),
  version text not null,
  permissions jsonb not null,
  agreed_at bigint not null
);
create index consents_user on consents(user_id, agreed_at);
`,
    )
    .execute(db);
}
