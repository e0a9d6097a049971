/**
 * The pk-secp market profile end to end (issue 29; playwright.pk-secp.config.ts starts the API with
 * MARKET_PROFILE=pk-secp): the risk warning before sign-up, the KFS with nothing deducted and the
 * licensed lender, the cooling-off withdrawal through the cashier and the wait before a new application after
 * it (issue 38), complaints, the FAQ, the about page;
 * English and Urdu at 360 px. The pricing on every screen and the permissions: pricing-pk-secp.spec.ts.
 */
import { test, expect } from '@playwright/test';
import { FIXED_OTP, freshMobile, shot } from '../support/fixtures';
import { OrderStatus, call, registerBorrower } from '../support/api';
import { requestCode } from '../support/onboarding';
import { signIn } from '../support/loan';
import { expectNoHorizontalScroll, formatMoney } from '../support/repay';
import { DEDUCTED, config, pkBorrower, setLang } from '../support/pkSecp';

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
    await expect(kfs.getByTestId('kfs-lender')).toContainText(profile.lender.corporateName);
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

test('cooling-off: the detail offers the withdrawal and says the wait it starts, the cashier takes the principal only, the loan closes; applying waits', async ({
  page,
}) => {
  const b = await pkBorrower(true);
  const { profile } = await config();
  await signIn(page, b, { lang: 'ur' });
  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
  await expect(page.getByTestId('repay-withdraw')).toContainText('دستبردار');
  await expect(page.getByTestId('repay-withdraw')).toContainText(formatMoney(5000));
  await expect(page.getByTestId('repay-withdraw-wait')).toContainText(String(profile.reapplyAfterWithdrawalDays));
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
  // no new loan at once: the server refuses it with the date, the borrow screen says why
  const again = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: b.token });
  expect(again.code).toBe(200313);
  expect(again.data.days).toBe(profile.reapplyAfterWithdrawalDays);
  await page.goto('/#/borrow/to_borrow');
  await expect(page.locator('main')).toContainText('You withdrew from your last loan in its cooling-off period');
  await expectNoHorizontalScroll(page);
  await shot(page, 'pk-withdrawn-wait-en');
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
