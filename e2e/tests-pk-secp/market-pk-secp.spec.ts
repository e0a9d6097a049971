/**
 * The pk-secp market profile end to end (issue 29; playwright.pk-secp.config.ts starts the API with
 * MARKET_PROFILE=pk-secp): the risk warning before sign-up; the pricing with nothing deducted on every
 * screen that shows it (home, calculator, confirm and KFS, detail, schedule, cashier, statement, records,
 * FAQ) and the licensed lender; the cooling-off withdrawal through the cashier; complaints, the about page;
 * contacts and the photo gallery never asked. English and Urdu at 360 px.
 */
import { test, expect, type Page } from '@playwright/test';
import { FIXED_OTP, freshMobile, shot } from '../support/fixtures';
import { OrderStatus, call, dev, newKey, ok, onboard, registerBorrower, type Borrower } from '../support/api';
import { requestCode } from '../support/onboarding';
import { signIn, waitStatus } from '../support/loan';
import { agreeToPermissions } from '../support/api';
import { expectNoHorizontalScroll, formatMoney } from '../support/repay';

const config = async () => (await call('marketConfig')).data;

/** onboarded, the warning acknowledged, applied for Rs 5,000 over 30 days; approved, and paid out when `payout` */
async function pkBorrower(payout: boolean): Promise<Borrower & { orderNo: string }> {
  const b = await registerBorrower();
  await onboard(b.token);
  await ok('acknowledgeRiskWarning', { version: (await config()).profile.riskWarningVersion, lang: 'en' }, { token: b.token });
  await dev('force', { mobile: b.mobile, review: 'approve', payout: 'ok' });
  const ap = await ok('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: b.token });
  await waitStatus(b.token, OrderStatus.Confirm);
  if (payout) {
    await ok('getMoney', { orderNo: ap.order.orderNo, agree: true, idempotencyKey: newKey() }, { token: b.token });
    await waitStatus(b.token, OrderStatus.Repaying);
  }
  return { ...b, orderNo: ap.order.orderNo };
}

async function setLang(page: Page, lang: 'en' | 'ur') {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

/** the words of the spec's upfront deduction, which no screen may show under pk-secp */
const DEDUCTED = { en: /deducted (upfront|at payout|when)/, ur: /پیشگی کاٹا|کٹوتی|ٹیکس کاٹا جاتا ہے/ };

test('before sign-up, in English and Urdu: the products and the calculator pay out the whole principal, the fee and tax paid with the repayment', async ({
  page,
}) => {
  const calc = (await call('calculator', { amount: 5000, productId: 'P001', tenureDays: 30 })).data.figures;
  expect(calc.disbursalAmount).toBe(5000);
  for (const lang of ['en', 'ur'] as const) {
    await page.goto('/e2e-storage');
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.goto('/#/');
    await expect(page.getByTestId('product').first()).toContainText(lang === 'en' ? 'paid with your repayment (nothing deducted)' : 'کچھ نہیں کٹتا');
    await expect(page.locator('main')).not.toContainText(DEDUCTED[lang]);
    await page.goto('/#/mortgage_calculator');
    await page.getByLabel(lang === 'en' ? 'Loan amount (Rs)' : 'قرض کی رقم (روپے)').fill('5000');
    await page.getByRole('button', { name: lang === 'en' ? 'Calculate' : 'حساب لگائیں' }).click();
    const f = page.getByTestId('calc-figures');
    await expect(f.getByTestId('fig-disbursal')).toHaveText(formatMoney(5000));
    await expect(f.getByTestId('fig-total')).toHaveText(formatMoney(calc.totalRepayable));
    await expect(f).toContainText(lang === 'en' ? 'You receive (nothing deducted)' : 'کچھ نہیں کٹے گا');
    await expect(f).toContainText(lang === 'en' ? 'Processing fee (3%), paid with your repayment' : 'ادائیگی کے ساتھ');
    await expect(page.locator('main')).not.toContainText(DEDUCTED[lang]);
    await expectNoHorizontalScroll(page);
  }
});

test('the risk warning comes before sign-up, must be ticked, and is kept by the server once signed in', async ({ page }) => {
  await page.goto('/#/user/login');
  const warning = page.getByTestId('risk-warning');
  await expect(warning).toContainText('A loan is a debt you must repay');
  await expect(page.getByLabel('Mobile number')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shot(page, 'pk-risk-warning-en');
  await setLang(page, 'ur');
  await expect(warning).toContainText('قرض ایک ذمہ داری ہے');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shot(page, 'pk-risk-warning-ur');
  await setLang(page, 'en');
  await page.getByTestId('risk-warning-accept').click();
  await expect(page.getByText('Please tick the box to confirm you have read the warning')).toBeVisible();
  await page.getByLabel('I have read and understood the risks of borrowing').check();
  await page.getByTestId('risk-warning-accept').click();

  const mobile = freshMobile();
  await requestCode(page, mobile);
  await page.getByLabel('Verification code').fill(FIXED_OTP);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').Authorization as string)).replace(/^Bearer /, '');
  // acknowledged: an application is taken (at the first onboarding step); without it, it would be refused
  await expect.poll(async () => (await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token })).code).toBe(0);
  const other = await registerBorrower();
  expect((await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: other.token })).code).toBe(200312);
});

test('the KFS: nothing deducted, the fee and tax paid with the repayment, the licensed lender, cooling-off and the complaint route', async ({ page }) => {
  const b = await pkBorrower(false);
  const { profile } = await config();
  for (const lang of ['en', 'ur'] as const) {
    await signIn(page, b, { lang });
    await page.goto(`/#/borrow/confirm_borrow?orderNo=${b.orderNo}`);
    const figures = page.getByTestId('confirm-figures');
    await expect(figures.getByTestId('fig-disbursal')).toHaveText(formatMoney(5000));
    await expect(figures).toContainText(lang === 'en' ? 'You receive (nothing deducted)' : 'کچھ نہیں کٹے گا');
    await expect(page.locator('main')).not.toContainText(DEDUCTED[lang]);
    await page.getByRole('button', { name: lang === 'en' ? 'Read the key fact statement' : 'اہم حقائق کا بیان پڑھیں' }).click();
    const kfs = page.getByTestId('kfs');
    await expect(kfs.getByTestId('fig-disbursal')).toHaveText(formatMoney(5000));
    await expect(kfs.getByTestId('kfs-corporate')).toHaveText(profile.lender.corporateName);
    await expect(kfs.getByTestId('kfs-withdraw')).toBeVisible();
    await expect(kfs).toContainText(lang === 'en' ? 'paid with your repayment' : 'ادائیگی کے ساتھ');
    await expect(kfs).toContainText(profile.complaints.regulator.url);
    await shot(page, `pk-kfs-${lang}`);
  }
  const agreement = (await call('loanAgreement', { orderNo: b.orderNo }, { token: b.token })).data;
  expect(agreement.lender).toEqual(profile.lender);
  expect(agreement.sections.map((s: { body: string }) => s.body).join(' ')).toContain('nothing deducted');
  const ur = (await call('loanAgreement', { orderNo: b.orderNo }, { token: b.token, lang: 'ur' })).data;
  expect(ur.sections.map((s: { body: string }) => s.body).join(' ')).toContain('کچھ نہیں کاٹا جاتا');
});

test('cooling-off: the detail offers the withdrawal, the cashier takes the principal only, the loan closes', async ({ page }) => {
  const b = await pkBorrower(true);
  await signIn(page, b, { lang: 'ur' });
  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
  await expect(page.getByTestId('repay-withdraw')).toContainText('دستبردار');
  await expect(page.getByTestId('repay-withdraw')).toContainText(formatMoney(5000));
  await expectNoHorizontalScroll(page);
  await shot(page, 'pk-withdraw-detail-ur');
  await page.getByTestId('repay-withdraw-start').click();
  await expect(page.getByTestId('repay-withdraw-note')).toContainText('غور و فکر کی مدت');
  await expect(page.getByTestId('repay-amount-fixed')).toHaveText(formatMoney(5000));
  await expectNoHorizontalScroll(page);
  await shot(page, 'pk-withdraw-cashier-ur');
  await setLang(page, 'en');
  await expect(page.getByTestId('repay-withdraw-note')).toContainText('Cooling-off withdrawal');
  await expect(page.getByTestId('repay-amount-fixed')).toHaveText(formatMoney(5000));
  await shot(page, 'pk-withdraw-cashier-en');
  await page.getByLabel('Easypaisa').check();
  await page.getByTestId('repay-pay').click();
  await expect(page.getByTestId('repay-result-success')).toBeVisible();
  const d = (await call('repaymentDetail', { orderNo: b.orderNo }, { token: b.token })).data;
  expect(d.order.status).toBe(OrderStatus.Finish);
  expect(d.order.history.some((e: { type: string }) => e.type === 'withdrawn')).toBe(true);
  expect(d.payments[0]).toMatchObject({ kind: 'withdraw', amount: 5000, status: 'success' });
});

test('complaints: a ticket sent from the user centre and listed with its number; the FAQ says nothing is deducted; the about page names the lender', async ({
  page,
}) => {
  const b = await registerBorrower();
  const { profile } = await config();
  await signIn(page, b, { lang: 'en' });
  await page.goto('/#/me');
  await page.getByTestId('me-complaints').click();
  await expect(page.getByTestId('complaint-form')).toBeVisible();
  // a photo is taken with the camera: the input asks for capture, never the gallery
  await expect(page.getByTestId('complaint-photo')).toHaveAttribute('capture', 'environment');
  await page.getByTestId('complaint-submit').click();
  await expect(page.getByText('Please choose what the complaint is about')).toBeVisible();
  await page.getByTestId('complaint-category').selectOption('charges');
  await page.getByTestId('complaint-text').fill('I was charged twice for one repayment.');
  await page.getByTestId('complaint-submit').click();
  await expect(page.getByTestId('complaint-ticket')).toContainText('CMP');
  await expect(page.getByTestId('complaint-ticket')).toContainText('Open');
  await expectNoHorizontalScroll(page);
  await shot(page, 'pk-complaints-en');
  await setLang(page, 'ur');
  await expect(page.getByTestId('complaint-ticket')).toContainText('کھلی');
  await shot(page, 'pk-complaints-ur');
  // the FAQ follows the profile: nothing deducted
  await page.goto('/#/user_center/faq');
  await page.getByRole('button', { name: 'قرض کی لاگت کیا ہے؟' }).click();
  await expect(page.getByText(/کچھ نہیں کاٹا جاتا، آپ کو قرض کی پوری رقم ملتی ہے/)).toBeVisible();
  await setLang(page, 'en');
  await page.getByRole('button', { name: 'What does a loan cost?' }).click();
  await expect(page.getByText(/paid with your repayment: nothing is deducted/)).toBeVisible();
  await page.goto('/#/user_center/about_us');
  await expect(page.getByTestId('about-lender')).toContainText(profile.lender.corporateName);
});

test('a loan paid out, in English and Urdu: detail, schedule, statement, cashier and records show the principal paid out and the fee and tax due with the repayment', async ({
  page,
}) => {
  const b = await pkBorrower(true);
  const d = (await call('repaymentDetail', { orderNo: b.orderNo }, { token: b.token })).data;
  const charges = d.order.figures.processingFee + d.order.figures.feeTax;
  expect(d.order.schedule[0].charges).toBe(charges);
  for (const lang of ['en', 'ur'] as const) {
    const en = lang === 'en';
    await signIn(page, b, { lang });
    await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
    const breakdown = page.getByTestId('repay-breakdown');
    await expect(breakdown.getByTestId('repay-disbursal')).toHaveText(formatMoney(5000));
    await expect(breakdown).toContainText(en ? 'paid with your repayment' : 'ادائیگی کے ساتھ');
    await expect(page.getByTestId('repay-schedule-charges')).toContainText(`${en ? 'Includes fee and tax' : 'بشمول فیس اور ٹیکس'} ${formatMoney(charges)}`);
    const payout = page.getByTestId('repay-statement').locator('li', { hasText: en ? 'Loan paid out' : 'قرض کی رقم ادا کی گئی' });
    await expect(payout).toContainText(`${en ? 'Fee and tax' : 'فیس اور ٹیکس'} + ${formatMoney(charges)}`);
    await expect(payout).toContainText(`${en ? 'Received' : 'وصول کیا'} ${formatMoney(5000)}`);
    await expect(page.locator('main')).not.toContainText(DEDUCTED[lang]);
    await expectNoHorizontalScroll(page);
    await shot(page, `pk-detail-${lang}`);
    await page.goto(`/#/repay/cashier?orderNo=${b.orderNo}`);
    await expect(page.getByTestId('repay-amount-input')).toHaveValue(String(d.amountDue));
    await page.goto('/#/records');
    const record = page.locator(`[data-order="${b.orderNo}"]`);
    await expect(record).toContainText(formatMoney(5000));
    await expect(record).toContainText(formatMoney(d.amountDue));
  }
  await shot(page, 'pk-records-ur');
});

test('contacts and the photo gallery are never asked: not on the permissions screen, no contact picker in the app, the photo steps camera-only', async ({
  page,
}) => {
  const b = await registerBorrower();
  for (const lang of ['en', 'ur'] as const) {
    await signIn(page, b, { lang });
    await page.goto('/?nativeSim=1#/auth/permissions');
    const names = lang === 'en' ? { asked: 'Camera', never: ['Contacts', 'Storage'] } : { asked: 'کیمرہ', never: ['رابطے', 'اسٹوریج'] };
    await expect(page.getByRole('region', { name: new RegExp(`^${names.asked}`) })).toBeVisible();
    for (const never of names.never) await expect(page.getByRole('region', { name: new RegExp(`^${never}`) })).toHaveCount(0);
  }
  await agreeToPermissions(b.token);
  await signIn(page, b, { lang: 'en' });
  // the wrapper (its simulator) is there, and still no picker: the contacts are typed by hand
  await page.goto('/?nativeSim=1#/auth/additionalInfomation');
  await expect(page.getByRole('region', { name: 'Emergency contact 1' }).getByLabel('Phone number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose from my contacts' })).toHaveCount(0);
  const cfg = await config();
  expect(cfg.permissions.filter((p: { key: string; enabled: boolean }) => p.enabled).map((p: { key: string }) => p.key)).not.toContain('storage');
  await page.goto('/?nativeSim=1#/auth/id_card_authentication');
  for (const [kind, capture] of [
    ['front', 'environment'],
    ['back', 'environment'],
    ['face', 'user'],
  ])
    await expect(page.getByTestId(`file-${kind}`)).toHaveAttribute('capture', capture);
});
