/**
 * Waivers: an operator waives interest, penalty or a fee (journal kind waiver, account waiverExpense).
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table journals drop constraint journals_kind_check;
alter table journals add constraint journals_kind_check check (kind in ('disbursal', 'interest', 'penalty', 'coupon', 'extensionFee', 'payment', 'couponApplied', 'waiver'));
alter table postings drop constraint postings_account_check;
alter table postings add constraint postings_account_check check (account in ('cash', 'principal', 'interest', 'penalty', 'fee', 'coupon', 'interestIncome', 'penaltyIncome', 'feeIncome', 'taxPayable', 'couponExpense', 'refundPayable', 'waiverExpense'));
`,
    )
    .execute(db);
}
