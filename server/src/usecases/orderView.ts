/** An order as the borrower sees it in full: figures, history, schedule, receiving account and cooling-off (the summary's rules are domain/orderView.ts). */
import type { Db } from '../db';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import type { Order } from '../api/contract';
import { iso, isoOrNull, pkDate, pkDay } from '../core/time';
import { statusIn } from '../domain/lifecycle';
import type { OrderRow } from '../repos/orders';
import { eventsOf, type EventRow } from '../repos/orderEvents';
import { orderCard } from '../repos/cards';
import { orderFigures, scheduleTotal } from '../domain/figures';
import { moneyOf } from '../repos/ledger';
import { holdOf } from '../repos/reviewHolds';
import { unusedCoupon } from '../repos/users';
import { cardView } from './cardView';
import { reapplyAt } from '../domain/rejection';
import { coolingOffOf, reapplyAfterWithdrawal } from '../domain/coolingOff';
import { confirmDeadline, homeStatusOf, reviewSecondsLeft, summaryView } from '../domain/orderView';

const { OrderStatus, ACTIVE_STATUSES } = C;

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
  // held for a person (REVIEW_MANUAL_BAND): the review screen says someone is checking, and by when
  const hold = o.status === OrderStatus.Applying ? await holdOf(db, o.id) : undefined;
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
            extensionFees: m.extensionFees,
            reduction: f.reduction,
            // with extension fees, less what operators waived (each waiver is a line of the statement)
            total: scheduleTotal(o, f, m) - m.waived,
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
    manualReview: hold && hold.decided_at === null ? { since: iso(Number(hold.held_at)), answerBy: iso(Number(hold.answer_by)) } : null,
  };
}
