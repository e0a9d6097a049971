/**
 * Operations console queues (issue 40): applications held for a person's review (a score in REVIEW_MANUAL_BAND),
 * collections contacts and promises to pay, refunds of overpayment and write-offs by maker-checker (new proposal
 * kinds, the `refund`, `refundSent` and `writeOff` journals with the `refundOutgoing` and `writeOffExpense`
 * accounts, the refunds the payout rail sends).
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table review_holds (
  order_id bigint primary key references orders(id),
  score integer not null,
  reasons jsonb not null,
  held_at bigint not null,
  answer_by bigint not null,
  decided_at bigint,
  decided_by bigint references staff(id),
  decision text check (decision in ('approve', 'reject')),
  reason text,
  check ((decided_at is null) = (decision is null))
);
create index review_holds_waiting on review_holds(answer_by) where decided_at is null;
create table collection_contacts (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  staff_id bigint not null references staff(id),
  at bigint not null,
  channel text not null check (channel in ('call', 'sms', 'whatsapp', 'email')),
  party text not null check (party in ('borrower', 'emergencyContact')),
  outcome text not null check (outcome in ('reached', 'promiseToPay', 'noAnswer', 'wrongNumber', 'refused')),
  note text,
  promise_date text,
  promise_amount integer check (promise_amount > 0),
  check ((outcome = 'promiseToPay') = (promise_date is not null))
);
create index collection_contacts_order on collection_contacts(order_id, at);
alter table proposals drop constraint proposals_kind_check;
alter table proposals add constraint proposals_kind_check check (kind in ('waiver', 'refund', 'writeOff'));
alter table journals drop constraint journals_kind_check;
alter table journals add constraint journals_kind_check
  check (kind in ('disbursal', 'interest', 'penalty', 'coupon', 'extensionFee', 'payment', 'couponApplied', 'waiver', 'withdrawal', 'refund', 'refundSent', 'writeOff'));
create unique index journals_one_write_off on journals(order_id) where kind = 'writeOff';
alter table postings drop constraint postings_account_check;
alter table postings add constraint postings_account_check check (account in ('cash', 'principal', 'interest', 'penalty', 'fee', 'coupon', 'interestIncome',
  'penaltyIncome', 'feeIncome', 'taxPayable', 'couponExpense', 'refundPayable', 'waiverExpense', 'refundOutgoing', 'writeOffExpense'));
create table refunds (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  proposal_id bigint not null unique references proposals(id),
  amount integer not null check (amount > 0),
  reference text not null unique,
  status text not null check (status in ('due', 'sent')),
  created_at bigint not null,
  sent_at bigint,
  check ((status = 'sent') = (sent_at is not null))
);
create index refunds_due on refunds(created_at) where status = 'due';
`,
    )
    .execute(db);
}
