/**
 * Web push (issue 41): each browser subscription a borrower gave consent for, under the session (the device) it was
 * made in, so a log-out removes the device's subscriptions and an ended session is never pushed to.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table push_subscriptions (
  id bigserial primary key,
  user_id bigint not null references users(id),
  session_id bigint not null references sessions(id),
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at bigint not null
);
create index push_subscriptions_user on push_subscriptions(user_id);
create index push_subscriptions_session on push_subscriptions(session_id);
`,
    )
    .execute(db);
}
