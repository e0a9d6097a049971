/**
 * QA alone on every standalone page (issue 24, item 5): each remote's own page signs in by
 * itself with the platform's one-time-code flow and comes back to the screen that asked; its
 * root opens on the remote's first screen; in QA builds with the server's dev controls on, a
 * fixture signs a test borrower in, already in a state, and opens mf-repay's repayment detail.
 */
import { expect, test, type Page } from '@playwright/test';
import { FIXED_OTP, appUrl, expectDir, freshMobile } from '../support/fixtures';
import { dev, ok } from '../support/api';
import { formatMoney } from '../support/repay';

/** the platform's sign-in: mobile number, code, agreement, session */
async function signIn(page: Page, mobile = freshMobile()) {
  const form = page.getByTestId('qa-sign-in');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('route-elsewhere')).toHaveCount(0);
  await form.getByLabel('Mobile number').fill(mobile);
  await form.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Code sent', { exact: true })).toBeVisible();
  await form.getByLabel('Verification code').fill(FIXED_OTP);
  await form.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return mobile;
}

const storedMobile = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')?.mobile as string | undefined);

test.describe('signing in on a standalone page, and back to the screen that asked', () => {
  test('mf-loan: a guarded screen (to_borrow) leads to the sign-in here, then back', async ({ page }) => {
    await page.goto(`${appUrl('mf-loan')}#/borrow/to_borrow`);
    await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fborrow%2Fto_borrow/);
    const mobile = await signIn(page);
    await expect(page).toHaveURL(/#\/borrow\/to_borrow$/);
    expect(await storedMobile(page)).toBe(mobile.slice(1));
    await expect(page.getByTestId('route-elsewhere')).toHaveCount(0);
  });

  test("mf-repay: the detail's own Log in button leads to the sign-in here, then back to the detail", async ({ page }) => {
    await page.goto(appUrl('mf-repay'));
    await expect(page).toHaveURL(/#\/repay\/repay_detail$/); // the root opens on the remote's first screen
    await expect(page.getByText('Log in to see your repayments.')).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    const mobile = await signIn(page);
    await expect(page).toHaveURL(/#\/repay\/repay_detail$/);
    await expect(page.getByTestId('repay-no-loan')).toBeVisible(); // signed in: a new borrower has nothing due
    expect(await storedMobile(page)).toBe(mobile.slice(1));
  });

  test('mf-usercenter: the root opens on Me; a guarded screen (settings) signs in here and comes back', async ({ page }) => {
    await page.goto(appUrl('mf-usercenter'));
    await expect(page).toHaveURL(/#\/me$/);
    await expect(page.getByTestId('route-elsewhere')).toHaveCount(0);
    await page.goto(`${appUrl('mf-usercenter')}#/user_center/settings`);
    await expect(page).toHaveURL(/#\/user\/login\?redirect=/);
    const mobile = await signIn(page);
    await expect(page).toHaveURL(/#\/user_center\/settings$/);
    expect(await storedMobile(page)).toBe(mobile.slice(1));
  });

  test("mf-onboarding: the root opens on its login screen; the platform's sign-in is at /qa/sign_in and opens its first signed-in screen", async ({ page }) => {
    await page.goto(appUrl('mf-onboarding'));
    await expect(page).toHaveURL(/#\/user\/login$/);
    await expect(page.getByTestId('qa-sign-in')).toHaveCount(0); // its own login screen, the one under test
    await page.goto(`${appUrl('mf-onboarding')}#/qa/sign_in`);
    const mobile = await signIn(page);
    await expect(page).toHaveURL(/#\/auth\/personal_infomation$/);
    expect(await storedMobile(page)).toBe(mobile.slice(1));
  });

  test('a wrong code is shown at the field and nothing is stored; an empty form says what is missing', async ({ page }) => {
    await page.goto(`${appUrl('mf-repay')}#/qa/sign_in`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Mobile number cannot be empty')).toBeVisible();
    await expect(page.getByText('Verification code cannot be empty')).toBeVisible();
    await expect(page.getByText('Please agree to the agreement and policy first')).toBeVisible();
    const form = page.getByTestId('qa-sign-in');
    await form.getByLabel('Mobile number').fill(freshMobile());
    await form.getByRole('button', { name: 'Get code' }).click();
    await form.getByLabel('Verification code').fill('000000');
    await form.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(form.getByText('Invalid verification code')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('fixtures (QA build, dev controls on)', () => {
  test("a disbursed loan 30 days in opens mf-repay's repayment detail on its standalone page", async ({ page }) => {
    await page.goto(`${appUrl('mf-repay')}#/qa/sign_in`);
    const fixtures = page.getByTestId('qa-fixtures');
    for (const label of ['Loan disbursed 30 days ago', 'Loan overdue', 'Application rejected', 'Payout failed', 'Approved, waiting for confirmation'])
      await expect(fixtures.getByRole('button', { name: label })).toBeVisible();
    await fixtures.getByRole('button', { name: 'Loan disbursed 30 days ago' }).click();
    await expect(page).toHaveURL(/#\/repay\/repay_detail\?orderNo=\w+/, { timeout: 45_000 });
    const orderNo = new URL(page.url().replace('#', '')).searchParams.get('orderNo')!;
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('token') ?? '{}').Authorization as string).replace(/^Bearer /, ''));
    const d = await ok('repaymentDetail', { orderNo }, { token });
    // 30 days by the server's clock, which other specs move on (the suite shares one stack), not by this machine's
    const { now } = await dev('clock');
    expect(Math.round((now - Date.parse(d.order.disbursedAt)) / 86_400_000)).toBe(30);
    await expect(page.getByTestId('repay-amount-due')).toHaveText(formatMoney(d.amountDue));
    await page.getByTestId('repay-pay-online').click();
    await expect(page).toHaveURL(/#\/repay\/cashier\?orderNo=/);
  });

  test('an overdue loan, in Urdu (right to left): the sign-in and the fixtures in Urdu, then the overdue detail', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'ur'));
    await page.goto(`${appUrl('mf-repay')}#/qa/sign_in`);
    await expectDir(page, 'rtl');
    await expect(page.getByRole('heading', { name: 'سائن اِن (QA)' })).toBeVisible();
    await page.getByTestId('qa-fixtures').getByRole('button', { name: 'قرض کی ادائیگی میں تاخیر' }).click();
    await expect(page).toHaveURL(/#\/repay\/repay_detail\?orderNo=\w+/, { timeout: 45_000 });
    const orderNo = new URL(page.url().replace('#', '')).searchParams.get('orderNo')!;
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('token') ?? '{}').Authorization as string).replace(/^Bearer /, ''));
    const d = await ok('repaymentDetail', { orderNo }, { token });
    expect(d.order.status).toBe(3); // overdue
    await expect(page.getByTestId('repay-amount-due')).toHaveText(formatMoney(d.amountDue));
  });
});
