/**
 * An order's accounts and what its journals add up to (docs/ledger.md). Pure: `apply` folds one
 * journal into the balances, so the stored journals and the ones about to be written (accruals
 * up to now, a quoted extension) give the figures by the same steps.
 */
/** the money events of an order: each one journal of balanced postings (stored in `journals.kind`, checked on read by repos/ledger.ts) */
export const JOURNAL_KINDS = [
  'disbursal',
  'interest',
  'penalty',
  'coupon',
  'extensionFee',
  'payment',
  'couponApplied',
  'waiver',
  'withdrawal',
  'refund',
  'refundSent',
  'refundReturned',
  'writeOff',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export const ACCOUNTS = [
  // what the borrower owes (debit balances), and the coupon that comes off it (a credit balance)
  'principal',
  'interest',
  'penalty',
  'fee',
  'coupon',
  // money in (payments) and out (disbursal) for this order
  'cash',
  // the lender's side
  'interestIncome',
  'penaltyIncome',
  'feeIncome',
  'taxPayable',
  'couponExpense',
  'refundPayable',
  'waiverExpense',
  // a refund approved, until the payout rail has sent it
  'refundOutgoing',
  // what was written off as not recoverable
  'writeOffExpense',
] as const;
export type Account = (typeof ACCOUNTS)[number];

/** one posting: debit positive, credit negative, integer rupees */
export type Leg = { account: Account; amount: number };

export interface Journal {
  kind: JournalKind;
  at: number;
  /** accruals: accrued through this day (interest: day held; penalty: overdue day of `period`); payments: the overdue day they were made on */
  day: number | null;
  /** extensions paid before it */
  period: number;
  /** the due date a disbursal or an extension sets */
  dueAt: number | null;
  paymentId?: number | null;
  proofId?: number | null;
  note?: string | null;
  legs: Leg[];
}

export interface Money {
  bal: Record<Account, number>;
  /** interest accrued through this day held, and how much */
  interestDays: number;
  interestAccrued: number;
  /** the interest through day held `interestFrom`, fixed when a payment last lowered the principal: later days are on the principal left then */
  interestSettled: number;
  interestFrom: number;
  /** extensions paid; the penalty of each due date is its own period */
  period: number;
  /** the current period's penalty accrued through this overdue day, and how much */
  penaltyDays: number;
  periodPenalty: number;
  penaltyAccrued: number;
  /** penalty of earlier periods (still owed as far as unpaid) */
  carried: number;
  /** the current period's penalty through overdue day `days`, when the last payment was made: later days are on the principal left then */
  settled: number;
  days: number;
  /** overdue days accrued over the loan's life, every due date's (an extension starts a new count: this keeps the earlier ones) */
  lateDays: number;
  /** what the borrower's payments took off what they owed: principal, interest, penalty and fees (extension fees, and the fee owed with the repayment); not what is owed back */
  paid: number;
  /** extensions' own fees charged */
  extensionFees: number;
  /** the coupon granted to this loan */
  reduction: number;
  /** interest, penalty and fees waived by operators */
  waived: number;
  dueAt: number | null;
}

const zero = Object.fromEntries(ACCOUNTS.map((a) => [a, 0])) as Record<Account, number>;
export const NO_MONEY: Money = {
  bal: zero,
  interestDays: 0,
  interestAccrued: 0,
  interestSettled: 0,
  interestFrom: 0,
  period: 0,
  penaltyDays: 0,
  periodPenalty: 0,
  penaltyAccrued: 0,
  carried: 0,
  settled: 0,
  days: 0,
  lateDays: 0,
  paid: 0,
  extensionFees: 0,
  reduction: 0,
  waived: 0,
  dueAt: null,
};

const on = (j: Journal, ...accounts: Account[]) => j.legs.filter((l) => accounts.includes(l.account)).reduce((s, l) => s + l.amount, 0);

/** the balances after journal `j` */
export function apply(m: Money, j: Journal): Money {
  const bal = { ...m.bal };
  for (const l of j.legs) bal[l.account] += l.amount;
  // a journal that lowers the principal (a payment, the coupon applied) fixes the interest so far: later days are charged on what is left (docs/ledger.md)
  const next = on(j, 'principal') < 0 ? { ...m, bal, interestSettled: m.interestAccrued, interestFrom: m.interestDays } : { ...m, bal };
  switch (j.kind) {
    case 'disbursal':
      return { ...next, dueAt: j.dueAt };
    case 'interest':
      return { ...next, interestDays: j.day ?? m.interestDays, interestAccrued: m.interestAccrued + on(j, 'interest') };
    case 'penalty': {
      const amount = on(j, 'penalty');
      const day = j.day ?? m.penaltyDays;
      return {
        ...next,
        penaltyDays: day,
        lateDays: m.lateDays + Math.max(0, day - m.penaltyDays),
        periodPenalty: m.periodPenalty + amount,
        penaltyAccrued: m.penaltyAccrued + amount,
      };
    }
    case 'coupon':
      return { ...next, reduction: m.reduction + on(j, 'couponExpense') };
    case 'extensionFee':
      return {
        ...next,
        dueAt: j.dueAt,
        period: m.period + 1,
        carried: m.penaltyAccrued,
        periodPenalty: 0,
        penaltyDays: 0,
        settled: 0,
        days: 0,
        extensionFees: m.extensionFees + on(j, 'fee'),
      };
    case 'payment':
      return { ...next, paid: m.paid - on(j, 'principal', 'interest', 'penalty', 'fee'), settled: m.periodPenalty, days: j.day ?? 0 };
    case 'waiver':
      // the accrual totals stay: a waived amount is not accrued again
      return { ...next, waived: m.waived + on(j, 'waiverExpense') };
    case 'couponApplied':
    case 'withdrawal':
    case 'refund':
    case 'refundSent':
    case 'refundReturned':
    case 'writeOff':
      return next;
  }
}

export const moneyFrom = (journals: Journal[], from: Money = NO_MONEY): Money => journals.reduce(apply, from);

/** the accounts of what the borrower owes: the receivables and the coupon not yet applied that comes off them */
export const RECEIVABLE_ACCOUNTS = ['principal', 'interest', 'penalty', 'fee', 'coupon'] as const satisfies readonly Account[];

/** what the borrower owes on the postings made: the receivables less the coupon not yet applied */
export const receivable = (m: Money): number => RECEIVABLE_ACCOUNTS.reduce((s, a) => s + m.bal[a], 0);

/** the sum of a journal's legs: zero for every journal written */
export const imbalance = (j: Pick<Journal, 'legs'>): number => j.legs.reduce((s, l) => s + l.amount, 0);
