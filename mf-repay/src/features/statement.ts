/** The loan's statement as a file: one CSV row per money event, headed in the borrower's language. */
import type { TFunction } from 'i18next';
import { formatDate } from 'shared/ui';
import type { RepaymentStatement, StatementLine } from './types';

/** the columns of a statement line, in the order shown and written */
export const STATEMENT_AMOUNTS = [
  'principal',
  'interest',
  'penalty',
  'fee',
  'coupon',
  'paid',
  'received',
  'overpaid',
] as const satisfies readonly (keyof StatementLine)[];

/**
 * The `fee` account holds extension fees and, under a market profile that collects them with the repayment,
 * the processing fee and its tax (owed at the payout, reversed by a cooling-off withdrawal): named for what a
 * line's event puts there, and the file's column for all of them when it holds both kinds.
 */
const CHARGE_EVENTS = new Set<StatementLine['event']>(['disbursal', 'withdrawal']);
export const amountLabel = (l: StatementLine, a: (typeof STATEMENT_AMOUNTS)[number]) =>
  a === 'fee' && CHARGE_EVENTS.has(l.event) ? 'statement.amounts.charges' : `statement.amounts.${a}`;
const columnLabel = (s: RepaymentStatement, a: (typeof STATEMENT_AMOUNTS)[number]) =>
  a === 'fee' && s.lines.some((l) => l.fee !== 0 && CHARGE_EVENTS.has(l.event)) ? 'statement.amounts.fees' : `statement.amounts.${a}`;

/** a field quoted when it holds a comma, quote or line break (RFC 4180) */
const field = (v: string | number) => (/[",\n\r]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

export function statementCsv(s: RepaymentStatement, t: TFunction): string {
  const head = [t('statement.date'), t('statement.event'), ...STATEMENT_AMOUNTS.map((a) => t(columnLabel(s, a))), t('statement.balance')];
  const rows = s.lines.map((l) => [
    formatDate(l.at, true).replace('\u00a0', ' '),
    t(`statement.events.${l.event}`),
    ...STATEMENT_AMOUNTS.map((a) => l[a]),
    l.balance,
  ]);
  return [head, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

export const statementFileName = (orderNo: string) => `statement-${orderNo.replace(/[^A-Za-z0-9_-]/g, '')}.csv`;
