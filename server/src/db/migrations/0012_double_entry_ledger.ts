/**
 * Double-entry ledger: journals of balanced postings for every money event (docs/ledger.md). The amount columns of orders and the cash-only ledger table are left as they were and no code reads or writes them any more, except the back-fill (0015_ledger_backfill), which gives orders paid out before this migration their journals from them.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table journals (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  kind text not null check (kind in ('disbursal', 'interest', 'penalty', 'coupon', 'extensionFee', 'payment', 'couponApplied')),
  at bigint not null,
  day integer,
  period integer not null default 0,
  due_at bigint,
  payment_id bigint references payments(id),
  proof_id bigint references proofs(id),
  note text
);
create index journals_order on journals(order_id, id);
create unique index journals_one_disbursal on journals(order_id) where kind = 'disbursal';
create unique index journals_accrual_day on journals(order_id, kind, period, day) where kind in ('interest', 'penalty');
create unique index journals_once_per_payment on journals(payment_id, kind) where payment_id is not null;
create unique index journals_once_per_proof on journals(proof_id, kind) where proof_id is not null;
create table postings (
  id bigserial primary key,
  journal_id bigint not null references journals(id),
  order_id bigint not null references orders(id),
  account text not null check (account in ('cash', 'principal', 'interest', 'penalty', 'fee', 'coupon', 'interestIncome', 'penaltyIncome', 'feeIncome', 'taxPayable', 'couponExpense', 'refundPayable')),
  amount integer not null check (amount <> 0)
);
create index postings_order on postings(order_id, account);
create index postings_journal on postings(journal_id);
`,
    )
    .execute(db);
}
