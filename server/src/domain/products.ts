/** The products as a borrower sees them: the credit limit, and what each product offers them now. */
import type { ProductTerms } from '../settings/policy';
import { POLICY } from '../settings/policy';
import type { Product } from '../api/contract';
import { round2 } from './figures';
import type { Money } from './balances';

/** what the products' rules read of a borrower (repos/users.ts `Borrower` has it) */
export type Borrower = { credit_limit: number; on_time_count: number };

/**
 * A loan repaid on time raises the credit limit (the spec's decisions): never overdue a day over its whole life,
 * whatever its due date is now, so an extension bought once overdue does not make the repayment on time (issue 43).
 * `m`: the ledger accrued to the payoff (the overdue days of every due date counted).
 */
export const repaidOnTime = (m: Pick<Money, 'lateDays'>): boolean => m.lateDays === 0;

export function creditLimitOf(user: Borrower | null): number {
  return user ? user.credit_limit : POLICY.creditLadder[0];
}

/**
 * `available`: the server accepts an application for this product from this user now (at some
 * amount and tenure): eligible, applications open (`closed`, from usecases/products.ts applicationsClosed),
 * the limit reaches the minimum, and the lender has not refused them in the last reapplyDays (`blocked`,
 * from usecases/rejection.ts lenderBlocks).
 */
export function productView(t: ProductTerms, user: Borrower | null, closed: boolean, blocked?: ReadonlyMap<string, number>): Product {
  const limit = creditLimitOf(user);
  const eligible = (!t.reloanOnly || (user?.on_time_count ?? 0) > 0) && !blocked?.has(t.lenderName);
  const maxAvailable = eligible ? Math.max(0, Math.min(t.maxAmount, limit)) : 0;
  return {
    productId: t.id,
    name: t.name,
    lenderName: t.lenderName,
    minAmount: t.minAmount,
    maxAmount: t.maxAmount,
    step: t.step,
    tenures: t.tenures,
    dailyInterestRate: t.dailyInterestRate,
    annualInterestRate: round2(t.dailyInterestRate * 365),
    processingFeeRate: t.processingFeeRate,
    taxRate: t.taxRate,
    penaltyRatePerDay: t.penaltyRatePerDay,
    extensionEnabled: t.extensionEnabled,
    extensionDays: t.extensionDays,
    extensionFeeRate: t.extensionFeeRate,
    minRepayment: t.minRepayment,
    reloanOnly: t.reloanOnly,
    tag: t.tag,
    available: eligible && !closed && maxAvailable >= t.minAmount,
    maxAvailable,
  };
}
