/**
 * The loan's statement: its journals (docs/ledger.md) in the borrower's terms, one line per money
 * event, with the interest and penalty accrued to now that the job has not posted yet, so the last
 * balance is what `owed` answers.
 */
import type { StatementEvent, StatementLine } from '../api/contract';
import { iso } from '../core/time';
import type { OrderFacts } from './order';
import { apply, NO_MONEY, receivable, type Account, type Journal } from './balances';
import { accruals } from './ledger';

/**
 * The event a journal is to the borrower; null for a refund's approval and its return by the rail (the money owed
 * back moves to the payout rail and back: nothing reached the borrower)
 */
function eventOf(j: Journal): StatementEvent | null {
  if (j.kind === 'payment' && j.note === 'extension') return 'extensionPayment';
  if (j.kind === 'refund' || j.kind === 'refundReturned') return null;
  return j.kind === 'refundSent' ? 'refund' : j.kind;
}

export function statementLines(o: OrderFacts, journals: Journal[], now: number): StatementLine[] {
  let m = NO_MONEY;
  const lines: StatementLine[] = [];
  const add = (j: Journal) => {
    m = apply(m, j);
    const event = eventOf(j);
    if (!j.legs.length || !event) return; // a penalty day past the cap: nothing charged
    const sum = (a: Account) => j.legs.reduce((s, l) => s + (l.account === a ? l.amount : 0), 0);
    const cash = sum('cash');
    lines.push({
      at: iso(j.at),
      event,
      principal: sum('principal'),
      interest: sum('interest'),
      penalty: sum('penalty'),
      fee: sum('fee'),
      coupon: sum('coupon'),
      paid: Math.max(0, cash),
      received: Math.max(0, -cash),
      overpaid: -sum('refundPayable'),
      balance: receivable(m),
    });
  };
  journals.forEach(add);
  accruals(o, m, now).forEach(add);
  return lines;
}
