import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, onboard, codeFor, DAY, JPEG } from './helpers';
import C from '../src/api/contract';
import { POLICY } from '../src/settings/policy';
import { pkDate } from '../src/core/time';

const { OrderStatus: S, ErrorCode: E } = C;
const { srv, call } = serverForFile({ sessionTtlDays: 3650 });

const minutes = (n: number) => n * 60_000;
async function jobs(ms = minutes(2)) {
  return srv.dev('clock/advance', { ms });
}
async function latest(token: string) {
  const a = await call('latestOrder', {}, { token });
  assert.equal(a.code, 0);
  return a.data.order;
}

async function approvedOrder(force: 'approve' | 'reject' = 'approve') {
  const u = await register(call);
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: force });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  assert.equal(ap.data.order.status, S.Applying);
  await jobs();
  return { ...u, orderNo: ap.data.order.orderNo as string };
}
async function disbursed(payout: 'ok' | 'fail' = 'ok') {
  const u = await approvedOrder();
  await srv.dev('force', { mobile: u.mobile, payout });
  const gm = await call('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: 'getmoney-0001' }, { token: u.token });
  assert.equal(gm.code, 0, JSON.stringify(gm));
  assert.equal(gm.data.order.status, S.Lending);
  await jobs();
  return u;
}

test('registration -> onboarding steps drive the order status -> review -> confirm -> lending -> repaid, limit raised', async () => {
  const u = await register(call);
  // apply before any profile: the order waits at the first missing step
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.code, 0);
  assert.equal(ap.data.order.status, S.BasicInfo);
  const f = ap.data.order.figures;
  assert.deepEqual([f.processingFee, f.feeTax, f.interest, f.disbursalAmount, f.totalRepayable], [150, 27, 410, 4823, 5410]);
  assert.ok(f.apr > 0);
  await onboard(call, u.token, ['images', 'addition', 'card', 'questionnaire']);
  assert.equal((await latest(u.token)).status, S.IdentityOCR);
  await onboard(call, u.token, ['basic', 'addition', 'card', 'questionnaire']);
  assert.equal((await latest(u.token)).status, S.Addition);
  await onboard(call, u.token, ['basic', 'images', 'card', 'questionnaire']);
  assert.equal((await latest(u.token)).status, S.BindCard);
  await onboard(call, u.token, ['basic', 'images', 'addition', 'questionnaire']);
  assert.equal((await latest(u.token)).status, S.Question);
  await onboard(call, u.token, ['basic', 'images', 'addition', 'card']);
  let o = await latest(u.token);
  assert.equal(o.status, S.Applying);
  assert.ok(o.reviewEndsAt);
  // transparent scoring approves this profile (no forcing)
  await jobs();
  o = await latest(u.token);
  assert.equal(o.status, S.Confirm, JSON.stringify(o.history));
  const cp = await call('confirmProductInfo', { orderNo: o.orderNo }, { token: u.token });
  assert.equal(cp.code, 0);
  assert.ok(cp.data.bankCard.accountMasked.endsWith('4567'));
  const gm = await call('getMoney', { orderNo: o.orderNo, agree: true, idempotencyKey: 'getmoney-0002' }, { token: u.token });
  assert.equal(gm.data.order.status, S.Lending);
  await jobs();
  o = await latest(u.token);
  assert.equal(o.status, S.Repaying);
  assert.ok(o.dueDate);
  const det = await call('repaymentDetail', { orderNo: o.orderNo }, { token: u.token });
  // interest accrues per day held: repaid on day 1, one day's interest (5000 x 0.09 %)
  // the card coupon, granted once with the first account, came off this loan
  assert.equal(det.data.reduction, POLICY.cardCoupon);
  assert.equal(det.data.amountDue, 5005 - POLICY.cardCoupon);
  assert.equal(det.data.order.figures.interestAccrued, 5);
  assert.equal(det.data.order.figures.daysHeld, 1);
  assert.equal(det.data.minRepayment, 1000);
  const chans = await call('cashierChannels', { orderNo: o.orderNo }, { token: u.token });
  assert.ok(chans.data.channels.length >= 3);
  assert.equal(chans.data.channels.find((c: { channelId: string }) => c.channelId === 'easypaisa').name, 'Easypaisa');
  const inUrdu = (await call('cashierChannels', { orderNo: o.orderNo }, { token: u.token, lang: 'ur' })).data.channels;
  assert.deepEqual(
    inUrdu.map((c: { name: string }) => c.name),
    ['ڈیبٹ کارڈ', 'ایزی پیسہ', 'جاز کیش', 'نیٹ بینکنگ'],
    'payment channels named in Urdu',
  );
  assert.equal(chans.data.amountDue, 5005 - POLICY.cardCoupon);
  const bt = await call('bankTransferInfo', { orderNo: o.orderNo }, { token: u.token });
  assert.equal(bt.data.reference, o.orderNo);
  assert.equal(bt.data.confirmMinutes, 15);
  assert.equal(bt.data.bankName, 'Meezan Bank');
  assert.equal(
    (await call('bankTransferInfo', { orderNo: o.orderNo }, { token: u.token, lang: 'ur' })).data.bankName,
    'میزان بینک',
    "the bank in the borrower's language",
  );
  const mi = await call('marketIndex', {}, { token: u.token });
  assert.equal(mi.data.loggedIn, true);
  assert.equal(mi.data.homeStatus, 'repaying');
  assert.equal(mi.data.latestOrder.orderNo, o.orderNo);
  assert.equal(mi.data.availableLimit, 0);
  const rec = await call('lendingRecord');
  // aggregate only: nobody's number or loan is shown to others
  assert.deepEqual(Object.keys(rec.data).sort(), ['amount', 'days', 'loans']);
  assert.ok(rec.data.loans >= 1 && rec.data.amount >= 5000, JSON.stringify(rec.data));
  const agr = await call('loanAgreement', { orderNo: o.orderNo }, { token: u.token });
  assert.equal(agr.data.borrowerName, 'Ali Khan');
  // below minimum
  const low = await call('repaymentConfirm', { orderNo: o.orderNo, amount: 500, idempotencyKey: 'k-low-00001' }, { token: u.token });
  assert.equal(low.code, E.belowMinimumRepayment);
  assert.match(low.msg, /1000/);
  // partial then full, through the cashier
  const p1 = await call('repaymentConfirm', { orderNo: o.orderNo, amount: 2000, idempotencyKey: 'k-part-0001' }, { token: u.token });
  assert.equal(p1.code, 0);
  const again = await call('repaymentConfirm', { orderNo: o.orderNo, amount: 2000, idempotencyKey: 'k-part-0001' }, { token: u.token });
  assert.equal(again.data.payment.payOrderId, p1.data.payment.payOrderId, 'idempotent retry');
  const dup = await call('repaymentConfirm', { orderNo: o.orderNo, amount: 2500, idempotencyKey: 'k-part-0001' }, { token: u.token });
  assert.equal(dup.code, E.duplicatePayment);
  const noCh = await call('cashierPay', { payOrderId: p1.data.payment.payOrderId, channelId: 'bitcoin' }, { token: u.token });
  assert.equal(noCh.code, E.noPaymentMethod);
  const pay1 = await call('cashierPay', { payOrderId: p1.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token });
  assert.equal(pay1.data.payment.status, 'success');
  const pay1b = await call('cashierPay', { payOrderId: p1.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token });
  assert.equal(pay1b.data.order.amountPaid, 2000, 'paying twice does not double count');
  const p2 = await call('repaymentConfirm', { orderNo: o.orderNo, amount: 3005 - POLICY.cardCoupon, idempotencyKey: 'k-full-0001' }, { token: u.token });
  const pay2 = await call('cashierPay', { payOrderId: p2.data.payment.payOrderId, channelId: 'card' }, { token: u.token });
  assert.equal(pay2.data.order.status, S.Finish);
  const res = await call('cashierResult', { payOrderId: p2.data.payment.payOrderId }, { token: u.token });
  assert.equal(res.data.payment.status, 'success');
  const ci = await call('creditInfo', {}, { token: u.token });
  assert.equal(ci.data.creditLimit, 30000);
  assert.equal(ci.data.raises.length, 1);
  const list = await call('orderList', {}, { token: u.token });
  assert.equal(list.data.items[0].statusText, 'finished');
  // reloan now possible up to the new limit, reloan product unlocked
  const pl = await call('productList', {}, { token: u.token });
  assert.ok(pl.data.products.find((p: any) => p.productId === 'P004').available);
});

test('rejected: reapply to the lender that refused only after 30 days; recommendation offered', async () => {
  const u = await approvedOrder('reject');
  const o = await latest(u.token);
  assert.equal(o.status, S.Reject);
  assert.ok(o.reapplyAt);
  const rr = await call('rejectRecommendation', {}, { token: u.token });
  assert.equal(rr.data.recommend, true);
  const again = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(again.code, E.reapplyLater);
  assert.equal(again.data.days, 30);
  // home says rejected (with the date it opens) until then, and offers to apply again after
  assert.equal((await call('marketIndex', {}, { token: u.token })).data.homeStatus, 'rejected');
  await srv.dev('clock/advance', { ms: 30 * DAY + 1000, runJobs: false });
  const home = (await call('marketIndex', {}, { token: u.token })).data;
  assert.equal(home.homeStatus, 'canLoan');
  assert.equal((await call('latestOrder', {}, { token: u.token })).data.homeStatus, 'canLoan');
  const later = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(later.code, 0, JSON.stringify(later));
});

test('pay failed -> new card -> getMoney again -> repaying', async () => {
  const u = await disbursed('fail');
  let o = await latest(u.token);
  assert.equal(o.status, S.PayFail);
  assert.equal(o.homeStatus, 'failed');
  const card = await call(
    'addBankCard',
    {
      cardType: 'bank',
      bankIndex: 18,
      accountNumber: '01234567890123',
      confirmAccountNumber: '01234567890123',
      cardHolder: 'Ali Khan',
      accountCode: await codeFor(call, u.token),
    },
    { token: u.token },
  );
  assert.equal(card.code, 0, JSON.stringify(card));
  o = await latest(u.token);
  assert.equal(o.status, S.GetMoney);
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  await call('getMoney', { orderNo: o.orderNo, agree: true, idempotencyKey: 'getmoney-0003' }, { token: u.token });
  await jobs();
  assert.equal((await latest(u.token)).status, S.Repaying);
});

test('overdue: penalty 2%/day capped at principal, then extension moves the due date', async () => {
  const u = await disbursed();
  // three Pakistan calendar days after the due date (an hour into the third)
  const dueDay = Date.parse(`${(await latest(u.token)).dueDate}T00:00:00+05:00`);
  // before the due date the extension's days are added to the due date; overdue, to today (the screen says which)
  const early = (await call('extensionData', { orderNo: (await latest(u.token)).orderNo }, { token: u.token })).data;
  assert.equal(early.fromToday, false);
  assert.equal(early.newDueDate, pkDate(dueDay + early.extensionDays * DAY));
  await srv.dev('clock/advance', { ms: dueDay + 3 * DAY + 3_600_000 - srv.deps.clock.now() });
  let o = await latest(u.token);
  assert.equal(o.status, S.Overdued);
  assert.equal(o.figures.overdueDays, 3);
  assert.equal(o.figures.overdueFee, 300);
  assert.equal(o.amountDue, 5410 + 300 - POLICY.cardCoupon);
  const ex = await call('extensionData', { orderNo: o.orderNo }, { token: u.token });
  assert.equal(ex.data.available, true);
  assert.equal(ex.data.extensionFee, 250 + 300);
  assert.equal(ex.data.fromToday, true);
  assert.equal(ex.data.newDueDate, pkDate(srv.deps.clock.now() + ex.data.extensionDays * DAY));
  const ce = await call('confirmExtension', { orderNo: o.orderNo, idempotencyKey: 'ext-key-0000', channelId: 'easypaisa' }, { token: u.token });
  assert.equal(ce.code, 0, JSON.stringify(ce));
  assert.equal(ce.data.order.status, S.Repaying);
  assert.equal(ce.data.order.extensionCount, 1);
  // the penalty was paid with the fee: it stays in the figures as paid, what is due is principal + interest
  assert.equal(ce.data.order.figures.overdueFee, 300);
  assert.equal(ce.data.order.amountDue, 5410 - POLICY.cardCoupon);
  // a second extension with its own key; the same key again answers the same extension (charged once)
  const k = await call('confirmExtension', { orderNo: o.orderNo, idempotencyKey: 'ext-key-0001', channelId: 'easypaisa' }, { token: u.token });
  const k2 = await call('confirmExtension', { orderNo: o.orderNo, idempotencyKey: 'ext-key-0001', channelId: 'easypaisa' }, { token: u.token });
  assert.equal(k.code, 0);
  assert.equal(k2.code, 0);
  assert.equal(k2.data.order.extensionCount, 2);
  // far overdue: penalty capped at the principal
  await srv.dev('clock/advance', { ms: 200 * DAY });
  o = await latest(u.token);
  assert.equal(o.status, S.Overdued);
  assert.equal(o.figures.overdueFee, 5000);
  // proof of repayment -> accepted -> finished late: no limit raise
  const up = await call('proofUpload', { orderNo: o.orderNo }, { token: u.token, file: { data: JPEG } });
  assert.equal(up.code, 0);
  const sa = await call('saveAdditional', { orderNo: o.orderNo, fileId: up.data.fileId, amount: o.amountDue, transactionRef: 'TRX123456' }, { token: u.token });
  assert.equal(sa.code, 0, JSON.stringify(sa));
  const ps = await call('proofStatus', { orderNo: o.orderNo }, { token: u.token });
  assert.equal(ps.data.proofs[0].status, 'pending');
  const acc = await srv.dev('proof', { proofId: sa.data.proof.proofId, accept: true });
  assert.equal(acc.ok, true);
  o = await latest(u.token);
  assert.equal(o.status, S.Finish);
  const ci = await call('creditInfo', {}, { token: u.token });
  assert.equal(ci.data.creditLimit, 5000);
});

test('cancel with reason; cannot cancel in review; unconfirmed order expires after 24 h', async () => {
  const u = await register(call);
  const ap = await call('applyMarket', { productId: 'P001', amount: 3000, tenureDays: 91 }, { token: u.token });
  // exactly one reason: none is refused on the field, and the order stays
  const none = await call('cancelOrder', { id: ap.data.order.orderNo }, { token: u.token });
  assert.equal(none.code, E.validationFailed);
  assert.equal(none.data.fields.reason, 'validation.cancelReason');
  assert.equal((await latest(u.token)).status, ap.data.order.status);
  const c = await call('cancelOrder', { id: ap.data.order.orderNo, reason: 'noLongerNeeded' }, { token: u.token });
  assert.equal(c.code, 0);
  assert.equal(c.data.order.status, S.Cancel);
  assert.equal(c.data.order.cancelReason, 'noLongerNeeded');
  const c2 = await call('cancelOrder', { id: ap.data.order.orderNo, reason: 'other' }, { token: u.token });
  assert.equal(c2.code, E.orderNotCancellable);

  const v = await register(call);
  await onboard(call, v.token);
  const ap2 = await call('applyMarket', { productId: 'P001', amount: 3000, tenureDays: 91 }, { token: v.token });
  assert.equal(ap2.data.order.status, S.Applying);
  const c3 = await call('cancelOrder', { id: ap2.data.order.orderNo, reason: 'other' }, { token: v.token });
  assert.equal(c3.code, E.orderNotCancellable);

  const w = await approvedOrder();
  await srv.dev('clock/advance', { ms: 24 * 3_600_000 + 1000 });
  const o = await latest(w.token);
  assert.equal(o.status, S.Cancel);
  assert.equal(o.cancelReason, 'expired');
  const gm = await call('getMoney', { orderNo: o.orderNo, agree: true, idempotencyKey: 'getmoney-0004' }, { token: w.token });
  assert.equal(gm.code, E.orderWrongState);
});

test('one loan at a time under 50 parallel applies', async () => {
  const u = await register(call);
  const all = await Promise.all(Array.from({ length: 50 }, () => call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token })));
  const ok = all.filter((a) => a.code === 0);
  assert.equal(ok.length, 1, JSON.stringify(all.map((a) => a.code)));
  assert.ok(all.every((a) => a.code === 0 || a.code === E.oneLoanAtATime));
  const list = await call('orderList', {}, { token: u.token });
  assert.equal(list.data.total, 1);
});

test("a user reading another user's order gets nothing", async () => {
  const a = await register(call);
  const b = await register(call);
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: a.token });
  const orderNo = ap.data.order.orderNo;
  for (const name of ['confirmProductInfo', 'repaymentDetail', 'extensionData', 'uploadStatus', 'bankTransferInfo', 'proofStatus'] as const) {
    const r = await call(name, { orderNo }, { token: b.token });
    assert.equal(r.code, E.notFound, name);
    assert.equal(r.data, null);
  }
  assert.equal((await call('cancelOrder', { id: orderNo, reason: 'other' }, { token: b.token })).code, E.notFound);
  assert.equal((await call('loanAgreement', { orderNo }, { token: b.token })).code, E.notFound);
  const list = await call('orderList', {}, { token: b.token });
  assert.equal(list.data.total, 0);
});

test('retention: a rejected applicant’s data is deleted after 7 days, logged', async () => {
  const u = await approvedOrder('reject');
  let prof = await call('userProfile', {}, { token: u.token });
  assert.ok(prof.data.basicInfo);
  await srv.dev('clock/advance', { ms: 8 * DAY });
  prof = await call('userProfile', {}, { token: u.token });
  assert.equal(prof.data.basicInfo, null);
  assert.equal(prof.data.documents.length, 0);
  const log = await srv.deps.db.selectFrom('audit_log').selectAll().where('kind', '=', 'retention.delete').execute();
  assert.ok(log.length >= 1);

  // they apply again (another lender), giving their data again, and are refused again: erased again after the period
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: 'reject' });
  const again = await call('applyMarket', { productId: 'P002', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(again.code, 0, JSON.stringify(again));
  await jobs();
  assert.ok((await call('userProfile', {}, { token: u.token })).data.basicInfo, 'kept while the new refusal is recent');
  await srv.dev('clock/advance', { ms: 8 * DAY });
  prof = await call('userProfile', {}, { token: u.token });
  assert.equal(prof.data.basicInfo, null, 'the data given again is erased too');
  assert.equal(prof.data.documents.length, 0);
});
