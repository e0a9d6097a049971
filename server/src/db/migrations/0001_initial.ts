/**
 * Initial.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table users (
  id bigserial primary key,
  mobile text not null unique,
  created_at bigint not null,
  credit_limit integer not null,
  on_time_count integer not null default 0,
  first_name text,
  last_name text,
  data_deleted_at bigint
);
create table sessions (
  id bigserial primary key,
  user_id bigint not null references users(id),
  token_hash text not null unique,
  created_at bigint not null,
  expires_at bigint not null,
  revoked_at bigint,
  revoked_reason text
);
create index sessions_user on sessions(user_id);
create table otps (
  id bigserial primary key,
  mobile text not null,
  purpose text not null,
  channel text not null,
  code_hash text not null,
  created_at bigint not null,
  expires_at bigint not null,
  attempts integer not null default 0,
  used_at bigint
);
create index otps_mobile on otps(mobile, purpose, created_at);
create table profiles (
  user_id bigint primary key references users(id),
  basic jsonb,
  addition jsonb,
  questionnaire jsonb,
  ocr jsonb,
  images_done_at bigint,
  updated_at bigint not null
);
create table documents (
  id bigserial primary key,
  user_id bigint not null references users(id),
  kind text not null,
  storage_key text not null,
  mime text not null,
  size integer not null,
  created_at bigint not null
);
create index documents_user on documents(user_id, kind);
create table bank_cards (
  id bigserial primary key,
  user_id bigint not null references users(id),
  role text not null,
  card_type text not null,
  bank_index integer,
  bank_name text not null,
  account_number text not null,
  card_holder text not null,
  created_at bigint not null,
  unique (user_id, role)
);
create table products (
  id text primary key,
  sort integer not null,
  active boolean not null default true,
  terms jsonb not null
);
create table orders (
  id bigserial primary key,
  order_no text not null unique,
  user_id bigint not null references users(id),
  product_id text not null references products(id),
  amount integer not null,
  tenure_days integer not null,
  status integer not null,
  terms jsonb not null,
  created_at bigint not null,
  updated_at bigint not null,
  submitted_at bigint,
  decided_at bigint,
  decision text,
  score integer,
  lending_at bigint,
  disbursed_at bigint,
  due_at bigint,
  paid_off_at bigint,
  penalty integer not null default 0,
  amount_paid integer not null default 0,
  reduction integer not null default 0,
  extension_count integer not null default 0,
  cancel_reason text,
  fail_reason text,
  bank_card jsonb,
  upload_flags jsonb
);
create index orders_user on orders(user_id, created_at);
create index orders_status on orders(status);
create unique index orders_one_active on orders(user_id) where status in (1,2,3,5,6,7,10,11,12,14,16,17,18);
create table order_events (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  type text not null,
  status integer not null,
  at bigint not null,
  note text
);
create index order_events_order on order_events(order_id);
create table payments (
  id bigserial primary key,
  pay_order_id text not null unique,
  order_id bigint not null references orders(id),
  user_id bigint not null references users(id),
  kind text not null,
  amount integer not null,
  channel_id text,
  idempotency_key text not null,
  status text not null,
  created_at bigint not null,
  completed_at bigint,
  expires_at bigint not null,
  unique (user_id, idempotency_key)
);
create table proofs (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  user_id bigint not null references users(id),
  document_id bigint not null,
  amount integer not null,
  reference text not null,
  channel text not null,
  status text not null,
  created_at bigint not null,
  checked_at bigint
);
create table credit_raises (
  id bigserial primary key,
  user_id bigint not null references users(id),
  at bigint not null,
  from_limit integer not null,
  to_limit integer not null
);
create table content (
  key text not null,
  lang text not null,
  body jsonb not null,
  primary key (key, lang)
);
create table audit_log (
  id bigserial primary key,
  at bigint not null,
  kind text not null,
  detail jsonb not null
);
`,
    )
    .execute(db);
}
