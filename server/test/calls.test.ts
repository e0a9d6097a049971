import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, onboard, png } from './helpers';
import C from '../src/api/contract';

const { ErrorCode: E, OrderStatus: S } = C;
const { call } = serverForFile({ ocrEnabled: true });

test('public content and configuration calls', async () => {
  const cfg = await call('marketConfig');
  assert.equal(cfg.code, 0);
  assert.deepEqual(cfg.data.calculator, { min: 3000, max: 25000 });
  assert.equal(cfg.data.reviewCountdownSeconds, 300);
  assert.equal(cfg.data.minRepayment, 1000);
  assert.equal(cfg.data.firstLoanCap, 5000);
  assert.equal(cfg.data.reloanCap, 30000);
  assert.equal(cfg.data.permissions.length, 7);
  const idx = await call('marketIndex');
  assert.equal(idx.data.loggedIn, false);
  assert.equal(idx.data.homeStatus, 'canLoan');
  assert.ok(idx.data.products.length >= 3);
  for (const p of idx.data.products) assert.ok(p.annualInterestRate <= 36 && p.tenures.every((t: number) => t >= 91));
  const banks = await call('bankList');
  assert.equal(banks.data.banks.length, 46);
  assert.deepEqual(
    banks.data.wallets.map((w: any) => w.index),
    [14, 31],
  );
  const st = await call('states');
  assert.deepEqual(
    st.data.states.map((s: any) => s.code),
    ['KPK', 'BAL', 'PUN', 'SIN', 'ISB'],
  );
  assert.equal(st.data.states.find((s: any) => s.code === 'ISB').cities.length, 1);
  for (const lang of ['en', 'es', 'ur']) {
    const f = await call('faq', { lang });
    assert.equal(f.data.lang, lang);
    assert.ok(f.data.sections[0].problems.length > 0);
  }
  for (const type of ['privacy', 'terms', 'data', 'pdPop', 'aboutUs', 'customerGuide']) {
    const p = await call('policy', { type }, { lang: 'ur' });
    assert.equal(p.code, 0, type);
    assert.equal(p.data.lang, 'ur');
  }
  assert.equal((await call('policy', { type: 'nope' })).code, E.validationFailed);
  const cs = await call('customerService');
  assert.equal(cs.data.hours, '9:00-18:00');
  assert.ok(cs.data.whatsapp);
  assert.ok((await call('repayColor')).data.overdue);
  assert.equal((await call('appDownloadAddress')).code, 0);
  assert.equal((await call('countryIp')).data.countryCode, 'PK');
  assert.equal((await call('countryCode')).data.currency, 'PKR');
  assert.equal((await call('lendingRecord')).code, 0);
  assert.equal((await call('repayProducts')).code, 0);
  const q = await call('questionnaire', { lang: 'es' });
  assert.equal(q.data.questions.length, 11);
  assert.match(q.data.questions[0].title, /préstamo/);
});

test('products, step amounts, index, calculator, agreement', async () => {
  const u = await register(call);
  const pl = await call('productList', {}, { token: u.token });
  assert.equal(pl.data.creditLimit, 5000);
  assert.ok(!pl.data.products.some((p: any) => p.productId === 'P004'), 'the reloan product: listed to repeat borrowers only');
  const sa = await call('stepAmount', { productId: 'P001' }, { token: u.token });
  assert.equal(sa.data.max, 5000);
  assert.deepEqual(sa.data.amounts.slice(0, 3), [1000, 1500, 2000]);
  const pi = await call('productIndex', { productId: 'P002' }, { token: u.token });
  assert.equal(pi.data.defaultAmount, 5000);
  assert.equal(pi.data.figures.loanAmount, 5000);
  assert.equal((await call('productIndex', { productId: 'NOPE' })).code, E.productNotFound);
  const c = await call('calculator', { amount: 10000, productId: 'P002', tenureDays: 180 });
  const f = c.data.figures;
  assert.equal(f.processingFee, 400);
  assert.equal(f.feeTax, 72);
  assert.equal(f.interest, 1440);
  assert.equal(f.disbursalAmount, 9528);
  assert.equal(f.totalRepayable, 11440);
  assert.equal((await call('calculator', { amount: 10000, productId: 'P002', tenureDays: 30 })).code, E.tenureNotOffered);
  const ag = await call('loanAgreement', { productId: 'P001', amount: 3000, tenureDays: 91 });
  assert.equal(ag.data.figures.loanAmount, 3000);
  assert.ok(ag.data.sections.length >= 4);
  assert.equal((await call('applyMarket', { productId: 'P001', amount: 6000, tenureDays: 91 }, { token: u.token })).code, E.creditLimitExceeded);
  assert.equal((await call('applyMarket', { productId: 'P001', amount: 1234, tenureDays: 91 }, { token: u.token })).code, E.amountOutOfRange);
  assert.equal((await call('applyMarket', { productId: 'P004', amount: 1000, tenureDays: 91 }, { token: u.token })).code, E.productNotFound);
  const ci = await call('creditInfo', {}, { token: u.token });
  assert.equal(ci.data.nextLimit, 30000);
});

test('upload-time gate, profile, questionnaire answers, OCR offline', async () => {
  const u = await register(call);
  await onboard(call, u.token);
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.data.order.status, S.Applying);
  const orderNo = ap.data.order.orderNo;
  const en = await call('uploadEnable', { orderNo }, { token: u.token });
  assert.equal(en.code, 0);
  for (const k of ['enableTimeSdk', 'message', 'appList', 'sms', 'exif', 'device', 'contact', 'location']) assert.ok(k in en.data, k);
  const rep = await call('uploadReport', { orderNo, flags: { appList: true, sms: true } }, { token: u.token });
  assert.equal(rep.data.appList, true);
  const st = await call('uploadStatus', { orderNo }, { token: u.token });
  assert.equal(st.data.sms, true);
  assert.equal(st.data.location, false);
  assert.equal((await call('uploadStatus', { orderNo: 'LMX' }, { token: u.token })).code, E.notFound);
  const prof = await call('userProfile', {}, { token: u.token });
  assert.equal(prof.data.basicInfo.nationalIdMasked, '*********5671', 'the CNIC is read back masked only');
  assert.ok(!JSON.stringify(prof.data).includes('3520112345671'));
  assert.equal(prof.data.progress.questionnaire, true);
  const q = await call('questionnaire', {}, { token: u.token });
  assert.equal(q.data.answers.length, 11);
  const info = await call('getUserInfo', {}, { token: u.token });
  assert.equal(info.data.nextStep, null);
  // OCR with the packaged English data, no network: a card without text is refused in words (retake that side), never crashes
  const up = await call('uploadCurpFront', {}, { token: u.token, file: { data: png(), type: 'image/png', name: 'f.png' } });
  assert.equal(up.code, 0);
  const ocr = await call('curpOcr', { side: 'front' }, { token: u.token });
  assert.equal(ocr.code, E.frontUnreadable, JSON.stringify(ocr));
});
