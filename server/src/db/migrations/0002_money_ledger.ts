/**
 * Money ledger. Every movement of money is an append-only row: the order's paid amount is the sum of its credits, and an overpayment can only exist as an explicit refund row.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table ledger (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  user_id bigint not null references users(id),
  kind text not null check (kind in ('disbursal', 'charge', 'credit', 'fee', 'refund')),
  amount integer not null check (amount >= 0),
  payment_id bigint references payments(id),
  proof_id bigint references proofs(id),
  at bigint not null,
  note text
);
create index ledger_order on ledger(order_id);
create unique index ledger_one_disbursal on ledger(order_id) where kind = 'disbursal';
create unique index ledger_once_per_payment on ledger(payment_id, kind) where payment_id is not null;
create unique index ledger_once_per_proof on ledger(proof_id, kind) where proof_id is not null;
alter table payments add column fail_reason text;
alter table orders add column lending_key text;
alter table proofs add column paid_on text;
insert into ledger (order_id, user_id, kind, amount, payment_id, at, note)
  select order_id, user_id, 'charge', amount, id, coalesce(completed_at, created_at), 'backfill' from payments where status = 'success';
insert into ledger (order_id, user_id, kind, amount, payment_id, at, note)
  select order_id, user_id, case when kind = 'extension' then 'fee' else 'credit' end, amount, id, coalesce(completed_at, created_at), 'backfill'
  from payments where status = 'success';
`,
    )
    .execute(db);
}
