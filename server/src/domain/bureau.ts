/**
 * The credit bureau's monthly report (server/README.md "Credit bureau"): which loans a month's file carries, each
 * loan's record as the books stood at the month's end (Pakistan time), the file's totals, and their tie to the
 * ledger's trial balance at that instant. Pure: the journals and the borrower's facts come in, the records go out;
 * the layout the bureau reads is providers/bureau/protocol.ts.
 */
import { apply, NO_MONEY, RECEIVABLE_ACCOUNTS, receivable, type Account, type Journal } from './balances';
import { overdueDaysAt } from './figures';
import { PKT_OFFSET_MS } from '../core/time';

/** a reporting month: `yyyy-mm`, from its first instant to the next month's first (Pakistan time), `end` excluded */
export interface ReportMonth {
  period: string;
  start: number;
  end: number;
}

const monthStart = (y: number, m: number) => Date.UTC(y, m, 1) - PKT_OFFSET_MS;

/** the Pakistan calendar month before the one `now` is in: the month whose report is due */
export function monthBefore(now: number): ReportMonth {
  const d = new Date(now + PKT_OFFSET_MS);
  const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
  const start = monthStart(y, m - 1);
  const p = new Date(start + PKT_OFFSET_MS);
  return { period: `${p.getUTCFullYear()}-${String(p.getUTCMonth() + 1).padStart(2, '0')}`, start, end: monthStart(y, m) };
}

/** a loan's state at the month's end: being repaid, past its due date, paid off (or withdrawn, waived off) this month, written off this month */
export type LoanStatus = 'active' | 'overdue' | 'closed' | 'writtenOff';

/** what the report says of the borrower and the loan besides its money */
export interface LoanFacts {
  orderNo: string;
  /** the borrower's CNIC as saved (13 digits) */
  cnic: string;
  name: string;
  /** the amount lent */
  amount: number;
}

export interface BureauRecord {
  account: string;
  cnic: string;
  name: string;
  disbursedAt: number;
  sanctioned: number;
  dueAt: number;
  /** the principal not repaid */
  principal: number;
  /** everything owed: principal, interest, penalty and fees, less the coupon not yet applied (the ledger's receivables) */
  outstanding: number;
  /** what is owed past the due date: all of it once the (single) instalment is late */
  overdue: number;
  daysPastDue: number;
  status: LoanStatus;
  /** when nothing was owed any more (closed, written off) */
  closedAt: number | null;
  writtenOff: number;
}

/**
 * The loan's record for `month`, from its journals (all of them: those at or after the month's end are left out);
 * null when it has none to report: not paid out by the month's end, or closed before the month began.
 */
export function loanRecord(loan: LoanFacts, journals: Journal[], month: ReportMonth): BureauRecord | null {
  let m = NO_MONEY;
  let disbursedAt: number | null = null;
  let closedAt: number | null = null;
  let writtenOff = 0;
  for (const j of journals) {
    if (j.at >= month.end) continue;
    m = apply(m, j);
    if (j.kind === 'disbursal') disbursedAt ??= j.at;
    if (j.kind === 'writeOff') writtenOff = j.legs.filter((l) => l.account === 'writeOffExpense').reduce((s, l) => s + l.amount, 0);
    if (disbursedAt !== null) closedAt = receivable(m) > 0 ? null : (closedAt ?? j.at);
  }
  if (disbursedAt === null || m.dueAt === null || (closedAt !== null && closedAt < month.start)) return null;
  const outstanding = receivable(m);
  // days past due on the month's last day (a loan due on it is not late yet)
  const daysPastDue = closedAt === null ? overdueDaysAt(m.dueAt, month.end - 1) : 0;
  const status: LoanStatus = closedAt !== null ? (writtenOff > 0 ? 'writtenOff' : 'closed') : daysPastDue > 0 ? 'overdue' : 'active';
  return {
    account: loan.orderNo,
    cnic: loan.cnic,
    name: loan.name,
    disbursedAt,
    sanctioned: loan.amount,
    dueAt: m.dueAt,
    principal: m.bal.principal,
    outstanding,
    overdue: status === 'overdue' ? outstanding : 0,
    daysPastDue,
    status,
    closedAt,
    writtenOff,
  };
}

/** the trailer's figures: the count and the sums of the money fields */
export interface FileTotals {
  records: number;
  sanctioned: number;
  principal: number;
  outstanding: number;
  overdue: number;
  writtenOff: number;
}

export function fileTotals(records: BureauRecord[]): FileTotals {
  const sum = (f: (r: BureauRecord) => number) => records.reduce((s, r) => s + f(r), 0);
  return {
    records: records.length,
    sanctioned: sum((r) => r.sanctioned),
    principal: sum((r) => r.principal),
    outstanding: sum((r) => r.outstanding),
    overdue: sum((r) => r.overdue),
    writtenOff: sum((r) => r.writtenOff),
  };
}

/** the ledger's side at the month's end: the loan receivables' balances then, and what was written off in the month */
export interface LedgerFigures {
  principal: number;
  outstanding: number;
  writtenOff: number;
}

/** the ledger's figures from the trial balance's receivable lines at the month's end and the month's write-offs */
export const ledgerFigures = (bal: Partial<Record<Account, number>>, writtenOff: number): LedgerFigures => ({
  principal: bal.principal ?? 0,
  outstanding: RECEIVABLE_ACCOUNTS.reduce((s, a) => s + (bal[a] ?? 0), 0),
  writtenOff,
});

/** each figure of the file that is not the ledger's (empty: the file ties to the trial balance to the rupee) */
export function tieDifferences(file: FileTotals, ledger: LedgerFigures): { figure: keyof LedgerFigures; file: number; ledger: number }[] {
  return (['principal', 'outstanding', 'writtenOff'] as const)
    .filter((k) => file[k] !== ledger[k])
    .map((k) => ({ figure: k, file: file[k], ledger: ledger[k] }));
}
