/** The lenders that refused a borrower lately: a rejection binds its own lender for POLICY.reapplyDays (domain/rejection.ts). */
import type { Db } from '../db';
import { POLICY } from '../settings/policy';
import { DAY_MS } from '../core/time';
import { termsOf } from '../domain/figures';
import { reapplyAt } from '../domain/rejection';
import { rejectedSince } from '../repos/orders';

/**
 * The lenders that refused this user less than reapplyDays ago, each with when their products
 * open again (epoch ms). A refusal binds its own lender only: the marketplace's other lenders
 * decide for themselves, which is what the products recommended after a rejection rest on.
 */
export async function lenderBlocks(db: Db, userId: number | undefined, now: number): Promise<Map<string, number>> {
  const blocks = new Map<string, number>();
  if (!userId) return blocks;
  const rejected = await rejectedSince(db, userId, now - POLICY.reapplyDays * DAY_MS);
  for (const o of rejected) {
    const opens = reapplyAt(o);
    const lender = termsOf(o).lenderName;
    if (opens && opens > now && opens > (blocks.get(lender) ?? 0)) blocks.set(lender, opens);
  }
  return blocks;
}
