/**
 * SMS through a gateway and the borrower's notices (issue 41): each text sent (the gateway's message id, its
 * delivery report), each notice the borrower must know (once per order, kind and key: a unique index), the
 * borrower's language and their opt-out of texted notices.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table users add column lang text not null default 'en' check (lang in ('en', 'ur'));
alter table users add column notices_opt_out boolean not null default false;
create table sms_messages (
  id bigserial primary key,
  message_id text not null unique,
  purpose text,
  to_masked text,
  ref text,
  state text not null check (state in ('submitted', 'delivered', 'undelivered')),
  status text,
  sent_at bigint,
  reported_at bigint
);
create index sms_messages_undelivered on sms_messages(reported_at) where state = 'undelivered';
create table notices (
  id bigserial primary key,
  user_id bigint not null references users(id),
  order_id bigint not null references orders(id),
  kind text not null,
  key text not null,
  params jsonb not null,
  created_at bigint not null,
  read_at bigint,
  sms text not null check (sms in ('waiting', 'sending', 'sent', 'failed', 'optedOut', 'stale')),
  sms_ref text,
  unique (order_id, kind, key)
);
create index notices_waiting on notices(created_at) where sms = 'waiting';
create index notices_of_user on notices(user_id, id);
`,
    )
    .execute(db);
}
