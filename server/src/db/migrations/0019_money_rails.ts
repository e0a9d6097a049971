/**
 * Money through real rails (issue 41): each payout and collection attempt a transfer of its own with a unique
 * reference and its state; the provider's settlement files read, and each mismatch with the ledger an exception.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table transfers (
  id bigserial primary key,
  reference text not null unique,
  kind text not null check (kind in ('payout', 'collection')),
  order_id bigint not null references orders(id),
  payment_id bigint references payments(id),
  amount integer not null check (amount > 0),
  account_masked text not null,
  state text not null check (state in ('initiated', 'pending', 'succeeded', 'failed', 'unknown')),
  provider_ref text,
  provider_at bigint,
  fail_reason text,
  created_at bigint not null,
  updated_at bigint not null,
  inquired_at bigint,
  inquiries integer not null default 0,
  settlement_file text,
  check ((kind = 'collection') = (payment_id is not null))
);
create unique index transfers_one_payout on transfers(order_id) where kind = 'payout' and state <> 'failed';
create unique index transfers_one_collection on transfers(payment_id) where kind = 'collection' and state <> 'failed';
create index transfers_open on transfers(updated_at) where state in ('initiated', 'pending', 'unknown');
create index transfers_unfiled on transfers(provider_at) where state = 'succeeded' and settlement_file is null;
create table settlement_files (
  name text primary key,
  period_end bigint not null,
  lines integer not null,
  total bigint not null,
  read_at bigint not null
);
create table rail_exceptions (
  id bigserial primary key,
  kind text not null check (kind in ('missing', 'extra', 'amount', 'conflict')),
  reference text not null,
  transfer_id bigint references transfers(id),
  file text,
  evidence jsonb not null,
  created_at bigint not null,
  unique (kind, reference)
);
`,
    )
    .execute(db);
}
