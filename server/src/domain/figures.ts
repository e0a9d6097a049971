/**
 * A loan's figures from its product's terms: fees, tax, interest per day held, penalty, APR, and
 * what repaying in full costs now. Pure: no database.
 */
import { parseTerms, POLICY, type ProductTerms } from '../settings/policy';
import C from '../api/contract';
import type { LoanFigures } from '../api/contract';
import { DAY_MS, pkDate, pkDay } from '../core/time';
import { statusIn } from './lifecycle';
import type { OrderFacts } from './order';
import type { Money } from './balances';

const { ACTIVE_STATUSES } = C;

export const round2 = (n: number) => Math.round(n * 100) / 100;
/** the product terms an order was taken on (copied into the order) */
export const termsOf = (o: Pick<OrderFacts, 'terms'>): ProductTerms => parseTerms(o.terms);

/** interest for `days` days on `amount` at the product's daily rate */
export const interestFor = (t: ProductTerms, amount: number, days: number) => Math.round((amount * t.dailyInterestRate * days) / 100);

/**
 * How the interest stands (decisions.md, issue 43): `settled` through day held `from`, fixed at the last payment
 * that lowered the principal, and the principal outstanding since then, on which each later day is charged.
 */
export type InterestState = { settled: number; from: number; principalOutstanding: number };
/** before any payment: every day on the amount lent */
export const lentInterest = (amount: number): InterestState => ({ settled: 0, from: 0, principalOutstanding: amount });
/** the interest's state on the ledger `m` of a loan of `amount` (before the payout: the amount lent, every day) */
export const interestStateOf = (amount: number, m: Money): InterestState =>
  m.dueAt === null ? lentInterest(amount) : { settled: m.interestSettled, from: m.interestFrom, principalOutstanding: m.bal.principal };

/** the interest through day held `days`: each day at the daily rate on the principal outstanding that day (`days` at or after `s.from`) */
export const interestThrough = (t: ProductTerms, s: InterestState, days: number): number =>
  s.settled + interestFor(t, s.principalOutstanding, Math.max(0, days - s.from));

/** days the money is held from `from` to `until`: at least the policy minimum, at most the tenure */
export function daysHeld(from: number, until: number, tenureDays: number): number {
  return Math.min(tenureDays, Math.max(POLICY.minInterestDays, Math.ceil((until - from) / DAY_MS)));
}

/** whole Pakistan calendar days after the due date's (the due date itself is never overdue) */
export const overdueDaysAt = (dueAt: number, at: number): number => Math.max(0, pkDay(at) - pkDay(dueAt));

/**
 * How the penalty stands: `carried` from earlier due dates (moved by extensions), `settled` for the
 * first `days` overdue days of this one (fixed at the last payment), and the principal still
 * outstanding since then, on which each later overdue day is charged.
 */
export type PenaltyState = {
  carried: number;
  settled: number;
  days: number;
  principalOutstanding: number;
  /** the most the penalty may come to under the market's total-cost cap (none: only the principal caps it) */
  cap?: number;
};

/** the penalty through `overdueDays`: each day on the principal outstanding at its start, the total capped at the principal (and `p.cap`) */
export function penaltyThrough(t: ProductTerms, amount: number, p: PenaltyState, overdueDays: number): number {
  const newDays = Math.max(0, overdueDays - p.days);
  return Math.min(amount, p.cap ?? amount, p.carried + p.settled + Math.round((p.principalOutstanding * t.penaltyRatePerDay * newDays) / 100));
}

/** the fee and its tax of a loan of `amount` */
export function chargesOf(t: ProductTerms, amount: number) {
  const processingFee = Math.round((amount * t.processingFeeRate) / 100);
  return { processingFee, feeTax: Math.round((processingFee * t.taxRate) / 100) };
}

/** everything a loan of `amount` may cost under the market's total-cost cap (issue 29): fee, tax, interest, penalty, extension fees; Infinity without one */
export const costCapOf = (t: ProductTerms, amount: number): number =>
  t.totalCostCapPercent === null ? Infinity : Math.floor((amount * t.totalCostCapPercent) / 100);

/** what the loan has been charged so far on the ledger `m`: fee, tax, interest, penalty and extension fees posted (income and tax credited) */
export const chargedOf = (m: Money): number => -(m.bal.feeIncome + m.bal.taxPayable + m.bal.interestIncome + m.bal.penaltyIncome);

/**
 * A loan's figures. `interest` and `totalRepayable` are for the whole tenure (what is owed on the
 * due date); once the money is out (`heldFrom`), interest accrues per day held until `heldUntil`
 * (paid off) or now, and `interestAccrued` is what repaying today costs.
 */
export function figures(
  t: ProductTerms,
  amount: number,
  tenureDays: number,
  o: {
    now: number;
    startAt?: number | null;
    dueAt?: number | null;
    heldFrom?: number | null;
    heldUntil?: number | null;
    penalty?: PenaltyState;
    /** interest so far and the principal it runs on now (none: the amount lent, nothing repaid) */
    interest?: InterestState;
    /** the coupon taken off what the loan owes */
    reduction?: number;
  },
): LoanFigures {
  const { processingFee, feeTax } = chargesOf(t, amount);
  const owing = o.interest ?? lentInterest(amount);
  const interest = interestThrough(t, owing, tenureDays);
  const held = o.heldFrom ? daysHeld(o.heldFrom, o.heldUntil ?? o.now, tenureDays) : null;
  // upfront (the spec's): kept from the amount paid out; else owed with the repayment (market profile)
  const withRepayment = t.chargesUpfront ? 0 : processingFee + feeTax;
  const disbursalAmount = amount - processingFee - feeTax + withRepayment;
  const dueAt = o.dueAt ?? (o.startAt ?? o.now) + tenureDays * DAY_MS;
  // a loan paid off stops being late when it is paid
  const overdueDays = o.dueAt ? overdueDaysAt(o.dueAt, o.heldUntil ?? o.now) : 0;
  const overdueFee = penaltyThrough(t, amount, o.penalty ?? { carried: 0, settled: 0, days: 0, principalOutstanding: amount }, overdueDays);
  const reduction = o.reduction ?? 0;
  return {
    loanAmount: amount,
    durationDays: tenureDays,
    dailyInterestRate: t.dailyInterestRate,
    processingFeeRate: t.processingFeeRate,
    taxRate: t.taxRate,
    processingFee,
    feeTax,
    interest,
    markupFee: interest,
    disbursalAmount,
    reduction,
    totalRepayable: amount + interest + withRepayment - reduction,
    minInterestDays: POLICY.minInterestDays,
    daysHeld: held,
    interestAccrued: held === null ? interest : interestThrough(t, owing, held),
    dueDate: pkDate(dueAt),
    apr: aprOf({ disbursalAmount, cost: processingFee + feeTax + interest - reduction, days: tenureDays }),
    annualInterestRate: round2(t.dailyInterestRate * 365),
    penaltyRatePerDay: t.penaltyRatePerDay,
    overdueDays,
    overdueFee,
    chargesUpfront: t.chargesUpfront,
  };
}

/**
 * The all-in yearly cost in percent (issue 45): what the borrower pays above what they receive (fee, tax and
 * interest, less the coupon taken off) over what they receive, scaled from the loan's days to a year (simple,
 * not compounded). The one APR formula: every screen, document and the FAQ show this.
 */
export const aprOf = (x: { disbursalAmount: number; cost: number; days: number }): number =>
  x.disbursalAmount > 0 ? round2((Math.max(0, x.cost) / x.disbursalAmount) * (365 / x.days) * 100) : 0;

/**
 * An order's figures from its ledger `m`. `pendingCoupon`: the borrower's coupon not taken yet, which
 * a loan still to be paid out (active, not disbursed) gets at payout: shown as its reduction already,
 * so every total agrees.
 */
export function orderFigures(o: OrderFacts, m: Money, now: number, pendingCoupon = 0): LoanFigures {
  const pending = !o.disbursed_at && statusIn(ACTIVE_STATUSES, o.status) ? pendingCoupon : 0;
  return figures(termsOf(o), o.amount, o.tenure_days, {
    now,
    startAt: o.disbursed_at ?? o.lending_at ?? o.created_at,
    dueAt: o.due_at,
    heldFrom: o.disbursed_at,
    heldUntil: o.paid_off_at,
    penalty: penaltyStateOf(o, m),
    interest: interestStateOf(o.amount, m),
    reduction: m.reduction + pending,
  });
}

/**
 * The penalty's state on the ledger `m`. Under a total-cost cap the penalty is held to what the cap leaves
 * after the fee, tax, the whole tenure's interest (all accrued before any overdue day) and extension fees.
 */
export function penaltyStateOf(o: Pick<OrderFacts, 'terms' | 'amount' | 'tenure_days'>, m: Money): PenaltyState {
  const state = { carried: m.carried, settled: m.settled, days: m.days, principalOutstanding: m.bal.principal };
  const t = termsOf(o);
  if (t.totalCostCapPercent === null) return state;
  const { processingFee, feeTax } = chargesOf(t, o.amount);
  // the fee income posted beyond the processing fee is extension fees
  const extensionFees = Math.max(0, -m.bal.feeIncome - processingFee);
  const others = processingFee + feeTax + interestThrough(t, interestStateOf(o.amount, m), o.tenure_days) + extensionFees;
  return { ...state, cap: Math.max(0, costCapOf(t, o.amount) - others) };
}

/** the schedule's total: the whole tenure's interest, or the days held for a loan paid off early, with the penalty and extension fees, less the reduction */
export function scheduleTotal(o: OrderFacts, f: LoanFigures, m: Pick<Money, 'extensionFees'>): number {
  const withRepayment = f.chargesUpfront === false ? f.processingFee + f.feeTax : 0;
  return (o.paid_off_at ? f.loanAmount + f.interestAccrued + withRepayment - f.reduction : f.totalRepayable) + f.overdueFee + m.extensionFees;
}
