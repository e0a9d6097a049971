/** The products as a borrower sees them: the credit limit, and what each product offers them now. */
import type { Db } from '../db';
import type { ProductTerms } from '../settings/policy';
import { POLICY } from '../settings/policy';
import type { UserRow } from '../repos/users';
import type { Product } from '../api/contract';
import { loadProducts } from '../repos/products';
import { hasActive } from '../repos/orders';
import { round2 } from './figures';
import { lenderBlocks } from './rejection';
import { withdrawalWait } from './coolingOff';

export function creditLimitOf(user: UserRow | null): number {
  return user ? user.credit_limit : POLICY.creditLadder[0];
}

/**
 * `available`: the server accepts an application for this product from this user now (at some
 * amount and tenure): eligible, applications open (`closed`, from applicationsClosed), the limit
 * reaches the minimum, and the lender has not refused them in the last reapplyDays (`blocked`, from
 * lenderBlocks).
 */
export function productView(t: ProductTerms, user: UserRow | null, closed: boolean, blocked?: ReadonlyMap<string, number>): Product {
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

/** no application accepted from the user now, whatever the product: a loan in progress, or the wait after a cooling-off withdrawal */
export async function applicationsClosed(db: Db, userId: number | undefined, now: number): Promise<boolean> {
  if (!userId) return false;
  return (await hasActive(db, userId)) || (await withdrawalWait(db, userId, now)) !== null;
}

/** every active product as `user` (or a visitor) may take it now */
export async function productsFor(db: Db, user: UserRow | null, now: number): Promise<Product[]> {
  const products = await loadProducts(db);
  const closed = await applicationsClosed(db, user?.id, now);
  const blocked = await lenderBlocks(db, user?.id, now);
  return products.filter((t) => !t.reloanOnly || (user?.on_time_count ?? 0) > 0).map((t) => productView(t, user, closed, blocked)); // repeat borrowers' products listed to them only
}
