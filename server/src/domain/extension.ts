/**
 * An extension's quote: whether the loan can be extended now (within the market's longest loan), its own fee, the
 * penalty it pays, the days it moves the due date and the new due date.
 */
import C from '../api/contract';
import { DAY_MS } from '../core/time';
import type { OrderFacts } from './order';
import type { Money } from './balances';
import { statusIn } from './lifecycle';
import { chargedOf, costCapOf, orderFigures, termsOf } from './figures';
import { moneyAt, owed } from './ledger';

const { OWING_STATUSES } = C;

export type ExtensionQuote = ReturnType<typeof extensionQuote>;

export function extensionQuote(o: OrderFacts, m: Money, now: number) {
  const t = termsOf(o);
  const f = orderFigures(o, m, now);
  // the penalty accrued since the due date is paid with the fee, as far as it is still owed (earlier
  // payments may have covered part of it); it stays part of the debt after the due date moves
  const due = owed(o, m, now);
  const penalty = Math.min(f.overdueFee - m.carried, due);
  // the days are added to the due date, or to today once it has passed (an overdue loan)
  const fromToday = o.due_at !== null && now > o.due_at;
  const from = o.due_at === null ? null : Math.max(o.due_at, now);
  // the market's longest loan bounds its whole life from the payout, extensions included (issue 45): shortened to the whole days left
  const left = t.maxLoanDays === null || !o.disbursed_at || from === null ? Infinity : Math.floor((o.disbursed_at + t.maxLoanDays * DAY_MS - from) / DAY_MS);
  const days = Math.max(0, Math.min(t.extensionDays, left));
  // nothing left to move once the penalty is paid: the borrower repays instead
  const reason = !t.extensionEnabled
    ? 'notOffered'
    : !statusIn(OWING_STATUSES, o.status) || from === null || due <= penalty
      ? 'orderState'
      : o.extension_count >= t.maxExtensions
        ? 'limitReached'
        : days < 1
          ? 'maxLoanDays'
          : null;
  // the extension's own fee (its share of the days, when shortened), held to what the market's total-cost cap still allows (Infinity without one)
  const room = Math.max(0, costCapOf(t, o.amount) - chargedOf(moneyAt(o, m, now)));
  const ownFee = Math.min(room, Math.round((o.amount * t.extensionFeeRate * days) / (100 * t.extensionDays)));
  const newDue = from === null ? null : from + days * DAY_MS;
  return { t, due, available: reason === null, reason, fee: ownFee + penalty, ownFee, penalty, days, newDue, fromToday };
}
