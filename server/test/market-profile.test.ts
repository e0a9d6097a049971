/**
 * Issue 29: the pk-secp market profile through the server (PGlite, and PostgreSQL by the test command):
 * the profile checked at start and served, no charge deducted at payout, the total-cost cap on every
 * charge (penalty, extension fee), the risk warning and the exposure cap on applying, the cooling-off
 * withdrawal (the wait before a new application after it, the coupon given back, issue 38), terms edited on
 * a product never reaching a running loan, complaint tickets.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, onboard, DAY, JPEG, BASIC, type Basic, PROD } from './helpers';
import { checkLedger } from './ledgerInvariants';
import { journalsOf } from '../src/repos/ledger';
import { moneyFrom } from '../src/domain/balances';
import { EXAMPLE_LENDER, loadProfile, productProblems, productsOf, MarketProfileSchema } from '../src/market/profile';
import { loadConfig } from '../src/settings/config';
import { ecibBureau } from '../src/providers/bureau/ecib';
import { jsonb } from '../src/db/json';
import { figures } from '../src/domain/figures';
import { pkDate } from '../src/core/time';
import C from '../src/api/contract';
import { POLICY, PRODUCTS } from '../src/settings/policy';

const { OrderStatus: S, ErrorCode: E } = C;
const profile = loadProfile('pk-secp');
const P001 = productsOf(profile).find((p) => p.id === 'P001')!;
/** the CNICs the file's sandbox bureau is told of (the other borrowers carry BASIC's, of which it knows nothing) */
const OWING_CNIC = '4210198765431';

// an inquiry is given up after 300 ms (the sandbox keeps a `timeout` answer 2 s)
const { srv, call } = serverForFile({ sessionTtlDays: 3650, profile, bureauInquiryTimeoutMs: 300 });

let keySeq = 0;
// idempotency keys are 8-64 characters: "w-<pid>-1" alone was 7 with a 3-digit pid (a validationFailed seen on two runs)
const key = (what: string) => `${what}-key-${process.pid}-${++keySeq}`;
const order = (orderNo: string) => srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
const version = profile.riskWarning!.version;

async function borrower(mobile?: string, acknowledge = true, basic: Basic = BASIC) {
  const u = await register(call, mobile);
  await onboard(call, u.token, [], basic);
  await srv.dev('force', { mobile: u.mobile, review: 'approve' });
  if (acknowledge) assert.equal((await call('acknowledgeRiskWarning', { version, lang: 'ur' }, { token: u.token })).code, 0);
  return u;
}
async function disbursedLoan(amount = 5000, productId = 'P001', tenureDays = 30) {
  const u = await borrower();
  const ap = await call('applyMarket', { productId, amount, tenureDays }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  const orderNo = ap.data.order.orderNo as string;
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await call('getMoney', { orderNo, agree: true, idempotencyKey: key('gm') }, { token: u.token })).code, 0);
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await order(orderNo)).status, S.Repaying);
  return { ...u, orderNo };
}
const detail = async (u: { token: string; orderNo: string }) => (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data;
async function pay(u: { token: string; orderNo: string }, amount: number, purpose?: 'withdraw') {
  const c = await call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: key('pay'), ...(purpose ? { purpose } : {}) }, { token: u.token });
  if (c.code !== 0) return c;
  return call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token });
}
const fee = Math.round((5000 * P001.processingFeeRate) / 100);
const tax = Math.round((fee * P001.taxRate) / 100);
const interest30 = Math.round((5000 * P001.dailyInterestRate * 30) / 100);

test('the profile is checked at start: an unknown name, a rule without its source, and products breaking a cap are refused', () => {
  assert.throws(() => loadConfig({ MARKET_PROFILE: 'pk-xx' }), /MARKET_PROFILE must be one of spec, pk-secp/);
  assert.equal(loadConfig({}).profile.id, 'spec');
  const noSource = { ...profile, sources: { ...profile.sources, coolingOffHours: undefined } };
  assert.ok(!MarketProfileSchema.safeParse(noSource).success, 'coolingOffHours without a source');
  assert.deepEqual(productProblems(profile, productsOf(profile)), []);
  const bad = productsOf(profile).map((p) => (p.id === 'P001' ? { ...p, dailyInterestRate: 1.2, tenures: [30, 91], maxAmount: 60_000 } : p));
  const problems = productProblems(profile, bad).join('\n');
  assert.match(problems, /P001: daily rate 1.2% above 0.75%/);
  assert.match(problems, /P001: a tenure outside 7-90 days/);
  assert.match(problems, /P001: maximum above the single-loan cap of 50000/);
  assert.match(problems, /P001: fee, tax and 91 days' interest on 60000 above 100% of it/);
  // the spec's products under pk-secp's rules: tenures of 91 days and more
  assert.match(productProblems(profile, productsOf(loadProfile('spec'))).join('\n'), /tenure outside 7-90 days/);
});

test('served with the configuration: the rules, their sources, the lender, contacts and gallery never asked', async () => {
  const cfg = (await call('marketConfig')).data;
  assert.equal(cfg.profile.id, 'pk-secp');
  assert.equal(cfg.profile.chargesUpfront, false);
  assert.equal(cfg.profile.coolingOffHours, 24);
  assert.equal(cfg.profile.riskWarningVersion, version);
  assert.match(cfg.profile.sources.maxDailyRatePercent, /0\.75% a day/);
  assert.ok(cfg.profile.lender.corporateName && cfg.profile.lender.licence);
  assert.deepEqual(cfg.profile.permissionsOff, ['contacts', 'storage']);
  for (const k of ['contacts', 'storage'])
    assert.deepEqual(
      cfg.permissions.find((p: any) => p.key === k),
      { key: k, enabled: false, required: false },
    );
  const products = (await call('productList')).data.products;
  assert.ok(products.every((p: any) => p.maxAmount <= 50_000 && p.tenures.every((d: number) => d <= 90)));
});

test('the lender comes from configuration: the shipped one is an example, refused in production; both settings or neither', () => {
  const brands = [...new Set(PRODUCTS.map((t) => t.lenderName))];
  assert.deepEqual(loadConfig({ MARKET_PROFILE: 'pk-secp' }).profile.lender, { ...EXAMPLE_LENDER, brands });
  const own = { LENDER_CORPORATE_NAME: 'Real Lender (Private) Limited', LENDER_LICENCE: 'SECP/LRD/1/2025' };
  assert.deepEqual(loadConfig({ MARKET_PROFILE: 'pk-secp', ...own }).profile.lender, {
    corporateName: own.LENDER_CORPORATE_NAME,
    licence: own.LENDER_LICENCE,
    brands,
  });
  assert.throws(() => loadConfig({ MARKET_PROFILE: 'pk-secp', LENDER_LICENCE: 'x' }), /must be set together/);
  assert.throws(() => loadConfig({ ...own }), /market profile spec names no lender/);
  const prod = {
    ...PROD,
    OTP_SECRET: 's'.repeat(32),
    DATA_KEY: 'k'.repeat(32),
    MARKET_PROFILE: 'pk-secp',
  };
  assert.throws(() => loadConfig(prod), /LENDER_CORPORATE_NAME and LENDER_LICENCE must be set when NODE_ENV=production/);
  assert.equal(loadConfig({ ...prod, ...own }).profile.lender!.corporateName, own.LENDER_CORPORATE_NAME);
});

test('the FAQ and the data policy follow the profile: nothing deducted, its caps, cooling-off, complaints; contacts and storage never named', async () => {
  const text = async (lang: string) =>
    (await call('faq', { lang })).data.sections.flatMap((s: any) => s.problems.map((q: any) => `${q.subtitle} ${q.content}`)).join('\n');
  const en = await text('en');
  assert.match(en, /paid with your repayment: nothing is deducted, you receive the whole loan amount/);
  assert.doesNotMatch(en, /deducted when|36% a year/);
  assert.match(en, /never above 0\.75% a day/);
  assert.match(en, /never exceed 100% of the loan amount/);
  assert.match(en, /within 24 hours of receiving it[^]*Withdraw/);
  assert.match(en, /A new loan can then be applied for 30 days after the withdrawal/);
  assert.ok(en.includes(`within ${profile.complaints!.resolutionDays} days`) && en.includes(profile.complaints!.regulator.url));
  assert.ok(en.includes(`Rs ${profile.creditLadder.map((n) => n.toLocaleString('en-US')).join(' → ')}`), "the profile's ladder");
  const ur = await text('ur');
  assert.ok(ur.includes('کچھ نہیں کاٹا جاتا') && !ur.includes('ٹیکس کاٹا جاتا ہے'), ur);
  assert.ok(ur.includes('دستبرداری') && ur.includes(profile.complaints!.regulator.url));
  const figuresOf = (t: string) => (t.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/[.,]$/, '')).sort();
  for (const lang of ['es', 'ur']) assert.deepEqual(figuresOf(await text(lang)), figuresOf(en), `${lang} quotes the English figures`);
  for (const lang of ['en', 'ur'] as const) {
    const policy = JSON.stringify((await call('policy', { type: 'data', lang })).data);
    for (const name of lang === 'en' ? ['contacts', 'storage'] : ['رابطے', 'اسٹوریج']) assert.ok(!policy.includes(name), `${lang}: ${name}`);
    assert.ok(policy.includes(lang === 'en' ? 'camera' : 'کیمرہ'), lang);
  }
});

test('the data-collection task never reads contacts nor the photos of the gallery: those kinds are answered as done', async () => {
  const u = await borrower();
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  const st = (await call('uploadStatus', { orderNo: ap.data.order.orderNo }, { token: u.token })).data;
  assert.deepEqual([st.contact, st.exif, st.sms, st.location, st.appList, st.device], [true, true, false, false, false, false]);
});

test('no upfront deduction: the whole principal is paid out, the fee and tax are owed with the repayment', async () => {
  const calc = (await call('calculator', { productId: 'P001', amount: 5000, tenureDays: 30 })).data.figures;
  assert.equal(calc.disbursalAmount, 5000);
  assert.equal(calc.chargesUpfront, false);
  assert.equal(calc.totalRepayable, 5000 + interest30 + fee + tax);
  const u = await disbursedLoan();
  const o = await order(u.orderNo);
  const js = await journalsOf(srv.deps.db, [o.id]);
  const disbursal = js.find((j) => j.kind === 'disbursal')!;
  const leg = (a: string) => disbursal.legs.find((l) => l.account === a)?.amount;
  assert.equal(leg('cash'), -5000, 'the borrower receives the principal');
  assert.equal(leg('fee'), fee + tax, 'fee and tax receivable');
  assert.equal(leg('feeIncome'), -fee);
  assert.equal(leg('taxPayable'), -tax);
  const d = await detail(u);
  const coupon = d.order.figures.reduction;
  // repaying on the first day: one day's interest, the fee and the tax
  const oneDay = Math.round((5000 * P001.dailyInterestRate) / 100);
  assert.equal(d.amountDue, 5000 + oneDay + fee + tax - coupon);
  assert.equal(d.order.schedule[0].charges, fee + tax);
  const p = await pay(u, d.amountDue);
  assert.equal(p.data.payment.status, 'success', JSON.stringify(p));
  assert.equal((await order(u.orderNo)).status, S.Finish);
  await checkLedger(srv.deps.db, o.id);
});

test('the total-cost cap: the penalty stops where every charge together reaches the principal', async () => {
  const u = await disbursedLoan();
  const o0 = await order(u.orderNo);
  // past the day the penalty reaches what the cap leaves
  const days = Math.ceil(((5000 - fee - tax - interest30) * 100) / (5000 * P001.penaltyRatePerDay)) + 5;
  await srv.dev('clock/advance', { ms: o0.due_at! - srv.deps.clock.now() + days * DAY });
  const o = await order(u.orderNo);
  const m = moneyFrom(await journalsOf(srv.deps.db, [o.id]));
  const charged = -(m.bal.feeIncome + m.bal.taxPayable + m.bal.interestIncome + m.bal.penaltyIncome);
  assert.equal(charged, 5000, 'fee + tax + interest + penalty == the principal exactly');
  assert.equal(m.penaltyAccrued, 5000 - fee - tax - interest30);
  const d = await detail(u);
  assert.equal(d.order.figures.overdueFee, m.penaltyAccrued, 'the figure shown is the ledger');
  // the cap is reached past the 90 days a loan may run (issue 45): no extension is left to sell
  const x = (await call('extensionData', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.deepEqual([x.available, x.reason, x.extensionFee, x.amountDueNow], [false, 'maxLoanDays', 0, d.amountDue], JSON.stringify(x));
  await checkLedger(srv.deps.db, o.id);
});

test('issue 45: extensions keep the whole loan within the 90 days: one that fits is sold, a longer one is shortened (its fee in proportion), none is left at the last day', async () => {
  assert.equal(profile.extensionsWithinTenure, true);
  assert.ok(productsOf(profile).every((t) => t.maxLoanDays === 90));
  assert.ok(
    productsOf(loadProfile('spec')).every((t) => t.maxLoanDays === null),
    'the spec market has no such bound',
  );
  const P002 = productsOf(profile).find((p) => p.id === 'P002')!;
  const quote = async (u: { token: string; orderNo: string }) => (await call('extensionData', { orderNo: u.orderNo }, { token: u.token })).data;
  const extend = (u: { token: string; orderNo: string }, lang = 'en') =>
    call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: key('ext'), channelId: 'easypaisa' }, { token: u.token, lang });

  // a 60-day loan extended on time: 60 + 30 = 90 days, the whole extension
  const u = await borrower();
  const ap = await call('applyMarket', { productId: 'P002', amount: 5000, tenureDays: 60 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  const orderNo = ap.data.order.orderNo as string;
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await call('getMoney', { orderNo, agree: true, idempotencyKey: key('gm') }, { token: u.token })).code, 0);
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  const loan = { ...u, orderNo };
  const o = await order(orderNo);
  let q = await quote(loan);
  assert.equal(q.available, true, JSON.stringify(q));
  assert.deepEqual([q.extensionDays, q.shortened, q.maxLoanDays], [30, false, 90]);
  assert.equal(q.ownFee, Math.round((5000 * P002.extensionFeeRate) / 100));
  assert.equal((await extend(loan)).code, 0);
  assert.equal((await order(orderNo)).due_at, o.disbursed_at! + 90 * DAY);
  // the second extension the product allows would reach 120 days: not offered, and refused in the borrower's language
  q = await quote(loan);
  assert.deepEqual([q.available, q.reason, q.extensionFee], [false, 'maxLoanDays', 0]);
  const en = await extend(loan);
  assert.equal(en.code, E.extensionPastMaxLoanDays);
  assert.match(en.msg, /at most 90 days from its payout, extensions included/);
  assert.match((await extend(loan, 'ur')).msg, /زیادہ سے زیادہ 90 دن/);
  assert.equal((await order(orderNo)).due_at, o.disbursed_at! + 90 * DAY, 'the due date stays');
  await checkLedger(srv.deps.db, o.id);

  // a 60-day loan five days overdue: counted from today, 30 days would pass day 90; shortened to the whole days left
  const late = await disbursedLoan(5000, 'P002', 60);
  const lo = await order(late.orderNo);
  await srv.dev('clock/advance', { ms: lo.due_at! - srv.deps.clock.now() + 5 * DAY + 60_000 });
  q = await quote(late);
  const left = Math.floor((lo.disbursed_at! + 90 * DAY - srv.deps.clock.now()) / DAY);
  assert.equal(q.available, true, JSON.stringify(q));
  assert.deepEqual([q.extensionDays, q.shortened, q.fromToday], [left, true, true]);
  assert.equal(q.ownFee, Math.round((5000 * P002.extensionFeeRate * left) / (100 * P002.extensionDays)));
  assert.equal(q.extensionFee, q.ownFee + q.penaltyIncluded);
  // what each line says (issue 45): the overdue fee paid with it comes off what is owed today, the own fee does not
  assert.equal(q.penaltyIncluded, (await detail(late)).order.figures.overdueFee);
  assert.equal(q.amountDueNow, (await detail(late)).amountDue);
  assert.equal(q.amountDueAfter, q.amountDueNow - q.penaltyIncluded);
  const done = await extend(late);
  assert.equal(done.code, 0, JSON.stringify(done));
  assert.equal(done.data.feePaid, q.extensionFee);
  const after = await order(late.orderNo);
  assert.ok(after.due_at! <= lo.disbursed_at! + 90 * DAY, 'within 90 days of the payout');
  assert.equal(done.data.newDueDate, q.newDueDate);
  await checkLedger(srv.deps.db, lo.id);
});

test('issue 45: the APR is of what the borrower pays: the coupon taken off the cost, one formula', async () => {
  const calc = (await call('calculator', { productId: 'P001', amount: 5000, tenureDays: 30 })).data.figures;
  const apr = (cost: number) => Math.round((cost / 5000) * (365 / 30) * 100 * 100) / 100;
  assert.equal(calc.reduction, 0);
  assert.equal(calc.apr, apr(fee + tax + interest30));
  const u = await disbursedLoan();
  const d = await detail(u);
  assert.equal(d.order.figures.reduction, POLICY.cardCoupon);
  assert.equal(d.order.figures.apr, apr(fee + tax + interest30 - POLICY.cardCoupon));
  assert.equal(d.order.figures.apr, 51.59, 'Rs 212 on Rs 5,000 for 30 days (issue 45)');
  const kfs = (await call('loanAgreement', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.match(JSON.stringify(kfs), /APR 51\.59%/, 'the agreement says the same APR');
});

test('issue 45: the daily cap holds the late penalty too: 0.75% of the principal a day, a product above it refused at start', async () => {
  assert.equal(profile.dailyCapCoversPenalty, true);
  assert.match(profile.sources.dailyCapCoversPenalty!, /decision[^]*late-payment penalties[^]*assumed/);
  for (const t of productsOf(profile)) assert.ok(t.penaltyRatePerDay <= profile.maxDailyRatePercent!, `${t.id}: ${t.penaltyRatePerDay}% a day`);
  const over = productsOf(profile).map((t) => (t.id === 'P002' ? { ...t, penaltyRatePerDay: 2 } : t));
  assert.match(productProblems(profile, over).join('\n'), /P002: penalty 2% a day above the daily cap of 0.75%/);
  // the spec's market keeps the spec's 2% a day
  assert.ok(productsOf(loadProfile('spec')).every((t) => t.penaltyRatePerDay === 2));
  // through the server: ten days overdue cost ten days at 0.75% of the principal
  const u = await disbursedLoan();
  const o0 = await order(u.orderNo);
  await srv.dev('clock/advance', { ms: o0.due_at! - srv.deps.clock.now() + 10 * DAY + 60_000 });
  const d = await detail(u);
  assert.equal(d.order.figures.overdueDays, 10);
  assert.equal(d.order.figures.penaltyRatePerDay, 0.75);
  assert.equal(d.order.figures.overdueFee, (5000 * 0.75 * 10) / 100);
  await checkLedger(srv.deps.db, o0.id);
});

test('issue 45: every brand lends under the named licence, the calculator prices every amount the products lend, labels follow the tenures', async () => {
  const cfg = (await call('marketConfig')).data;
  assert.deepEqual(cfg.profile.lender.brands, [...new Set(PRODUCTS.map((t) => t.lenderName))]);
  const stranger = productsOf(profile).map((t) => (t.id === 'P003' ? { ...t, lenderName: 'Unlicensed Cash' } : t));
  assert.match(productProblems(profile, stranger).join('\n'), /P003: its brand Unlicensed Cash lends under no licence/);
  // the calculator: the products' range (1,000-50,000), not the spec's 3,000-25,000
  assert.deepEqual(cfg.calculator, { min: 1000, max: 50_000 });
  assert.equal((await call('calculator', { productId: 'P001', amount: 1000, tenureDays: 30 })).code, 0);
  assert.equal((await call('calculator', { productId: 'P002', amount: 50_000, tenureDays: 60 })).code, 0);
  assert.equal((await call('calculator', { productId: 'P002', amount: 50_500, tenureDays: 60 })).code, E.calculatorOutOfRange);
  // no 30/60-day product is "long term"; the spec's 180/365-day one is
  assert.ok(productsOf(profile).every((t) => t.tag !== 'longTerm'));
  assert.equal(productsOf(loadProfile('spec')).find((t) => t.id === 'P003')!.tag, 'longTerm');
  assert.equal(productsOf(loadProfile('spec')).find((t) => t.id === 'P002')!.tag, null);
  const listed = (await call('marketIndex')).data.products;
  assert.ok(
    listed.every((p: any) => p.tag !== 'longTerm'),
    JSON.stringify(listed.map((p: any) => p.tag)),
  );
  // the repeat borrowers' product: listed to neither a visitor nor a first-time borrower
  assert.ok(!listed.some((p: any) => p.reloanOnly), 'visitor');
  const u = await borrower();
  assert.ok(!(await call('marketIndex', {}, { token: u.token })).data.products.some((p: any) => p.reloanOnly), 'first-time borrower: home');
  assert.ok(!(await call('productList', {}, { token: u.token })).data.products.some((p: any) => p.reloanOnly), 'first-time borrower: list');
});

test('applying needs the risk warning acknowledged (kept with its version and time) and the exposure with every lender within the cap', async () => {
  const u = await borrower(undefined, false);
  const ap = () => call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: u.token });
  const refused = await ap();
  assert.equal(refused.code, E.riskWarningRequired);
  assert.equal(refused.data.version, version);
  assert.equal((await call('acknowledgeRiskWarning', { version: 'old', lang: 'en' }, { token: u.token })).code, E.riskWarningRequired);
  const ack = await call('acknowledgeRiskWarning', { version, lang: 'en' }, { token: u.token });
  assert.equal(ack.code, 0);
  const row = await srv.deps.db.selectFrom('risk_acknowledgements').selectAll().where('version', '=', version).orderBy('id', 'desc').executeTakeFirstOrThrow();
  assert.equal(row.lang, 'en');
  assert.equal(new Date(ack.data.acknowledgedAt).getTime(), row.at);
  assert.equal((await ap()).code, 0);

  // the bureau's answer for the borrower's CNIC (96,000 elsewhere) and, for another, what was declared on the form
  assert.equal((await srv.rails('bureau-inquiries', { cnic: OWING_CNIC, outstanding: 96_000 })).ok, true);
  const owing = await borrower(undefined, true, { ...BASIC, nationalId: OWING_CNIC });
  const over = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: owing.token });
  assert.equal(over.code, E.exposureCapExceeded);
  assert.deepEqual(over.data, { cap: 100_000, outstanding: 96_000, max: 4000 });
  assert.equal((await call('applyMarket', { productId: 'P001', amount: 4000, tenureDays: 30 }, { token: owing.token })).code, 0);
  const declared = await borrower();
  assert.equal((await call('saveBasicInfo', { ...BASIC, previouslyBorrowed: 'yes', previouslyBorrowedAmount: 99_000 }, { token: declared.token })).code, 0);
  assert.equal((await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: declared.token })).code, E.exposureCapExceeded);
});

test('the credit bureau by CNIC: over the cap at the review when applied before the ID step; no answer in time, the review waits for one', async () => {
  const applying = async (cnic: string, told: Record<string, unknown>) => {
    assert.equal((await srv.rails('bureau-inquiries', { cnic, ...told })).ok, true);
    const u = await register(call);
    assert.equal((await call('acknowledgeRiskWarning', { version, lang: 'en' }, { token: u.token })).code, 0);
    await srv.dev('force', { mobile: u.mobile, review: 'approve' });
    return u;
  };
  const statusOf = async (u: { token: string }) =>
    await srv.deps.db
      .selectFrom('orders')
      .select(['status', 'decision'])
      .where('order_no', '=', (await call('latestOrder', {}, { token: u.token })).data.order.orderNo)
      .executeTakeFirstOrThrow();
  const reviewed = () => srv.dev('clock/advance', { ms: srv.cfg.reviewDelayMs + 60_000 });

  // applied first (no CNIC on file to ask by): taken; the review asks the bureau by the CNIC given since, and
  // rejects the order over the cap, the forced approval notwithstanding
  const early = await applying('4210100000011', { outstanding: 98_000 });
  assert.equal((await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: early.token })).code, 0);
  await onboard(call, early.token, [], { ...BASIC, nationalId: '4210100000011' });
  await reviewed();
  assert.deepEqual(await statusOf(early), { status: S.Reject, decision: 'reject' });

  // the bureau keeps its answer past BUREAU_INQUIRY_TIMEOUT_MS: the application is taken, the review waits
  const slow = await applying('4210100000022', { outstanding: 10_000, fail: 'timeout' });
  await onboard(call, slow.token, [], { ...BASIC, nationalId: '4210100000022' });
  const began = Date.now();
  assert.equal((await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: slow.token })).code, 0);
  assert.ok(Date.now() - began < 1_500, "given up at the inquiry time-out, not the bureau's");
  await reviewed();
  assert.deepEqual(await statusOf(slow), { status: S.Applying, decision: null }, 'still in review: no figure, no decision');
  // refused outright: the same
  assert.equal((await srv.rails('bureau-inquiries', { cnic: '4210100000022', outstanding: 10_000, fail: 'refuse' })).ok, true);
  await reviewed();
  assert.deepEqual(await statusOf(slow), { status: S.Applying, decision: null });
  const noAnswer = (await srv.deps.metrics.providerFailures.get()).values.find(
    (v) => v.labels.provider === 'bureau' && v.labels.operation === 'inquiryNoAnswer',
  );
  assert.ok(noAnswer && noAnswer.value >= 3, 'counted: the application and two reviews');
  // the bureau answers again: the review decides on its figure (10,000 + 5,000 within the cap)
  assert.equal((await srv.rails('bureau-inquiries', { cnic: '4210100000022', outstanding: 10_000 })).ok, true);
  await reviewed();
  assert.equal((await statusOf(slow)).decision, 'approve');

  // an answer not signed with our member's secret is no answer
  const forged = ecibBureau({ url: srv.cfg.railsUrl, memberCode: srv.cfg.bureauMemberCode, secret: 'another-secret', timeoutMs: 1000, inquiryTimeoutMs: 1000 });
  assert.equal((await forged.inquire('4210100000011')).state, 'unknown');
  const a = await srv.deps.bureauProvider.inquire('4210100000011');
  assert.deepEqual(a.state === 'answered' && { ...a.answer, reference: undefined }, {
    reference: undefined,
    cnic: '4210100000011',
    found: true,
    outstanding: 98_000,
    facilities: 1,
  });
});

test('cooling-off: within 24 hours the principal alone closes the loan, every charge reversed; after it, withdrawal is refused', async () => {
  const u = await disbursedLoan();
  await srv.dev('clock/advance', { ms: 20 * 3_600_000 });
  const d = await detail(u);
  assert.deepEqual(d.order.coolingOff, {
    until: new Date((await order(u.orderNo)).disbursed_at! + 24 * 3_600_000).toISOString(),
    amount: 5000,
    reapplyDays: 30,
  });
  assert.equal((await pay(u, 4000, 'withdraw')).code, E.amountOutOfRange, 'the principal, no less');
  const p = await pay(u, 5000, 'withdraw');
  assert.equal(p.data.payment.status, 'success', JSON.stringify(p));
  assert.equal(p.data.payment.kind, 'withdraw');
  const o = await order(u.orderNo);
  assert.equal(o.status, S.Finish);
  const { m, t } = await checkLedger(srv.deps.db, o.id);
  for (const a of ['feeIncome', 'taxPayable', 'interestIncome', 'penaltyIncome', 'couponExpense'] as const) assert.equal(m.bal[a], 0, `${a} reversed`);
  assert.equal(t.charge, 5000, 'the principal taken, nothing more');
  const events = await srv.deps.db.selectFrom('order_events').select('type').where('order_id', '=', o.id).execute();
  assert.ok(events.some((e) => e.type === 'withdrawn'));

  const late = await disbursedLoan();
  // started inside the period, charged after it (before the payment itself expires): refused, nothing taken
  await srv.dev('clock/advance', { ms: 24 * 3_600_000 - 10 * 60_000 });
  const started = await call('repaymentConfirm', { orderNo: late.orderNo, amount: 5000, idempotencyKey: key('w'), purpose: 'withdraw' }, { token: late.token });
  assert.equal(started.code, 0, JSON.stringify(started));
  await srv.dev('clock/advance', { ms: 15 * 60_000 });
  const charged = await call('cashierPay', { payOrderId: started.data.payment.payOrderId, channelId: 'easypaisa' }, { token: late.token });
  assert.equal(charged.code, E.withdrawUnavailable);
  assert.equal((await detail(late)).order.coolingOff, null);
  assert.equal((await pay(late, 5000, 'withdraw')).code, E.withdrawUnavailable);
  assert.equal((await order(late.orderNo)).status, S.Repaying);
  await checkLedger(srv.deps.db, (await order(late.orderNo)).id);
});

const couponOf = async (userId: number) =>
  Number((await srv.deps.db.selectFrom('users').select('card_coupon').where('id', '=', userId).executeTakeFirstOrThrow()).card_coupon);
const ordersOf = (userId: number) => srv.deps.db.selectFrom('orders').select('order_no').where('user_id', '=', userId).execute();
const applyP001 = (token: string) => call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token });
/** the loan applied for by `u` (an approved borrower) paid out, as disbursedLoan does */
async function paidOut(u: { token: string; mobile: string }) {
  const ap = await applyP001(u.token);
  assert.equal(ap.code, 0, JSON.stringify(ap));
  const orderNo = ap.data.order.orderNo as string;
  await srv.dev('force', { mobile: u.mobile, review: 'approve' });
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await call('getMoney', { orderNo, agree: true, idempotencyKey: key('gm') }, { token: u.token })).code, 0);
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await order(orderNo)).status, S.Repaying);
  return { ...u, orderNo };
}

test('cooling-off is no free loan renewed at will: after a withdrawal a new application waits 30 days; the right stays on the next loan; the coupon comes back', async () => {
  const u = await disbursedLoan();
  const userId = (await order(u.orderNo)).user_id;
  assert.equal((await detail(u)).order.figures.reduction, POLICY.cardCoupon, 'the coupon taken at the payout');
  assert.equal(await couponOf(userId), 0);
  // cycle 1: paid out, withdrawn within hours
  assert.equal((await pay(u, 5000, 'withdraw')).data.payment.status, 'success');
  const o1 = await order(u.orderNo);
  const opens = new Date(o1.paid_off_at! + 30 * DAY).toISOString();
  assert.equal(await couponOf(userId), POLICY.cardCoupon, 'the withdrawn loan gives the coupon back');
  const events = await srv.deps.db.selectFrom('order_events').select(['type', 'note']).where('order_id', '=', o1.id).execute();
  assert.ok(events.some((e) => e.type === 'couponReturned' && e.note === String(POLICY.cardCoupon)));
  await checkLedger(srv.deps.db, o1.id);
  const latest = (await call('latestOrder', {}, { token: u.token })).data.order;
  assert.equal(latest.reapplyAt, opens, 'the app is told when applying opens again');

  // cycle 2 at once: refused with its own code, in the borrower's language, nothing created
  const again = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: u.token, lang: 'ur' });
  assert.equal(again.code, E.reapplyAfterWithdrawal, JSON.stringify(again));
  assert.deepEqual(again.data, { reapplyAt: opens, days: 30 });
  // the date in words is the Pakistan day (the UTC date is the day before from 19:00 UTC)
  assert.equal(again.msg, C.errorMessage(E.reapplyAfterWithdrawal, 'ur', { days: 30, date: pkDate(o1.paid_off_at! + 30 * DAY) }));
  assert.ok(!again.msg.includes('{'), again.msg);
  assert.equal((await ordersOf(userId)).length, 1);
  const products = (await call('productList', {}, { token: u.token })).data.products as { available: boolean }[];
  assert.ok(
    products.every((p) => !p.available),
    'no product offered while the wait runs',
  );
  await srv.dev('clock/advance', { ms: Date.parse(opens) - srv.deps.clock.now() - 60_000 });
  assert.equal((await applyP001(u.token)).code, E.reapplyAfterWithdrawal, 'a minute before the end: still refused');

  // the wait over: a loan again, with the coupon, and with its own cooling-off right
  await srv.dev('clock/advance', { ms: 2 * 60_000 });
  const u2 = await paidOut(u);
  const d2 = await detail(u2);
  assert.equal(d2.order.figures.reduction, POLICY.cardCoupon, 'the coupon given back comes off this loan');
  assert.equal(d2.order.coolingOff?.amount, 5000, 'the withdrawal right is kept');
  assert.equal((await pay(u2, 5000, 'withdraw')).data.payment.status, 'success');
  await checkLedger(srv.deps.db, (await order(u2.orderNo)).id);
  assert.equal(await couponOf(userId), POLICY.cardCoupon);
  // cycle 3 at once: refused again
  assert.equal((await applyP001(u.token)).code, E.reapplyAfterWithdrawal);
  assert.equal((await ordersOf(userId)).length, 2);
});

test('a withdrawal and applications at once, then many applications at once: none passes the wait', async () => {
  const u = await disbursedLoan();
  const userId = (await order(u.orderNo)).user_id;
  const started = await call('repaymentConfirm', { orderNo: u.orderNo, amount: 5000, idempotencyKey: key('w'), purpose: 'withdraw' }, { token: u.token });
  assert.equal(started.code, 0, JSON.stringify(started));
  const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // applications spread over the time the withdrawal is being charged: some before it commits, some after
  const [paid, ...during] = await Promise.all([
    call('cashierPay', { payOrderId: started.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token }),
    ...Array.from({ length: 12 }, (_, i) => later(i * 25).then(() => applyP001(u.token))),
  ]);
  assert.equal(paid.data.payment.status, 'success', JSON.stringify(paid));
  const after = await Promise.all(Array.from({ length: 8 }, () => applyP001(u.token)));
  const codes = [...during, ...after].map((a) => a.code);
  assert.ok(
    codes.every((c) => c === E.oneLoanAtATime || c === E.reapplyAfterWithdrawal),
    JSON.stringify(codes),
  );
  assert.ok(after.every((a) => a.code === E.reapplyAfterWithdrawal));
  assert.equal((await ordersOf(userId)).length, 1, 'no new loan');
  assert.equal(await couponOf(userId), POLICY.cardCoupon, 'the coupon given back once');
  await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
});

test("a product's rate edited never reaches a running loan", async () => {
  const u = await disbursedLoan();
  const before = (await detail(u)).order.figures;
  const row = await srv.deps.db.selectFrom('products').select('terms').where('id', '=', 'P001').executeTakeFirstOrThrow();
  const terms = typeof row.terms === 'string' ? JSON.parse(row.terms) : row.terms;
  try {
    await srv.deps.db
      .updateTable('products')
      .set({ terms: jsonb({ ...terms, dailyInterestRate: 0.5 }) })
      .where('id', '=', 'P001')
      .execute();
    await srv.dev('clock/advance', { ms: 5 * DAY });
    const after = (await detail(u)).order.figures;
    assert.equal(after.dailyInterestRate, before.dailyInterestRate);
    assert.equal(after.interest, before.interest);
    assert.equal(after.interestAccrued, Math.round((5000 * P001.dailyInterestRate * after.daysHeld) / 100));
    await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
    const quote = (await call('calculator', { productId: 'P001', amount: 5000, tenureDays: 30 })).data.figures;
    assert.equal(quote.dailyInterestRate, 0.5, 'a new loan is quoted on the edited terms');
  } finally {
    await srv.deps.db
      .updateTable('products')
      .set({ terms: jsonb(terms) })
      .where('id', '=', 'P001')
      .execute();
  }
});

test('complaints: a ticket with its number, category, text and photo, listed; the regulator named once not resolved in time', async () => {
  const u = await register(call);
  const photo = await call('complaintPhoto', {}, { token: u.token, file: { data: JPEG } });
  assert.equal(photo.code, 0, JSON.stringify(photo));
  const bad = await call('createComplaint', { category: 'charges', text: 'short' }, { token: u.token });
  assert.equal(bad.code, E.validationFailed);
  assert.equal(bad.data.fields.text, 'validation.complaintText');
  const c = await call(
    'createComplaint',
    { category: 'charges', text: 'I was charged twice for one repayment.', fileId: photo.data.fileId },
    { token: u.token },
  );
  assert.equal(c.code, 0, JSON.stringify(c));
  assert.match(c.data.complaint.ticketNo, /^CMP\d{8}[0-9A-F]{6}$/);
  assert.equal(c.data.complaint.status, 'open');
  assert.equal(c.data.complaint.hasPhoto, true);
  assert.equal(c.data.complaint.escalation, null);
  const other = await register(call);
  assert.equal(
    (await call('createComplaint', { category: 'other', text: 'Not my photo, should be refused.', fileId: photo.data.fileId }, { token: other.token })).code,
    E.fileMissing,
  );
  assert.deepEqual((await call('complaintList', {}, { token: other.token })).data.complaints, []);
  await srv.dev('clock/advance', { ms: profile.complaints!.resolutionDays * DAY });
  const list = (await call('complaintList', {}, { token: u.token })).data.complaints;
  assert.equal(list.length, 1);
  assert.equal(list[0].ticketNo, c.data.complaint.ticketNo);
  assert.deepEqual(list[0].escalation, profile.complaints!.regulator);
});

test('the spec profile stays the default: charges deducted, no cooling-off, no risk warning', () => {
  const spec = loadConfig({}).profile;
  assert.equal(spec.riskWarning, null);
  const t = productsOf(spec).find((p) => p.id === 'P001')!;
  assert.deepEqual([t.chargesUpfront, t.totalCostCapPercent, t.coolingOffHours, t.reapplyAfterWithdrawalDays], [true, null, null, null]);
  const f = figures(t, 5000, 91, { now: 0 });
  assert.equal(f.disbursalAmount, 5000 - fee - tax);
  assert.equal(f.totalRepayable, 5000 + f.interest);
});
