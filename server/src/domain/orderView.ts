/** An order as the borrower sees it: the list's summary, the home card, the deadlines it shows (the full view is usecases/orderView.ts). */
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import type { OrderSummary } from '../api/contract';
import { HOUR_MS, iso, pkDate, pkDay } from '../core/time';
import { statusIn } from './lifecycle';
import type { OrderFacts } from './order';
import { termsOf } from './figures';
import type { Money } from './balances';
import { owed } from './ledger';
import { reapplyAt } from './rejection';

const { OrderStatus, statusText, homeStatus, AWAITING_CONFIRM_STATUSES } = C;

/**
 * When an approved order not yet confirmed expires (epoch ms): orderExpiryHours after the decision
 * (14), or after the card change that made it 18; null for an order in any other status.
 */
export function confirmDeadline(o: Pick<OrderFacts, 'status' | 'decided_at' | 'updated_at'>): number | null {
  if (!statusIn(AWAITING_CONFIRM_STATUSES, o.status)) return null;
  const base = o.status === OrderStatus.GetMoney ? o.updated_at : (o.decided_at ?? o.updated_at);
  return base + POLICY.orderExpiryHours * HOUR_MS;
}

/** `m`: the order's ledger (repos/ledger moneyOf) */
export function summaryView(o: OrderFacts, m: Money, now: number): OrderSummary {
  const t = termsOf(o);
  return {
    orderNo: o.order_no,
    status: o.status,
    statusText: statusText(o.status),
    productId: o.product_id,
    productName: t.name,
    lenderName: t.lenderName,
    amount: o.amount,
    tenureDays: o.tenure_days,
    createdAt: iso(o.created_at),
    dueDate: o.due_at ? pkDate(o.due_at) : null,
    daysToDue: o.due_at ? pkDay(o.due_at) - pkDay(now) : null,
    amountDue: owed(o, m, now),
  };
}

/** the review countdown from the submission, by the server's clock: never above the configured length, never negative */
export function reviewSecondsLeft(o: Pick<OrderFacts, 'status' | 'submitted_at'>, now: number): number | null {
  if (o.status !== OrderStatus.Applying || !o.submitted_at) return null;
  const full = POLICY.reviewCountdownSeconds;
  return Math.min(full, Math.max(0, Math.ceil((o.submitted_at + full * 1000 - now) / 1000)));
}

/** the home card of a latest order (a rejection ends at its reapply date) */
export const homeStatusOf = (o: OrderFacts | null | undefined, now: number) => homeStatus(o ? { status: o.status, reapplyAt: reapplyAt(o) } : null, now);
