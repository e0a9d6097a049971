/**
 * Refunds through the payout rail (issue 41): an approved refund is a transfer of kind `refund` (its reference the
 * refund's), at most one not failed per refund; a refund the rail fails is `failed`, its amount owed back again
 * (the `refundReturned` journal) for a new proposal.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table transfers drop constraint transfers_kind_check;
alter table transfers add constraint transfers_kind_check check (kind in ('payout', 'collection', 'refund'));
alter table transfers add column refund_id bigint references refunds(id);
alter table transfers add constraint transfers_refund_check check ((kind = 'refund') = (refund_id is not null));
create unique index transfers_one_refund on transfers(refund_id) where kind = 'refund' and state <> 'failed';
alter table refunds drop constraint refunds_status_check;
alter table refunds add constraint refunds_status_check check (status in ('due', 'sent', 'failed'));
alter table journals drop constraint journals_kind_check;
alter table journals add constraint journals_kind_check
  check (kind in ('disbursal', 'interest', 'penalty', 'coupon', 'extensionFee', 'payment', 'couponApplied', 'waiver', 'withdrawal', 'refund', 'refundSent',
    'refundReturned', 'writeOff'));
`,
    )
    .execute(db);
}
