/** A rejection binds its own lender for POLICY.reapplyDays; the marketplace's other lenders decide for themselves. */
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import { DAY_MS } from '../core/time';
import type { OrderFacts } from './order';

const { OrderStatus } = C;

/** when the borrower of a rejected order may apply again to its lender (epoch ms), else null */
export const reapplyAt = (o: Pick<OrderFacts, 'status' | 'decided_at'>): number | null =>
  o.status === OrderStatus.Reject && o.decided_at ? o.decided_at + POLICY.reapplyDays * DAY_MS : null;
