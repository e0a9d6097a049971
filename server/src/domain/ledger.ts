/**
 * The postings of each money event (docs/ledger.md) and what is owed, derived from them. Every
 * change of an order's money is a journal built here and written by `book` (usecases/ledger.ts) in
 * the transaction that holds the order's lock; `owed` is the one answer to "what does repaying in full cost now".
 */
import C from '../api/contract';
import type { LoanFigures } from '../api/contract';
import type { OrderFacts } from './order';
import { apply, moneyFrom, receivable, type Account, type Journal, type Leg, type Money } from './balances';
import { chargedOf, costCapOf, daysHeld, interestStateOf, interestThrough, overdueDaysAt, penaltyStateOf, penaltyThrough, termsOf } from './figures';

const { OrderStatus } = C;

/**
 * The order a payment pays what is owed in (decisions.md): the principal first, so that a part
 * payment lowers the principal each later overdue day's penalty is charged on (product spec), then
 * interest, penalty and fee.
 */
export const ALLOCATION: readonly Account[] = ['principal', 'interest', 'penalty', 'fee'];
/** the penalty paid with an extension is that penalty first */
const PENALTY_FIRST: readonly Account[] = ['penalty', 'interest', 'principal'];

const legs = (...l: Leg[]): Leg[] => l.filter((x) => x.amount !== 0);

/** `amount` taken off the receivables of `m` in `order`: the credit legs */
function allocate(m: Money, amount: number, order: readonly Account[]): Leg[] {
  const out: Leg[] = [];
  let left = amount;
  for (const account of order) {
    const take = Math.min(left, Math.max(0, m.bal[account]));
    if (take > 0) out.push({ account, amount: -take });
    left -= take;
  }
  if (left > 0) throw new Error(`allocation of ${amount} exceeds the receivables`);
  return out;
}

/**
 * The payout: the principal lent, the fee and its tax kept, the rest paid out. Without upfront charges
 * (market profile, `f.chargesUpfront` false) the whole principal is paid out and the fee and tax are
 * owed on the `fee` account, repaid with the loan.
 */
export function disbursalJournal(o: OrderFacts, f: LoanFigures, now: number, dueAt: number): Journal {
  return {
    kind: 'disbursal',
    at: now,
    day: null,
    period: 0,
    dueAt,
    legs: legs(
      { account: 'principal', amount: o.amount },
      { account: 'fee', amount: f.chargesUpfront === false ? f.processingFee + f.feeTax : 0 },
      { account: 'cash', amount: -f.disbursalAmount },
      { account: 'feeIncome', amount: -f.processingFee },
      { account: 'taxPayable', amount: -f.feeTax },
    ),
  };
}

export const couponJournal = (m: Money, amount: number, now: number): Journal => ({
  kind: 'coupon',
  at: now,
  day: null,
  period: m.period,
  dueAt: null,
  legs: legs({ account: 'couponExpense', amount }, { account: 'coupon', amount: -amount }),
});

/**
 * Interest and penalty accrued up to `at` and not yet posted (none before the payout or after the
 * loan is paid off): interest per day held on the principal outstanding, the penalty per overdue day, each by the product's
 * rules (figures.ts), so the postings add up to the figures shown.
 */
export function accruals(o: OrderFacts, m: Money, at: number): Journal[] {
  if (!o.disbursed_at || !m.dueAt || o.status === OrderStatus.Finish) return [];
  const t = termsOf(o);
  const out: Journal[] = [];
  // what the market's total-cost cap still allows (Infinity without one): every charge is held to it
  let room = costCapOf(t, o.amount) - chargedOf(m);
  const days = daysHeld(o.disbursed_at, at, o.tenure_days);
  if (days > m.interestDays) {
    const x = Math.min(room, interestThrough(t, interestStateOf(o.amount, m), days) - m.interestAccrued);
    room -= x;
    out.push({
      kind: 'interest',
      at,
      day: days,
      period: m.period,
      dueAt: null,
      legs: legs({ account: 'interest', amount: x }, { account: 'interestIncome', amount: -x }),
    });
  }
  const overdue = overdueDaysAt(m.dueAt, at);
  if (overdue > m.penaltyDays) {
    // a day past the cap is still recorded as accrued (no legs), so the job does not come back for it
    const x = Math.min(room, penaltyThrough(t, o.amount, penaltyStateOf(o, m), overdue) - m.penaltyAccrued);
    out.push({
      kind: 'penalty',
      at,
      day: overdue,
      period: m.period,
      dueAt: null,
      legs: legs({ account: 'penalty', amount: x }, { account: 'penaltyIncome', amount: -x }),
    });
  }
  return out;
}

/** the ledger as it stands at `at`: posted, with the accruals up to then */
export const moneyAt = (o: OrderFacts, m: Money, at: number): Money => moneyFrom(accruals(o, m, at), m);

/** what repaying in full costs at `at`: the receivables, interest and penalty accrued to then, less the coupon (0 before the payout and once paid off) */
export function owed(o: OrderFacts, m: Money, at: number): number {
  if (!o.disbursed_at || o.status === OrderStatus.Finish) return 0;
  return Math.max(0, receivable(moneyAt(o, m, at)));
}

/**
 * `cash` from the borrower, with the ledger accrued to now (`m`, see `accrue`): what is owed is
 * paid in ALLOCATION order, the excess is owed back; a payment that covers the loan applies the
 * coupon to what is left.
 */
export function paymentJournals(o: OrderFacts, m: Money, cash: number, now: number, ref: { paymentId?: number; proofId?: number }): Journal[] {
  const credit = Math.min(cash, owed(o, m, now));
  const pay: Journal = {
    kind: 'payment',
    at: now,
    day: overdueDaysAt(m.dueAt!, now),
    period: m.period,
    dueAt: null,
    ...ref,
    note: cash > credit ? 'paid more than was due' : null,
    legs: legs({ account: 'cash', amount: cash }, ...allocate(m, credit, ALLOCATION), { account: 'refundPayable', amount: credit - cash }),
  };
  return [pay, ...couponApplied(apply(m, pay), now)];
}

/** once nothing but the coupon is owed (`after`: the ledger after a payment or a waiver), the coupon applied to what is left */
function couponApplied(after: Money, now: number): Journal[] {
  if (receivable(after) > 0 || after.bal.coupon === 0) return [];
  const left = -after.bal.coupon;
  return [
    {
      kind: 'couponApplied',
      at: now,
      day: null,
      period: after.period,
      dueAt: null,
      legs: [{ account: 'coupon', amount: left }, ...allocate(after, left, ALLOCATION)],
    },
  ];
}

/** what an operator may waive: interest, penalty or a fee, never the principal lent */
export const WAIVABLE = ['interest', 'penalty', 'fee'] as const satisfies readonly Account[];
export type Waivable = (typeof WAIVABLE)[number];

/** the most of `account` that can be waived at `at`: its balance with the accruals to then, and never more than what is owed */
export const waivableOf = (o: OrderFacts, m: Money, account: Waivable, at: number): number =>
  Math.max(0, Math.min(moneyAt(o, m, at).bal[account], owed(o, m, at)));

/**
 * `amount` of `account` waived (with the ledger accrued to now, `m`; the caller checked it against
 * `waivableOf`): Dr `waiverExpense`, Cr the receivable; a waiver that leaves only the coupon owed
 * applies it, as a payment would.
 */
export function waiverJournals(m: Money, account: Waivable, amount: number, now: number, note: string): Journal[] {
  const waiver: Journal = {
    kind: 'waiver',
    at: now,
    day: null,
    period: m.period,
    dueAt: null,
    note,
    legs: legs({ account: 'waiverExpense', amount }, { account, amount: -amount }),
  };
  return [waiver, ...couponApplied(apply(m, waiver), now)];
}

/** an extension bought for `fee` (its own fee and `penalty`, the penalty owed of this due date): the fee charged, the due date moved, both paid */
export function extensionJournals(m: Money, q: { fee: number; penalty: number; newDue: number }, now: number, paymentId?: number): Journal[] {
  const own = q.fee - q.penalty;
  const charged: Journal = {
    kind: 'extensionFee',
    at: now,
    day: null,
    period: m.period,
    dueAt: q.newDue,
    paymentId,
    legs: legs({ account: 'fee', amount: own }, { account: 'feeIncome', amount: -own }),
  };
  const after = apply(m, charged);
  const pay: Journal = {
    kind: 'payment',
    at: now,
    day: 0,
    period: after.period,
    dueAt: null,
    paymentId,
    note: 'extension',
    legs: legs({ account: 'cash', amount: q.fee }, { account: 'fee', amount: -own }, ...allocate(after, q.penalty, PENALTY_FIRST)),
  };
  return [charged, pay];
}

/**
 * The cooling-off withdrawal (market profile): every charge posted is reversed (interest, penalty, the
 * fee and its tax, extension fees, the coupon), then the principal returned is a payment. `m` is the
 * ledger accrued to now; the journals leave nothing owed.
 */
export function withdrawalJournals(m: Money, now: number, paymentId: number): Journal[] {
  const reversal: Journal = {
    kind: 'withdrawal',
    at: now,
    day: null,
    period: m.period,
    dueAt: null,
    paymentId,
    note: 'cooling-off: charges reversed',
    legs: legs(
      { account: 'interestIncome', amount: -m.bal.interestIncome },
      { account: 'interest', amount: -m.bal.interest },
      { account: 'penaltyIncome', amount: -m.bal.penaltyIncome },
      { account: 'penalty', amount: -m.bal.penalty },
      { account: 'feeIncome', amount: -m.bal.feeIncome },
      { account: 'taxPayable', amount: -m.bal.taxPayable },
      { account: 'fee', amount: -m.bal.fee },
      { account: 'coupon', amount: -m.bal.coupon },
      { account: 'couponExpense', amount: -m.bal.couponExpense },
    ),
  };
  const after = apply(m, reversal);
  const principal = after.bal.principal;
  const pay: Journal = {
    kind: 'payment',
    at: now,
    day: 0,
    period: m.period,
    dueAt: null,
    paymentId,
    note: 'cooling-off withdrawal',
    legs: legs({ account: 'cash', amount: principal }, { account: 'principal', amount: -principal }),
  };
  return [reversal, pay];
}

/** what the order owes back to the borrower (money taken above what was owed, not refunded yet) */
export const refundableOf = (m: Money): number => Math.max(0, -m.bal.refundPayable);

/**
 * A refund of overpayment approved (maker-checker): Dr `refundPayable`, Cr `refundOutgoing` `amount` (the caller checked
 * it against `refundableOf`). The money has not left yet: the payout rail sends it by `reference` (note), then `refundSentJournal`.
 */
export const refundJournal = (m: Money, amount: number, now: number, reference: string): Journal => ({
  kind: 'refund',
  at: now,
  day: null,
  period: m.period,
  dueAt: null,
  note: reference,
  legs: legs({ account: 'refundPayable', amount }, { account: 'refundOutgoing', amount: -amount }),
});

/** the payout rail sent the approved refund `reference`: Dr `refundOutgoing`, Cr `cash` (money out to the borrower) */
export const refundSentJournal = (m: Money, amount: number, now: number, reference: string): Journal => ({
  kind: 'refundSent',
  at: now,
  day: null,
  period: m.period,
  dueAt: null,
  note: reference,
  legs: legs({ account: 'refundOutgoing', amount }, { account: 'cash', amount: -amount }),
});

/** the payout rail failed the approved refund `reference`: Dr `refundOutgoing`, Cr `refundPayable` (owed back again, for a new proposal) */
export const refundReturnedJournal = (m: Money, amount: number, now: number, reference: string): Journal => ({
  kind: 'refundReturned',
  at: now,
  day: null,
  period: m.period,
  dueAt: null,
  note: reference,
  legs: legs({ account: 'refundOutgoing', amount }, { account: 'refundPayable', amount: -amount }),
});

/**
 * Everything still owed written off (with the ledger accrued to now, `m`): the coupon not yet applied is applied
 * first (as a payment that covers the loan would), then Dr `writeOffExpense`, Cr what is left of principal,
 * interest, penalty and fee. Leaves nothing owed.
 */
export function writeOffJournals(m: Money, now: number, note: string): Journal[] {
  const coupon = -m.bal.coupon;
  const applied: Journal[] =
    coupon > 0
      ? [
          {
            kind: 'couponApplied',
            at: now,
            day: null,
            period: m.period,
            dueAt: null,
            legs: [{ account: 'coupon', amount: coupon }, ...allocate(m, coupon, ALLOCATION)],
          },
        ]
      : [];
  const after = applied.reduce(apply, m);
  const credits = ALLOCATION.map((account) => ({ account, amount: -Math.max(0, after.bal[account]) }));
  const total = -credits.reduce((s, l) => s + l.amount, 0);
  return [
    ...applied,
    { kind: 'writeOff', at: now, day: null, period: m.period, dueAt: null, note, legs: legs({ account: 'writeOffExpense', amount: total }, ...credits) },
  ];
}
