/**
 * Money through the rails (issue 41): a payout or a collection waits for the provider's result, whichever way it
 * comes (answer, signed notice, status inquiry), once; a notice not signed by the provider, of another amount or of
 * an unknown reference moves nothing; the settlement file's mismatches become exceptions listed for operations.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import C from '../src/api/contract';
import { serverForFile, register, onboard, idempotencyKey, disbursedLoan, orderRecords } from './helpers';
import { staffApi } from './staffHelpers';
import { CODES, SANDBOX_MERCHANT, SANDBOX_SALT, paisa, pkStamp, signed } from '../src/providers/rails/protocol';
import { RAILS_NOTICE_PATH } from '../src/http/railsRoutes';

const { OrderStatus, ErrorCode } = C;
const INQUIRY_AFTER = 120_000;
const { srv, call } = serverForFile({ railsInquiryAfterMs: INQUIRY_AFTER, staffSignInRateMax: 0 });

const { orderRow, transfersOf, disbursals } = orderRecords(srv);

/** a borrower whose loan is confirmed and whose payout has been sent to the sandbox, told `rule` for their account (their mobile as kept) first */
async function payingOut(rule: Record<string, unknown>) {
  const u = await register(call);
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: 'approve' });
  await srv.rails('accounts', { account: C.normalizeMobile(u.mobile), ...rule });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  const orderNo = ap.data.order.orderNo as string;
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  const gm = await call('getMoney', { orderNo, agree: true, idempotencyKey: idempotencyKey('gm') }, { token: u.token });
  assert.equal(gm.code, 0, JSON.stringify(gm));
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  return { ...u, orderNo };
}

/** a notice as the provider signs it (`salt`: another's to forge one) */
function notice(reference: string, amount: number, code: string, over: Record<string, string> = {}, salt = SANDBOX_SALT) {
  return signed(salt, {
    pp_TxnType: 'MWDISB',
    pp_MerchantID: SANDBOX_MERCHANT,
    pp_TxnRefNo: reference,
    pp_Amount: paisa(amount),
    pp_ResponseCode: code,
    pp_ResponseMessage: 'test',
    pp_RetreivalReferenceNo: 'RRN1',
    pp_SettledAt: pkStamp(Date.now()),
    ...over,
  });
}
const post = (body: unknown) =>
  fetch(srv.base + RAILS_NOTICE_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('a payout waits for the provider: the borrower sees it paying out; confirmed, the loan starts once, whatever notices follow', async () => {
  const u = await payingOut({ disburse: 'hold' });
  const [t] = await transfersOf(u.orderNo);
  assert.equal(t.state, 'pending');
  assert.equal((await call('latestOrder', {}, { token: u.token })).data.order.status, OrderStatus.Lending);
  assert.equal(await disbursals(u.orderNo), 0, 'no cash posted before the provider says so');
  // the status inquiry asks, the provider still holds it: nothing moves, nothing is started again
  await srv.dev('clock/advance', { ms: INQUIRY_AFTER + 1000 });
  assert.equal((await transfersOf(u.orderNo)).length, 1);
  assert.equal((await orderRow(u.orderNo)).status, OrderStatus.Lending);

  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  const [done] = await transfersOf(u.orderNo);
  assert.equal(done.state, 'succeeded');
  assert.equal((await orderRow(u.orderNo)).status, OrderStatus.Repaying);
  assert.equal(await disbursals(u.orderNo), 1);
  // the same notice again, a stale pending one, then a contradicting one: answered, and the loan is paid out once
  for (const code of [CODES.succeeded, CODES.pending, CODES.declined]) assert.equal((await post(notice(done.reference, done.amount, code))).status, 200);
  assert.equal(await disbursals(u.orderNo), 1);
  assert.equal((await orderRow(u.orderNo)).status, OrderStatus.Repaying);
  const [conflict] = await srv.deps.db.selectFrom('rail_exceptions').selectAll().where('reference', '=', done.reference).execute();
  assert.equal(conflict?.kind, 'conflict', 'a failure said after the success is put before operations');
});

test('a notice not signed by the provider, of another amount or of no transfer of ours moves nothing', async () => {
  const u = await payingOut({ disburse: 'hold' });
  const [t] = await transfersOf(u.orderNo);
  assert.equal((await post(notice(t.reference, t.amount, CODES.succeeded, {}, 'not-the-salt'))).status, 401);
  const tampered = { ...notice(t.reference, t.amount, CODES.succeeded), pp_Amount: paisa(t.amount * 2) };
  assert.equal((await post(tampered)).status, 401);
  assert.equal((await post({ pp_TxnRefNo: t.reference })).status, 401);
  assert.equal((await post(notice('PO0000000000000000', t.amount, CODES.succeeded))).status, 404);
  assert.equal((await orderRow(u.orderNo)).status, OrderStatus.Lending);
  // signed, but another amount than we asked: nothing posted, the transfer waits for operations
  assert.equal((await post(notice(t.reference, t.amount + 100, CODES.succeeded))).status, 200);
  assert.equal((await transfersOf(u.orderNo))[0].state, 'unknown');
  assert.equal(await disbursals(u.orderNo), 0);
  const [ex] = await srv.deps.db.selectFrom('rail_exceptions').selectAll().where('reference', '=', t.reference).execute();
  assert.equal(ex.kind, 'amount');
});

test('a lost notice and a start that timed out: the status inquiry finds the result', async () => {
  const lost = await payingOut({ disburse: 'ok', faults: { lose: true } });
  assert.equal((await transfersOf(lost.orderNo))[0].state, 'pending');
  assert.equal((await orderRow(lost.orderNo)).status, OrderStatus.Lending);
  await srv.dev('clock/advance', { ms: INQUIRY_AFTER + 1000 });
  assert.equal((await transfersOf(lost.orderNo))[0].state, 'succeeded');
  assert.equal((await orderRow(lost.orderNo)).status, OrderStatus.Repaying);
  assert.equal(await disbursals(lost.orderNo), 1);
});

test('a collection in flight: the cashier answers pending, no other payment starts, it is credited once confirmed', async () => {
  const u = await disbursedLoan(srv);
  await srv.rails('accounts', { account: C.normalizeMobile(u.mobile), collect: 'hold' });
  const c = await call('repaymentConfirm', { orderNo: u.orderNo, amount: 1000, idempotencyKey: idempotencyKey('c') }, { token: u.token });
  assert.equal(c.code, 0, JSON.stringify(c));
  const p = await call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'jazzcash' }, { token: u.token });
  assert.equal(p.data.payment.status, 'pending');
  assert.equal(p.data.order.amountPaid ?? 0, 0);
  // tapped again: the same payment, still pending, nothing started twice
  const again = await call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'jazzcash' }, { token: u.token });
  assert.equal(again.data.payment.status, 'pending');
  assert.equal((await transfersOf(u.orderNo)).filter((t) => t.kind === 'collection').length, 1);
  const other = await call('repaymentConfirm', { orderNo: u.orderNo, amount: 500, idempotencyKey: idempotencyKey('c') }, { token: u.token });
  assert.equal(other.code, ErrorCode.paymentInProgress);
  assert.match(other.msg, /being processed/);
  // past the payment's expiry: a payment the provider is collecting is not expired under it
  await srv.dev('clock/advance', { ms: 31 * 60_000 });
  assert.equal((await call('cashierResult', { payOrderId: c.data.payment.payOrderId }, { token: u.token })).data.payment.status, 'pending');

  await srv.dev('force', { mobile: u.mobile, payment: 'ok' });
  const r = await call('cashierResult', { payOrderId: c.data.payment.payOrderId }, { token: u.token });
  assert.equal(r.data.payment.status, 'success');
  assert.equal(r.data.order.amountPaid, 1000);
});

test('reconciliation: each mismatch of the settlement file is an exception with its evidence, listed for operations with the failed payouts', async () => {
  const api = staffApi(srv.base);
  const agent = await api.member('agent');
  const a = await disbursedLoan(srv);
  const b = await disbursedLoan(srv);
  const failed = await payingOut({ disburse: 'fail' });
  assert.equal((await orderRow(failed.orderNo)).status, OrderStatus.PayFail);
  const [ta] = await transfersOf(a.orderNo);
  const [tb] = await transfersOf(b.orderNo);
  await srv.rails('file-fault', { kind: 'omit', reference: ta.reference });
  await srv.rails('file-fault', { kind: 'amount', reference: tb.reference, amount: tb.amount + 1 });
  await srv.rails('file-fault', { kind: 'extra', amount: 777 });
  const { file } = await srv.rails('cutoff', {});
  const run = await srv.dev('jobs/run', {});
  assert.equal(run.jobs?.reconciled, 1, JSON.stringify(run));
  const read = await srv.deps.db.selectFrom('settlement_files').selectAll().where('name', '=', file).executeTakeFirst();
  assert.ok(read, 'the file was read');

  const ex = await api.call('GET', '/rails/exceptions', { token: agent.token });
  assert.equal(ex.status, 200);
  const byRef = (r: string) => ex.body.exceptions.find((e: { reference: string }) => e.reference === r);
  assert.equal(byRef(ta.reference)?.kind, 'missing');
  assert.equal(byRef(ta.reference).evidence.ledgerCash, ta.amount);
  assert.equal(byRef(tb.reference)?.kind, 'amount');
  assert.deepEqual([byRef(tb.reference).evidence.line.amount, byRef(tb.reference).evidence.ledgerCash], [tb.amount + 1, tb.amount]);
  const extra = ex.body.exceptions.find(
    (e: { kind: string; evidence: { line?: { amount: number } } }) => e.kind === 'extra' && e.evidence.line?.amount === 777,
  );
  assert.ok(extra, JSON.stringify(ex.body));
  // read again at the next run: nothing added twice
  await srv.dev('jobs/run', {});
  assert.equal((await api.call('GET', '/rails/exceptions', { token: agent.token })).body.exceptions.length, ex.body.exceptions.length);

  const tr = await api.call('GET', '/rails/transfers', { token: agent.token });
  assert.ok(tr.body.transfers.some((t: { orderNo: string; state: string }) => t.orderNo === failed.orderNo && t.state === 'failed'));
  assert.ok(
    tr.body.transfers.every((t: { account: string }) => /^\*+\d{4}$/.test(t.account)),
    'accounts masked',
  );
  const reviewer = await api.member('reviewer');
  assert.equal((await api.call('GET', '/rails/exceptions', { token: reviewer.token })).status, 403);
});

test("an extension's fee goes through the rails: declined, nothing moves; held, the due date moves once the provider confirms", async () => {
  const u = await disbursedLoan(srv);
  const before = await orderRow(u.orderNo);
  await srv.dev('force', { mobile: u.mobile, payment: 'fail' });
  const declined = await call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: idempotencyKey('ext'), channelId: 'easypaisa' }, { token: u.token });
  assert.equal(declined.code, ErrorCode.paymentFailed);
  assert.equal((await orderRow(u.orderNo)).due_at, before.due_at);

  await srv.rails('accounts', { account: C.normalizeMobile(u.mobile), collect: 'hold' });
  const k = idempotencyKey('ext');
  const held = await call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: k, channelId: 'easypaisa' }, { token: u.token });
  assert.equal(held.code, ErrorCode.paymentInProgress);
  assert.equal((await orderRow(u.orderNo)).due_at, before.due_at, 'not moved before the fee is confirmed');
  await srv.dev('force', { mobile: u.mobile, payment: 'ok' });
  const moved = await orderRow(u.orderNo);
  assert.equal(moved.extension_count, 1);
  assert.ok(moved.due_at! > before.due_at!);
  // the same key again: the extension paid, answered
  const again = await call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: k, channelId: 'easypaisa' }, { token: u.token });
  assert.equal(again.code, 0, JSON.stringify(again));
  assert.equal((await orderRow(u.orderNo)).extension_count, 1);
});
