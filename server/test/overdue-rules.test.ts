/**
 * The overdue rules as pure functions (no server): overdue days are whole Pakistan calendar days
 * after the due date, the penalty is charged each day on the principal outstanding at its start and
 * capped at the principal, the extension's figure on the new due date, and the review countdown.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { figures, orderFigures, overdueDaysAt } from '../src/domain/figures';
import { couponJournal, disbursalJournal, moneyAt, owed, paymentJournals } from '../src/domain/ledger';
import { moneyFrom, type Money } from '../src/domain/balances';
import { POLICY, PRODUCTS } from '../src/settings/policy';
import { reviewSecondsLeft, summaryView } from '../src/domain/orderView';
import { DAY_MS, HOUR_MS } from '../src/core/time';
import { jsonb } from '../src/db/json';
import type { OrderRow } from '../src/repos/orders';
import C from '../src/api/contract';

const { OrderStatus: S } = C;
/** a moment given in Pakistan time (UTC+5) */
const pk = (isoLocal: string) => Date.parse(`${isoLocal}Z`) - 5 * HOUR_MS;
const terms = PRODUCTS.find((p) => p.id === 'P001')!;
const dueAt = pk('2026-11-16T15:30:00');

function loan(over: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 1,
    status: S.Repaying,
    amount: 5000,
    tenure_days: 91,
    terms: jsonb(terms),
    disbursed_at: dueAt - 91 * DAY_MS,
    due_at: dueAt,
    paid_off_at: null,
    lending_at: null,
    created_at: dueAt - 92 * DAY_MS,
    ...over,
  } as OrderRow;
}
/** the ledger of a loan just paid out */
const lent = (o: OrderRow): Money =>
  moneyFrom([disbursalJournal(o, figures(terms, o.amount, o.tenure_days, { now: o.disbursed_at! }), o.disbursed_at!, o.due_at!)]);
/** the ledger after a payment of `cash` at `at`, as takeRepayment writes it (accruals to then first) */
function paid(o: OrderRow, m: Money, cash: number, at: number): Money {
  const accrued = moneyAt(o, m, at);
  return moneyFrom(paymentJournals(o, accrued, cash, at, {}), accrued);
}
const perDay = (principal: number) => Math.round((principal * terms.penaltyRatePerDay) / 100);

test('the due date is never overdue, to its last minute in Pakistan', () => {
  assert.equal(overdueDaysAt(dueAt, pk('2026-11-16T00:00:00')), 0);
  assert.equal(overdueDaysAt(dueAt, pk('2026-11-16T23:59:59')), 0);
  const f = orderFigures(loan(), lent(loan()), pk('2026-11-16T23:59:59'));
  assert.equal(f.overdueDays, 0);
  assert.equal(f.overdueFee, 0);
});

test('days to the due date are Pakistan calendar days by the server clock (the "due soon" badge reads them, not the phone\'s date)', () => {
  // 23:30 on the 13th in UTC is already the 14th in Pakistan
  assert.equal(summaryView(loan(), lent(loan()), Date.parse('2026-11-13T23:30:00Z')).daysToDue, 2);
  assert.equal(summaryView(loan(), lent(loan()), pk('2026-11-13T10:00:00')).daysToDue, 3);
  assert.equal(summaryView(loan(), lent(loan()), pk('2026-11-16T23:59:59')).daysToDue, 0);
  assert.equal(summaryView(loan(), lent(loan()), pk('2026-11-17T00:00:01')).daysToDue, -1);
  assert.equal(summaryView(loan({ due_at: null, disbursed_at: null, status: S.Confirm }), moneyFrom([]), dueAt).daysToDue, null);
});

test('overdue days are whole calendar days after the due date: a part of a day is not a day', () => {
  assert.equal(overdueDaysAt(dueAt, pk('2026-11-17T00:00:00')), 1);
  assert.equal(overdueDaysAt(dueAt, pk('2026-11-17T15:29:00')), 1);
  // the example: due 11-16, seen on 11-25 late in the day: 9 days, not 10
  assert.equal(overdueDaysAt(dueAt, pk('2026-11-25T20:00:00')), 9);
  const f = orderFigures(loan(), lent(loan()), pk('2026-11-25T20:00:00'));
  assert.equal(f.overdueDays, 9);
  assert.equal(f.overdueFee, 9 * perDay(5000));
});

test('a part payment lowers the principal the penalty is charged on from the next overdue day', () => {
  // 3 overdue days on 5,000; paid 1,000 on day 3; days 4 and 5 on 4,000
  const o = loan({ status: S.Overdued });
  const afterPay = paid(o, lent(o), 1000, pk('2026-11-19T10:00:00'));
  const f = orderFigures(o, afterPay, pk('2026-11-21T09:00:00'));
  assert.equal(f.overdueDays, 5);
  assert.equal(f.overdueFee, 3 * perDay(5000) + 2 * perDay(4000));
  // the day the payment is made keeps the penalty it started with
  assert.equal(orderFigures(o, afterPay, pk('2026-11-19T23:00:00')).overdueFee, 3 * perDay(5000));
  // a payment before the due date: every overdue day on what is left
  const early = paid(loan(), lent(loan()), 1000, pk('2026-11-10T10:00:00'));
  assert.equal(orderFigures(loan(), early, pk('2026-11-18T10:00:00')).overdueFee, 2 * perDay(4000));
});

test('the total penalty never exceeds the principal, and a paid-off loan stops accruing', () => {
  assert.equal(orderFigures(loan(), lent(loan()), pk('2027-06-01T10:00:00')).overdueFee, 5000);
  const o = loan({ status: S.Finish, paid_off_at: pk('2026-11-18T10:00:00') });
  assert.equal(orderFigures(o, lent(o), pk('2026-12-30T10:00:00')).overdueFee, 2 * perDay(5000));
});

test('what is owed on a later date with nothing more paid includes the interest to that date', () => {
  const o = loan({ disbursed_at: pk('2026-11-01T10:00:00'), due_at: pk('2027-01-31T10:00:00') });
  const m0 = lent(o);
  const m = paid(o, moneyFrom([couponJournal(m0, 100, o.disbursed_at!)], m0), 1000, pk('2026-11-01T11:00:00'));
  const today = owed(o, m, pk('2026-11-01T12:00:00'));
  const later = owed(o, m, o.due_at!);
  assert.equal(today, 5000 + Math.round(5000 * terms.dailyInterestRate * 0.01) - 1100);
  // the day of the payment on 5,000, the 90 after it on the 4,000 left (issue 43)
  assert.equal(later, 4000 + Math.round(5000 * terms.dailyInterestRate * 0.01) + Math.round(4000 * terms.dailyInterestRate * 0.9) - 100);
});

test('the review countdown by the server clock: from the submission, never above the configured length, never negative', () => {
  const full = POLICY.reviewCountdownSeconds;
  const submitted = pk('2026-11-16T10:00:00');
  const o = { status: S.Applying, submitted_at: submitted };
  assert.equal(reviewSecondsLeft(o, submitted), full);
  assert.equal(reviewSecondsLeft(o, submitted + 61_000), full - 61);
  assert.equal(reviewSecondsLeft(o, submitted + 3 * DAY_MS), 0);
  assert.equal(reviewSecondsLeft(o, submitted - 3_600_000), full, 'a submission stamped ahead of the clock still shows at most the full length');
  assert.equal(reviewSecondsLeft({ status: S.Confirm, submitted_at: submitted }, submitted), null);
});
