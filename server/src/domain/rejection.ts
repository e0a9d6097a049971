/** A rejection binds its own lender for POLICY.reapplyDays; the marketplace's other lenders decide for themselves. */
import type { Db } from '../db';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import { DAY_MS } from '../core/time';
import { rejectedSince, type OrderRow } from '../repos/orders';
import { termsOf } from './figures';

const { OrderStatus } = C;

/** when the borrower of a rejected order may apply again to its lender (epoch ms), else null */
export const reapplyAt = (o: Pick<OrderRow, 'status' | 'decided_at'>): number | null =>
  o.status === OrderStatus.Reject && o.decided_at ? o.decided_at + POLICY.reapplyDays * DAY_MS : null;
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
