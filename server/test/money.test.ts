/**
 * Money under concurrency: every scenario of the money attack (two devices, parallel taps,
 * retries after a lost answer, racing extensions, payment against payout and cancel), then the
 * ledger invariants. Runs on PGlite and on PostgreSQL (where races are real) by the test command.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverForFile, startTest, register, onboard, codeFor, DAY, CARD, JPEG, FACE } from './helpers';
import { ledgerTotals } from '../src/repos/ledger';
import { checkLedger } from './ledgerInvariants';
import { POLICY } from '../src/settings/policy';
import { pkDate } from '../src/core/time';
import C from '../src/api/contract';

const { OrderStatus: S, ErrorCode: E } = C;
const { srv, call } = serverForFile({ sessionTtlDays: 3650 });

let keySeq = 0;
const key = (what: string) => `${what}-${process.pid}-${++keySeq}`.replace(/[^A-Za-z0-9_-]/g, '');
const N = 10;
/** every borrower's first loan has the card coupon taken off (granted with the first account) */
const coupon = POLICY.cardCoupon;

async function order(orderNo: string) {
  return srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}

/** the ledger invariants (ledgerInvariants.ts), and credited <= the most ever owed */
async function assertLedger(orderNo: string) {
  const { o, t, m } = await checkLedger(srv.deps.db, (await order(orderNo)).id);
  const terms = (typeof o.terms === 'string' ? JSON.parse(o.terms) : o.terms) as { dailyInterestRate: number };
  const maxOwed = o.amount + Math.round((o.amount * terms.dailyInterestRate * o.tenure_days) / 100) + o.amount; // principal + full interest + penalty cap
  assert.ok(t.credit <= maxOwed, `credited ${t.credit} > most ever owed ${maxOwed}`);
  return { o, t, m };
}

/** an onboarded borrower (a new one, or `existing`) whose approved order waits for get-money */
async function approvedOrder(existing?: Awaited<ReturnType<typeof register>>) {
  const u = existing ?? (await register(call));
  if (!existing) await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: 'approve' });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  await srv.dev('jobs/run', {});
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  return { ...u, orderNo: ap.data.order.orderNo as string };
}

async function disbursedLoan(existing?: Awaited<ReturnType<typeof register>>) {
  const { orderNo, ...u } = await approvedOrder(existing);
  const gm = await call('getMoney', { orderNo, agree: true, idempotencyKey: key('gm') }, { token: u.token });
  assert.equal(gm.code, 0, JSON.stringify(gm));
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await order(orderNo)).status, S.Repaying);
  return { ...u, orderNo };
}
const due = async (u: { token: string; orderNo: string }) =>
  (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.amountDue as number;
const pay = async (u: { token: string; orderNo: string }, amount: number, k = key('pay')) => {
  const c = await call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: k }, { token: u.token });
  if (c.code !== 0) return c;
  return call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token });
};
const charged = async (orderNo: string) => (await ledgerTotals(srv.deps.db, (await order(orderNo)).id)).charge;

test('two full payments with two keys, one after the other: charged once', async () => {
  const u = await disbursedLoan();
  const amount = await due(u);
  const a = await pay(u, amount);
  assert.equal(a.code, 0);
  assert.equal(a.data.payment.status, 'success');
  const b = await pay(u, amount);
  assert.equal(b.code, E.nothingDue, JSON.stringify(b));
  assert.equal(await charged(u.orderNo), amount);
  const { o } = await assertLedger(u.orderNo);
  assert.equal(o.status, S.Finish);
});

test('two payments started before either is paid (two devices): the second replaces the first, charged once', async () => {
  const u = await disbursedLoan();
  const amount = await due(u);
  const c1 = await call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: key('dev1') }, { token: u.token });
  const c2 = await call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: key('dev2') }, { token: u.token });
  assert.equal(c1.code, 0);
  assert.equal(c2.code, 0);
  const [p1, p2] = await Promise.all([c1, c2].map((c) => call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'card' }, { token: u.token })));
  assert.equal(p1.data.payment.status, 'failed', 'the replaced payment is never charged');
  assert.equal(p2.data.payment.status, 'success');
  assert.equal(await charged(u.orderNo), amount);
  await assertLedger(u.orderNo);
});

test(`${N} parallel full payments with distinct keys: charged exactly the amount due`, async () => {
  const u = await disbursedLoan();
  const amount = await due(u);
  const all = await Promise.all(Array.from({ length: N }, () => pay(u, amount)));
  const ok = all.filter((a) => a.code === 0 && a.data.payment.status === 'success');
  assert.equal(ok.length, 1, JSON.stringify(all.map((a) => [a.code, a.data?.payment?.status])));
  assert.equal(await charged(u.orderNo), amount);
  const { o } = await assertLedger(u.orderNo);
  assert.equal(o.status, S.Finish);
});

test(`${N} parallel partial payments: every charge is credited, never more than due`, async () => {
  const u = await disbursedLoan();
  const amount = await due(u);
  const all = await Promise.all(Array.from({ length: N }, () => pay(u, 1000)));
  const paid = all.filter((a) => a.code === 0 && a.data.payment.status === 'success').length;
  assert.ok(paid >= 1);
  const { m, t } = await assertLedger(u.orderNo);
  assert.equal(t.charge, paid * 1000);
  assert.equal(m.paid, paid * 1000, 'no credit lost');
  assert.ok(m.paid <= amount);
});

test('retries with the same key, concurrent: the same payment every time, charged once', async () => {
  const u = await disbursedLoan();
  const amount = await due(u);
  const k = key('same');
  const confirms = await Promise.all(
    Array.from({ length: 2 * N }, () => call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: k }, { token: u.token })),
  );
  assert.ok(
    confirms.every((c) => c.code === 0),
    JSON.stringify(confirms.map((c) => c.code)),
  );
  const ids = new Set(confirms.map((c) => c.data.payment.payOrderId));
  assert.equal(ids.size, 1);
  const [payOrderId] = ids;
  const pays = await Promise.all(Array.from({ length: 2 * N }, () => call('cashierPay', { payOrderId, channelId: 'jazzcash' }, { token: u.token })));
  // one collection starts; a call while the provider is at work answers it honestly pending, never a second charge
  assert.ok(
    pays.every((p) => p.code === 0 && ['success', 'pending'].includes(p.data.payment.status)),
    JSON.stringify(pays.map((p) => [p.code, p.data?.payment?.status])),
  );
  assert.equal(
    (
      await srv.deps.db
        .selectFrom('transfers')
        .select('id')
        .where('kind', '=', 'collection')
        .where('order_id', '=', (await order(u.orderNo)).id)
        .execute()
    ).length,
    1,
  );
  // the provider's result comes by its answer, its notice, or (its answer late on a loaded machine: past RAILS_TIMEOUT_MS)
  // the status inquiry; then a retry after a lost answer, with the same key: the same (paid) payment, not a new one
  await srv.dev('clock/advance', { ms: srv.cfg.railsInquiryAfterMs + 1000 });
  const again = await call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: k }, { token: u.token });
  assert.equal(again.data.payment.payOrderId, payOrderId);
  assert.equal(again.data.payment.status, 'success');
  assert.equal(await charged(u.orderNo), amount);
  await assertLedger(u.orderNo);
});

test('a payment for a covered order is refused before any charge, even when it was started earlier', async () => {
  const u = await disbursedLoan();
  const amount = await due(u);
  const early = await call('repaymentConfirm', { orderNo: u.orderNo, amount: 1000, idempotencyKey: key('early') }, { token: u.token });
  assert.equal(early.code, 0);
  // the whole debt is covered by an accepted bank transfer meanwhile
  const up = await call('proofUpload', { orderNo: u.orderNo }, { token: u.token, file: { data: JPEG } });
  const sa = await call('saveAdditional', { orderNo: u.orderNo, fileId: up.data.fileId, amount, transactionRef: 'TRX98765' }, { token: u.token });
  assert.equal(sa.code, 0, JSON.stringify(sa));
  await srv.dev('proof', { proofId: sa.data.proof.proofId, accept: true });
  const late = await call('cashierPay', { payOrderId: early.data.payment.payOrderId, channelId: 'card' }, { token: u.token });
  assert.equal(late.code, E.nothingDue, JSON.stringify(late));
  const res = await call('cashierResult', { payOrderId: early.data.payment.payOrderId }, { token: u.token });
  assert.equal(res.data.payment.status, 'failed');
  const { t, o } = await assertLedger(u.orderNo);
  assert.equal(t.charge, amount);
  assert.equal(o.status, S.Finish);
});

test('a bank transfer racing a cashier payment: both credited, the excess an explicit refund', async () => {
  const u = await disbursedLoan();
  const amount = await due(u);
  const c = await call('repaymentConfirm', { orderNo: u.orderNo, amount: 3000, idempotencyKey: key('race') }, { token: u.token });
  const up = await call('proofUpload', { orderNo: u.orderNo }, { token: u.token, file: { data: JPEG } });
  const sa = await call('saveAdditional', { orderNo: u.orderNo, fileId: up.data.fileId, amount: 3000, transactionRef: 'TRX55555' }, { token: u.token });
  await Promise.all([
    call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'card' }, { token: u.token }),
    srv.dev('proof', { proofId: sa.data.proof.proofId, accept: true }),
  ]);
  const { t, m } = await assertLedger(u.orderNo);
  assert.equal(t.credit, Math.min(amount, t.charge));
  assert.equal(t.refund, t.charge - t.credit);
  assert.ok(m.paid <= amount);
});

test(`${N} parallel extensions with distinct keys: one collected at a time, at most the configured number, one fee each, due date moved once per fee`, async () => {
  const u = await disbursedLoan();
  const before = await order(u.orderNo);
  const quote = (await call('extensionData', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(quote.extensionsUsed, 0);
  const confirm = (i: number | string) =>
    call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: key(`ext${i}`), channelId: 'easypaisa' }, { token: u.token });
  const all = await Promise.all(Array.from({ length: N }, (_, i) => confirm(i)));
  // the fee goes through the provider: while one is being collected the others are told so, never charged; one whose turn
  // comes after a collection has finished is the next extension (on a loaded machine, more than one of the ten)
  const extended = all.filter((a) => a.code === 0).length;
  assert.ok(extended >= 1 && extended <= quote.maxExtensions, JSON.stringify(all.map((a) => a.code)));
  assert.ok(all.every((a) => a.code === 0 || a.code === E.paymentInProgress || a.code === E.extensionUnavailable));
  // then one after the other, up to the configured number
  for (let i = extended; i < quote.maxExtensions; i++) assert.equal((await confirm(`next${i}`)).code, 0);
  const past = await confirm('past');
  assert.equal(past.code, E.extensionUnavailable, JSON.stringify(past));
  const o = await order(u.orderNo);
  assert.equal(o.extension_count, quote.maxExtensions);
  assert.equal(o.due_at! - before.due_at!, quote.maxExtensions * quote.extensionDays * DAY);
  const { t } = await assertLedger(u.orderNo);
  assert.equal(t.fee, quote.maxExtensions * quote.extensionFee);
  const after = (await call('extensionData', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(after.available, false);
  assert.equal(after.reason, 'limitReached');
});

test(`${N} concurrent extension confirmations with one key: one extension; each answer it or 'in progress', the key then answers it`, async () => {
  const u = await disbursedLoan();
  const k = key('ext-same');
  const confirm = () => call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: k, channelId: 'easypaisa' }, { token: u.token });
  const all = await Promise.all(Array.from({ length: N }, confirm));
  assert.ok(
    all.every((a) => a.code === 0 || a.code === E.paymentInProgress),
    JSON.stringify(all.map((a) => a.code)),
  );
  const done = all.filter((a) => a.code === 0);
  assert.ok(done.length >= 1);
  const again = await confirm();
  assert.equal(again.code, 0, JSON.stringify(again));
  assert.equal(new Set([...done, again].map((a) => a.data.newDueDate)).size, 1);
  assert.equal((await order(u.orderNo)).extension_count, 1);
  const { t } = await assertLedger(u.orderNo);
  assert.equal(t.fee, again.data.feePaid);
});

test('an extension while overdue charges the penalty once: it stays owed after the due date moves, and what was paid of it is not charged again', async () => {
  const u = await disbursedLoan();
  await srv.dev('clock/advance', { ms: (91 + 10) * DAY });
  const o = await order(u.orderNo);
  assert.equal(o.status, S.Overdued);
  const penalty = (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.order.figures.overdueFee as number;
  assert.ok(penalty > 0);
  assert.equal((await pay(u, 3000)).code, 0);
  const before = await due(u);
  const q = (await call('extensionData', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(q.penaltyIncluded, penalty);
  assert.equal(q.amountDueAfter, before - penalty);
  const ce = await call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: key('ext'), channelId: 'easypaisa' }, { token: u.token });
  assert.equal(ce.code, 0, JSON.stringify(ce));
  assert.equal(ce.data.feePaid, q.extensionFee);
  assert.equal(await due(u), before - penalty, 'the penalty paid with the fee is no longer due');
  const { t } = await assertLedger(u.orderNo);
  assert.equal(t.fee, q.extensionFee - penalty, 'the fee row is the extension fee alone');
  // repaid in full later: the total taken is principal + interest + the penalty once + the extension fee
  const rest = await due(u);
  assert.equal((await pay(u, rest)).code, 0);
  const end = await assertLedger(u.orderNo);
  assert.equal(end.o.status, S.Finish);
  assert.equal(end.t.credit, 5000 + 410 + penalty - coupon);
});

test('once payments cover all but the penalty, an extension is not offered (repaying ends the loan)', async () => {
  const u = await disbursedLoan();
  await srv.dev('clock/advance', { ms: (91 + 10) * DAY });
  assert.equal((await pay(u, 5410 - coupon + 100)).code, 0);
  const q = (await call('extensionData', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(q.available, false);
  const ce = await call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: key('ext'), channelId: 'easypaisa' }, { token: u.token });
  assert.equal(ce.code, E.extensionUnavailable);
  await assertLedger(u.orderNo);
});

test('get money tapped many times, with one key and with new keys: one payout, one disbursal row', async () => {
  const u = await approvedOrder();
  const orderNo = u.orderNo;
  const k = key('gm-same');
  const all = await Promise.all(
    Array.from({ length: N }, (_, i) => call('getMoney', { orderNo, agree: true, idempotencyKey: i % 2 ? k : key('gm') }, { token: u.token })),
  );
  assert.ok(
    all.every((a) => a.code === 0 && a.data.order.status === S.Lending),
    JSON.stringify(all.map((a) => a.code)),
  );
  const o = await order(orderNo);
  const confirmed = await srv.deps.db.selectFrom('order_events').select('id').where('order_id', '=', o.id).where('type', '=', 'confirmed').execute();
  assert.equal(confirmed.length, 1);
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  await Promise.all([srv.dev('jobs/run', {}), srv.dev('clock/advance', { ms: 3 * 60_000 }), srv.dev('jobs/run', {})]);
  const { t } = await assertLedger(orderNo);
  assert.equal(t.disbursal, (await call('repaymentDetail', { orderNo }, { token: u.token })).data.order.figures.disbursalAmount);
  // the key is required: a client that sends none is refused, not paid out
  const none = await call('getMoney', { orderNo, agree: true }, { token: u.token });
  assert.notEqual(none.code, 0);
});

test('payment racing payout and cancel: nothing is charged for an order that is not being repaid', async () => {
  const u = await approvedOrder();
  const orderNo = u.orderNo;
  const [cancel, early] = await Promise.all([
    call('cancelOrder', { id: orderNo, reason: 'noLongerNeeded' }, { token: u.token }),
    call('repaymentConfirm', { orderNo, amount: 5000, idempotencyKey: key('pre') }, { token: u.token }),
  ]);
  assert.equal(cancel.code, 0);
  assert.equal(early.code, E.orderWrongState);
  const v = await register(call);
  await onboard(call, v.token);
  await srv.dev('force', { mobile: v.mobile, review: 'approve' });
  const ap2 = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: v.token });
  const o2 = ap2.data.order.orderNo as string;
  await srv.dev('jobs/run', {});
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  await call('getMoney', { orderNo: o2, agree: true, idempotencyKey: key('gm') }, { token: v.token });
  const [racing] = await Promise.all([
    call('repaymentConfirm', { orderNo: o2, amount: 1000, idempotencyKey: key('lend') }, { token: v.token }),
    srv.dev('clock/advance', { ms: 3 * 60_000 }),
  ]);
  assert.ok(racing.code === 0 || racing.code === E.orderWrongState, JSON.stringify(racing));
  for (const n of [orderNo, o2]) await assertLedger(n);
  assert.equal(await charged(orderNo), 0);
});

test('interest per day held: repaid on day 1, day 30 and on the due date, every figure agrees', async () => {
  for (const [days, interest] of [
    [0, 5],
    [30, 135],
    [91, 410],
  ] as const) {
    const u = await disbursedLoan();
    if (days) await srv.dev('order/shift', { orderNo: u.orderNo, days: days - 0.01 });
    const d = (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data;
    assert.equal(d.order.figures.daysHeld, Math.max(1, days), `days held after ${days}`);
    assert.equal(d.order.figures.interestAccrued, interest);
    // the card coupon (granted with the first account) came off this first loan
    assert.equal(d.reduction, POLICY.cardCoupon);
    assert.equal(d.amountDue, 5000 + interest - coupon);
    assert.equal(d.order.figures.interest, 410, 'the whole tenure is still what the KFS quoted');
    assert.equal((await call('cashierChannels', { orderNo: u.orderNo }, { token: u.token })).data.amountDue, 5000 + interest - coupon);
    assert.equal((await call('bankTransferInfo', { orderNo: u.orderNo }, { token: u.token })).data.amountDue, 5000 + interest - coupon);
    const agr = await call('loanAgreement', { orderNo: u.orderNo }, { token: u.token });
    assert.match(JSON.stringify(agr.data.sections), /each day on the part of the loan you still owe \(at least 1 day\)/);
    const r = await pay(u, 5000 + interest - coupon);
    assert.equal(r.data.order.status, S.Finish);
    const fin = (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.order;
    assert.equal(fin.schedule[0].interest, interest, 'the schedule of a paid-off loan carries the days held');
    assert.equal(fin.schedule[0].total, 5000 + interest - coupon);
    const { t } = await assertLedger(u.orderNo);
    assert.equal(t.charge, 5000 + interest - coupon);
  }
});

test('the card coupon: granted once with the first account, shown, taken off the next loan paid out, never again', async () => {
  const u = await register(call);
  await onboard(call, u.token);
  const mi = async () => (await call('marketIndex', {}, { token: u.token })).data.cardCoupon as number;
  assert.equal(await mi(), coupon);
  const changed = { ...CARD, accountNumber: '0345 7654321', confirmAccountNumber: '03457654321', accountCode: await codeFor(call, u.token) };
  assert.equal((await call('addBankCard', changed, { token: u.token })).code, 0);
  assert.equal(await mi(), coupon, 'changing the account grants nothing more');
  const first = await disbursedLoan(u);
  assert.equal((await assertLedger(first.orderNo)).m.reduction, coupon);
  assert.equal(await mi(), 0, 'used');
  assert.equal((await pay(first, await due(first))).code, 0);
  await srv.dev('clock/advance', { ms: DAY });
  const second = await disbursedLoan(u);
  assert.equal((await assertLedger(second.orderNo)).m.reduction, 0, 'once only');
  for (const o of [first, second]) await assertLedger(o.orderNo);
});

test('proof of repayment: an amount, at most what is due, dated between the payout and today', async () => {
  const u = await disbursedLoan();
  const amount = await due(u);
  const up = await call('proofUpload', { orderNo: u.orderNo }, { token: u.token, file: { data: JPEG } });
  const send = (extra: Record<string, unknown>) =>
    call('saveAdditional', { orderNo: u.orderNo, fileId: up.data.fileId, amount, transactionRef: 'TRX24680', ...extra }, { token: u.token });
  // the rules are in Pakistan dates: past 19:00 UTC (or on a clock advanced there) its day is the next one
  const today = pkDate((await srv.dev('clock')).now);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ amount: 0 }, 'amount', 'validation.amountRequired'],
    [{ amount: 100_000 }, 'amount', 'validation.amountAboveDue'],
    [{ paidAt: '2030-01-01' }, 'paidAt', 'validation.dateInFuture'],
    [{ paidAt: '2020-01-01' }, 'paidAt', 'validation.dateBeforeLoan'],
    [{ paidAt: '2026-02-31' }, 'paidAt', 'validation.dateInvalid'],
  ];
  for (const [extra, field, key] of cases) {
    const r = await send(extra);
    assert.equal(r.code, E.validationFailed, JSON.stringify(extra));
    assert.equal(r.data.fields[field], key, JSON.stringify(extra));
  }
  const ok = await send({ paidAt: today });
  assert.equal(ok.code, 0, JSON.stringify(ok));
  const stored = await srv.deps.db.selectFrom('proofs').select(['paid_on', 'amount']).where('id', '=', ok.data.proof.proofId).executeTakeFirstOrThrow();
  assert.deepEqual(stored, { paid_on: today, amount });
});

test('upload quota: proof photos never attached replace the oldest; a user cannot store more than the quota', async () => {
  const u = await disbursedLoan();
  const kinds = async () =>
    await srv.deps.db.selectFrom('documents').select(['id', 'size']).where('user_id', '=', u.user.userId).where('kind', '=', 'repayProof').execute();
  for (let i = 0; i < 10; i++) assert.equal((await call('proofUpload', { orderNo: u.orderNo }, { token: u.token, file: { data: JPEG } })).code, 0);
  assert.equal((await kinds()).length, POLICY.uploads.maxUnusedProofs, 'nothing piles up: 10 uploads, the newest kept');
  // a server with a small quota refuses what goes over it, in words
  // its own data folder: on PostgreSQL it shares this file's database instead of resetting it
  const small = await startTest({ uploadQuotaBytes: 4 * JPEG.length }, {}, fs.mkdtempSync(path.join(os.tmpdir(), 'lm-quota-')));
  try {
    const v = await register(small.client);
    const codes = [];
    for (const kind of ['uploadOtherCardFront', 'uploadOtherCardBack', 'saveFaceImage', 'uploadCurpFront', 'uploadCurpBack'] as const) {
      codes.push((await small.client(kind, {}, { token: v.token, file: { data: kind === 'saveFaceImage' ? FACE : JPEG } })).code);
    }
    assert.ok(codes.includes(E.uploadQuotaExceeded), JSON.stringify(codes));
    const again = await small.client('uploadOtherCardFront', {}, { token: v.token, file: { data: JPEG } });
    assert.equal(again.code, 0, 'a new ID photo replaces the old one and fits');
  } finally {
    await small.close();
  }
});
