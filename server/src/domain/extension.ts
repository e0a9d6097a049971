/** An extension's quote: whether the loan can be extended now, its fee (with the penalty it pays) and the new due date. */
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
  // nothing left to move once the penalty is paid: the borrower repays instead
  const reason = !t.extensionEnabled
    ? 'notOffered'
    : !statusIn(OWING_STATUSES, o.status) || !o.due_at || due <= penalty
      ? 'orderState'
      : o.extension_count >= t.maxExtensions
        ? 'limitReached'
        : null;
  // the extension's own fee, held to what the market's total-cost cap still allows (Infinity without one)
  const room = Math.max(0, costCapOf(t, o.amount) - chargedOf(moneyAt(o, m, now)));
  const fee = Math.min(room, Math.round((o.amount * t.extensionFeeRate) / 100)) + penalty;
  // the days are added to the due date, or to today once it has passed (an overdue loan)
  const fromToday = o.due_at !== null && now > o.due_at;
  const newDue = o.due_at ? Math.max(o.due_at, now) + t.extensionDays * DAY_MS : null;
  return { t, due, available: reason === null, reason, fee, penalty, newDue, fromToday };
}
