/**
 * Issue 28's money rules through the server, on the business clock (PGlite, and PostgreSQL by
 * the test command): the due date is not overdue to its last minute, the overdue status and the
 * penalty start on the next Pakistan day, a part payment lowers the principal the penalty is
 * charged on, the extension quote gives what is owed on the new due date, and the coupon is one
 * reduction line with the same total on every answer that shows one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, onboard, codeFor, DAY, CARD, idempotencyKey } from './helpers';
import { ledgerTotals } from '../src/repos/ledger';
import { checkLedger } from './ledgerInvariants';
import { POLICY, PRODUCTS } from '../src/settings/policy';
import { pkDayStart } from '../src/core/time';
import C from '../src/api/contract';

const { OrderStatus: S } = C;
const { srv, call } = serverForFile({ sessionTtlDays: 3650 });

const key = idempotencyKey;
const coupon = POLICY.cardCoupon;
const terms = PRODUCTS.find((p) => p.id === 'P001')!;
const perDay = (principal: number) => Math.round((principal * terms.penaltyRatePerDay) / 100);
const fullInterest = Math.round((5000 * terms.dailyInterestRate * 91) / 100);
const interestOf = (principal: number, days: number) => Math.round((principal * terms.dailyInterestRate * days) / 100);
/** 1,000 of the 5,000 repaid on day 1: that day on 5,000, the other 90 on 4,000 */
const keptInterest = interestOf(5000, 1) + interestOf(4000, 90);

const order = (orderNo: string) => srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();

async function approvedLoan() {
  const u = await register(call);
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: 'approve' });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  const orderNo = ap.data.order.orderNo as string;
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await order(orderNo)).status, S.Confirm);
  return { ...u, orderNo };
}
async function disbursedLoan() {
  const { orderNo, ...u } = await approvedLoan();
  assert.equal((await call('getMoney', { orderNo, agree: true, idempotencyKey: key('gm') }, { token: u.token })).code, 0);
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await order(orderNo)).status, S.Repaying);
  return { ...u, orderNo };
}
const detail = async (u: { token: string; orderNo: string }) => (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data;
async function pay(u: { token: string; orderNo: string }, amount: number) {
  const c = await call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: key('pay') }, { token: u.token });
  assert.equal(c.code, 0, JSON.stringify(c));
  const p = await call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token });
  assert.equal(p.data.payment.status, 'success', JSON.stringify(p));
}
/** moves the shared business clock to `at` (never back) and runs the jobs */
const advanceTo = (at: number) => srv.dev('clock/advance', { ms: Math.max(0, at - srv.deps.clock.now()) });

test('due today is not overdue; the next Pakistan day it is, and a part payment lowers the penalty from the following day', async () => {
  const u = await disbursedLoan();
  const dueAt = (await order(u.orderNo)).due_at!;
  const dueDayStart = pkDayStart(dueAt);

  // the last minutes of the due date (Pakistan time), jobs run: not overdue, no fee
  await advanceTo(dueDayStart + DAY - 10 * 60_000);
  let d = await detail(u);
  assert.equal(d.order.status, S.Repaying);
  assert.equal(d.order.figures.overdueDays, 0);
  assert.equal(d.order.figures.overdueFee, 0);
  assert.equal(d.amountDue, 5000 + fullInterest - coupon);

  // the next day: overdue by one day, one day's penalty on 5,000
  await advanceTo(dueDayStart + DAY + 60 * 60_000);
  d = await detail(u);
  assert.equal(d.order.status, S.Overdued);
  assert.equal(d.order.figures.overdueDays, 1);
  assert.equal(d.order.figures.overdueFee, perDay(5000));

  // a part payment of 1,000 that day: that day keeps its penalty, the next two are on 4,000
  await pay(u, 1000);
  assert.equal((await detail(u)).order.figures.overdueFee, perDay(5000));
  await advanceTo(dueDayStart + 3 * DAY + 60 * 60_000);
  d = await detail(u);
  const penalty = perDay(5000) + 2 * perDay(4000);
  assert.equal(d.order.figures.overdueDays, 3);
  assert.equal(d.order.figures.overdueFee, penalty);
  assert.equal(d.amountDue, 5000 + fullInterest + penalty - coupon - 1000);
  assert.equal((await checkLedger(srv.deps.db, (await order(u.orderNo)).id)).m.penaltyAccrued, penalty, 'the overdue job posted the same penalty');

  // repaid in full: exactly that is taken, and the finished loan stops accruing
  await pay(u, d.amountDue);
  const o = await order(u.orderNo);
  assert.equal(o.status, S.Finish);
  assert.equal((await ledgerTotals(srv.deps.db, o.id)).credit, 5000 + fullInterest + penalty - coupon);
  await advanceTo(srv.deps.clock.now() + 5 * DAY);
  assert.equal((await detail(u)).order.figures.overdueFee, penalty);
});

test('the extension quote: what is owed today and, with nothing else paid, on the new due date (interest to that date)', async () => {
  const u = await disbursedLoan();
  await pay(u, 1000);
  const q = (await call('extensionData', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(q.available, true);
  const today = (await detail(u)).amountDue;
  assert.equal(q.amountDueAfter, today);
  // the interest of the days after the part payment on the 4,000 left (issue 43)
  assert.equal(q.amountDueOnNewDueDate, 4000 + keptInterest - coupon);
  assert.ok(q.amountDueOnNewDueDate > today);
});

test('the extension quote while overdue: the penalty paid with the fee is not owed again, and no new penalty on the new due date', async () => {
  const u = await disbursedLoan();
  const dueDayStart = pkDayStart((await order(u.orderNo)).due_at!);
  await pay(u, 1000);
  await advanceTo(dueDayStart + 2 * DAY + 60 * 60_000);
  const q = (await call('extensionData', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(q.penaltyIncluded, 2 * perDay(4000));
  assert.equal(q.amountDueOnNewDueDate, 4000 + keptInterest - coupon);
  const ce = await call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: key('ext'), channelId: 'easypaisa' }, { token: u.token });
  assert.equal(ce.code, 0, JSON.stringify(ce));
  await advanceTo(pkDayStart((await order(u.orderNo)).due_at!) + DAY - 10 * 60_000);
  assert.equal((await detail(u)).amountDue, q.amountDueOnNewDueDate, 'owed on the new due date as quoted');
});

test('the coupon: one reduction line and the same total on confirm, agreement, schedule, detail and what the cashier takes', async () => {
  const u = await approvedLoan();
  const total = 5000 + fullInterest - coupon;
  const confirm = (await call('confirmProductInfo', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(confirm.figures.reduction, coupon, 'a loan still to be paid out shows the coupon it gets at payout');
  assert.equal(confirm.figures.totalRepayable, total);
  const agreement = (await call('loanAgreement', { orderNo: u.orderNo }, { token: u.token, lang: 'en' })).data;
  assert.equal(agreement.figures.totalRepayable, total);
  const rs = (v: number) => `Rs ${v.toLocaleString('en-US')}`; // as every screen writes money
  assert.match(JSON.stringify(agreement.sections), new RegExp(`coupon ${rs(coupon)} \\(reduction\\), total repayable on the due date ${rs(total)}`));
  assert.equal((await call('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: key('gm') }, { token: u.token })).code, 0);
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  const d = await detail(u);
  assert.equal(d.order.status, S.Repaying);
  assert.equal(d.reduction, coupon);
  assert.equal(d.order.figures.totalRepayable, total);
  assert.equal(d.totalLoan, total);
  assert.equal(d.order.schedule[0].total, total);
  assert.equal(d.order.schedule[0].reduction, coupon);
  const cashier = (await call('cashierChannels', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(cashier.reduction, coupon);
  assert.equal(cashier.amountDue, d.amountDue);
  // repaid on the due date: exactly the total shown
  await advanceTo((await order(u.orderNo)).due_at!);
  assert.equal((await detail(u)).amountDue, total);
  await pay(u, total);
  assert.equal((await order(u.orderNo)).status, S.Finish);
});

test('a coupon granted while a loan is being repaid comes off that loan at once', async () => {
  const u = await disbursedLoan();
  // a borrower who never had it (onboarded before the coupon existed) adds a new account
  await srv.deps.db
    .updateTable('users')
    .set({ card_coupon: 0, card_coupon_granted: false })
    .where('id', '=', (await order(u.orderNo)).user_id)
    .execute();
  const { id } = await order(u.orderNo);
  const couponIds = srv.deps.db.selectFrom('journals').select('id').where('order_id', '=', id).where('kind', '=', 'coupon');
  await srv.deps.db.deleteFrom('postings').where('journal_id', 'in', couponIds).execute();
  await srv.deps.db.deleteFrom('journals').where('id', 'in', couponIds).execute();
  const before = (await detail(u)).amountDue;
  const add = await call(
    'addBankCard',
    { ...CARD, accountNumber: '0345 7654321', confirmAccountNumber: '03457654321', accountCode: await codeFor(call, u.token) },
    { token: u.token },
  );
  assert.equal(add.code, 0, JSON.stringify(add));
  const d = await detail(u);
  assert.equal(d.reduction, coupon);
  assert.equal(d.amountDue, before - coupon);
  assert.equal((await call('marketIndex', {}, { token: u.token })).data.cardCoupon, 0, 'used');
});

const statement = async (u: { token: string; orderNo: string }) => (await call('repaymentStatement', { orderNo: u.orderNo }, { token: u.token })).data;
async function extend(u: { token: string; orderNo: string }) {
  const q = (await call('extensionData', { orderNo: u.orderNo }, { token: u.token })).data;
  const ce = await call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: key('ext'), channelId: 'easypaisa' }, { token: u.token });
  assert.equal(ce.code, 0, JSON.stringify(ce));
  return q;
}

test('issue 43: a part payment lowers the interest: each later day is charged on the principal still owed', async () => {
  const u = await disbursedLoan();
  // day 1 of 91: one day on 5,000 is charged, then 1,000 of principal repaid
  await pay(u, 1000);
  let d = await detail(u);
  const kept = keptInterest;
  assert.ok(kept < fullInterest);
  assert.equal(d.order.figures.interest, kept, 'the whole tenure on what is kept');
  assert.equal(d.totalLoan, 5000 + kept - coupon);
  assert.equal(d.amountDue, 4000 + interestOf(5000, 1) - coupon, 'today: the principal left and the day held');
  // 30 days on: the day on 5,000 and 29 on 4,000, posted by the job as shown
  await advanceTo((await order(u.orderNo)).disbursed_at! + 30 * DAY - 60_000);
  d = await detail(u);
  assert.equal(d.order.figures.daysHeld, 30);
  assert.equal(d.order.figures.interestAccrued, interestOf(5000, 1) + interestOf(4000, 29));
  assert.equal(d.amountDue, 4000 + interestOf(5000, 1) + interestOf(4000, 29) - coupon);
  const { m } = await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
  assert.equal(m.interestAccrued, d.order.figures.interestAccrued, 'the ledger posted what is shown');
  // a second part payment: later days on 3,000; on the due date the whole tenure's interest is what was kept each day
  await pay(u, 1000);
  const dueAt = (await order(u.orderNo)).due_at!;
  await advanceTo(pkDayStart(dueAt) + DAY - 10 * 60_000);
  d = await detail(u);
  const total = interestOf(5000, 1) + interestOf(4000, 29) + interestOf(3000, 61);
  assert.equal(d.order.figures.interest, total);
  assert.equal(d.amountDue, 3000 + total - coupon);
  const s = await statement(u);
  assert.equal(
    s.lines.reduce((x: number, l: { interest: number }) => x + Math.max(0, l.interest), 0),
    total,
    'the statement charges the same interest',
  );
  await pay(u, d.amountDue);
  await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
});

test('issue 43: every rupee paid is in "amount paid", the extension fee included; overdue then extended is not on time: no limit raise', async () => {
  const u = await disbursedLoan();
  const limitBefore = (await call('creditInfo', {}, { token: u.token })).data.creditLimit;
  await pay(u, 1000);
  const dueAt = (await order(u.orderNo)).due_at!;
  await advanceTo(pkDayStart(dueAt) + DAY + 60 * 60_000);
  const q = await extend(u);
  assert.ok(q.penaltyIncluded > 0 && q.ownFee > 0, JSON.stringify(q));
  let d = await detail(u);
  assert.equal(d.amountPaid, 1000 + q.extensionFee, 'after the extension: the part payment and all the extension took');
  assert.equal(d.order.schedule[0].extensionFees, q.ownFee);
  assert.equal(d.order.schedule[0].total - d.order.schedule[0].paid, d.amountDue, 'the schedule adds up with the extension fee in it');
  const rest = d.amountDue;
  await pay(u, rest);
  d = await detail(u);
  assert.equal(d.order.status, S.Finish);
  assert.equal(d.amountPaid, 1000 + q.extensionFee + rest, 'the paid-off total is every payment');
  const s = await statement(u);
  assert.equal(
    d.amountPaid,
    s.lines.reduce((x: number, l: { paid: number; overpaid: number }) => x + l.paid - l.overpaid, 0),
    'as the statement says',
  );
  await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
  // repaid before the new due date, but a day late on the first: no on-time repayment, no raise
  const ci = (await call('creditInfo', {}, { token: u.token })).data;
  assert.equal(ci.creditLimit, limitBefore, JSON.stringify(ci));
  assert.equal(ci.onTimeRepayments, 0);
});

test('issue 43: extended before the due date and repaid by the new one is on time: the limit rises', async () => {
  const u = await disbursedLoan();
  const limitBefore = (await call('creditInfo', {}, { token: u.token })).data.creditLimit;
  const q = await extend(u);
  assert.equal(q.penaltyIncluded, 0);
  await advanceTo(pkDayStart((await order(u.orderNo)).due_at!) + DAY - 10 * 60_000);
  await pay(u, (await detail(u)).amountDue);
  const ci = (await call('creditInfo', {}, { token: u.token })).data;
  assert.equal(ci.onTimeRepayments, 1);
  assert.ok(ci.creditLimit > limitBefore, JSON.stringify(ci));
});
