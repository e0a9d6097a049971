/** An order as the borrower sees it: the list's summary, the full view with figures, history and schedule, the home card. */
import type { Db } from '../db';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import type { Order, OrderSummary } from '../api/contract';
import { HOUR_MS, iso, isoOrNull, pkDate, pkDay } from '../core/time';
import { statusIn } from './lifecycle';
import type { OrderRow } from '../repos/orders';
import { eventsOf, type EventRow } from '../repos/orderEvents';
import { orderCard } from '../repos/cards';
import { orderFigures, scheduleTotal, termsOf } from './figures';
import type { Money } from './balances';
import { owed } from './ledger';
import { moneyOf } from '../repos/ledger';
import { unusedCoupon } from '../repos/users';
import { cardView } from './cardView';
import { reapplyAt } from './rejection';
import { coolingOffOf, reapplyAfterWithdrawal } from './coolingOff';

const { OrderStatus, statusText, homeStatus, ACTIVE_STATUSES, AWAITING_CONFIRM_STATUSES } = C;

/**
 * When an approved order not yet confirmed expires (epoch ms): orderExpiryHours after the decision
 * (14), or after the card change that made it 18; null for an order in any other status.
 */
export function confirmDeadline(o: Pick<OrderRow, 'status' | 'decided_at' | 'updated_at'>): number | null {
  if (!statusIn(AWAITING_CONFIRM_STATUSES, o.status)) return null;
  const base = o.status === OrderStatus.GetMoney ? o.updated_at : (o.decided_at ?? o.updated_at);
  return base + POLICY.orderExpiryHours * HOUR_MS;
}

/** `m`: the order's ledger (repos/ledger moneyOf) */
export function summaryView(o: OrderRow, m: Money, now: number): OrderSummary {
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

/**
 * `lang`: the borrower's language, for the receiving account's bank name; `preloaded`: the events
 * when the caller selected them with the order (latestOrderWithEvents), so a read is one query.
 */
export async function orderView(db: Db, o: OrderRow, now: number, lang: string, preloaded?: EventRow[]): Promise<Order> {
  const events = preloaded ?? (await eventsOf(db, o.id));
  const m = await moneyOf(db, o.id);
  // a loan still to be paid out shows the coupon it will get then
  const f = orderFigures(o, m, now, !o.disbursed_at && statusIn(ACTIVE_STATUSES, o.status) ? await unusedCoupon(db, o.user_id) : 0);
  const s = summaryView(o, m, now);
  const confirmBy = confirmDeadline(o);
  const card = orderCard(o);
  const withdrawal = coolingOffOf(o, m, now);
  const withdrawn = events.find((e) => e.type === 'withdrawn');
  const schedule =
    o.disbursed_at && o.due_at
      ? [
          {
            installment: 1,
            dueDate: pkDate(o.due_at),
            daysToDue: pkDay(o.due_at) - pkDay(now),
            principal: o.amount,
            // on the due date the whole tenure's interest; a loan paid off early carries only the days held
            interest: o.paid_off_at ? f.interestAccrued : f.interest,
            // the fee and its tax, when collected with the repayment (market profile)
            charges: f.chargesUpfront === false ? f.processingFee + f.feeTax : 0,
            penalty: f.overdueFee,
            reduction: f.reduction,
            // less what operators waived (each waiver is a line of the statement)
            total: scheduleTotal(o, f) - m.waived,
            paid: m.paid,
            status: (o.status === OrderStatus.Finish ? 'paid' : f.overdueDays > 0 ? 'overdue' : 'pending') as 'paid' | 'overdue' | 'pending',
          },
        ]
      : [];
  return {
    ...s,
    homeStatus: homeStatusOf(o, now),
    figures: f,
    amountPaid: m.paid,
    reduction: f.reduction,
    updatedAt: iso(o.updated_at),
    submittedAt: isoOrNull(o.submitted_at),
    reviewEndsAt: o.submitted_at ? iso(o.submitted_at + POLICY.reviewCountdownSeconds * 1000) : null,
    reviewSecondsLeft: reviewSecondsLeft(o, now),
    decidedAt: isoOrNull(o.decided_at),
    confirmExpiresAt: confirmBy === null ? null : iso(confirmBy),
    lendingAt: isoOrNull(o.lending_at),
    disbursedAt: isoOrNull(o.disbursed_at),
    paidOffAt: isoOrNull(o.paid_off_at),
    reapplyAt: isoOrNull(reapplyAt(o) ?? (withdrawn ? (reapplyAfterWithdrawal(o, withdrawn.at)?.at ?? null) : null)),
    cancelReason: o.cancel_reason,
    failReason: o.fail_reason,
    extensionCount: o.extension_count,
    bankCard: card ? cardView(card, lang) : null,
    history: events.map((e) => ({ type: e.type, status: e.status, at: iso(e.at), note: e.note })),
    schedule,
    coolingOff: withdrawal && { until: iso(withdrawal.until), amount: withdrawal.amount, reapplyDays: withdrawal.reapplyDays },
  };
}

/** the review countdown from the submission, by the server's clock: never above the configured length, never negative */
export function reviewSecondsLeft(o: Pick<OrderRow, 'status' | 'submitted_at'>, now: number): number | null {
  if (o.status !== OrderStatus.Applying || !o.submitted_at) return null;
  const full = POLICY.reviewCountdownSeconds;
  return Math.min(full, Math.max(0, Math.ceil((o.submitted_at + full * 1000 - now) / 1000)));
}

/** the home card of a latest order (a rejection ends at its reapply date) */
export const homeStatusOf = (o: OrderRow | null | undefined, now: number) => homeStatus(o ? { status: o.status, reapplyAt: reapplyAt(o) } : null, now);
