/**
 * Market profile (issue 29): the cooling-off withdrawal journal, risk-warning acknowledgements, complaint tickets.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table journals drop constraint journals_kind_check;
alter table journals add constraint journals_kind_check
  check (kind in ('disbursal', 'interest', 'penalty', 'coupon', 'extensionFee', 'payment', 'couponApplied', 'waiver', 'withdrawal'));
create unique index journals_one_withdrawal on journals(order_id) where kind = 'withdrawal';
create table risk_acknowledgements (
  id bigserial primary key,
  user_id bigint not null references users(id),
  version text not null,
  lang text not null,
  at bigint not null
);
create index risk_acknowledgements_user on risk_acknowledgements(user_id, version);
create table complaints (
  id bigserial primary key,
  ticket_no text not null unique,
  user_id bigint not null references users(id),
  category text not null,
  body text not null,
  document_id bigint references documents(id) on delete set null,
  status text not null check (status in ('open', 'inProgress', 'resolved')),
  created_at bigint not null,
  resolve_by bigint not null,
  resolved_at bigint
);
create index complaints_user on complaints(user_id, created_at);
`,
    )
    .execute(db);
}
