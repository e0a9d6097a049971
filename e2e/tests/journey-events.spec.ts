/**
 * Inside the simulated wrapper, the borrower's whole journey sends its milestones to the native
 * analytics (logEventByLocal and logEventByAF), in order, once each, with no personal data:
 * register, each onboarding step, apply, confirm, disbursed and repaid (seen by the app).
 */
import { expect, test, type Page } from '@playwright/test';
import { enterAccountCode, signUp, throughProfileSteps } from '../support/onboarding';
import { OrderStatus, force, waitStatus } from '../support/loan';

const sent = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __nativeSim: { sent: { action: string; data: { name?: string; params?: Record<string, unknown> } }[] } }).__nativeSim.sent,
  );
// hash navigation: the same document, so the simulator keeps what it recorded
const open = (page: Page, hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

test('inside the wrapper the journey sends its milestones in order, without personal data', async ({ page }) => {
  test.setTimeout(300_000);
  await page.addInitScript(() => {
    (window as unknown as { __NATIVE_SIM__: object }).__NATIVE_SIM__ = { login: null, delayMs: 10 };
  });
  const mobile = await signUp(page, { consent: false, redirect: '/auth/personal_infomation' });
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').Authorization.replace('Bearer ', '') as string);

  await throughProfileSteps(page, {
    // the camera step asks for the agreement first
    beforeIdStep: async () => {
      await expect(page).toHaveURL(/#\/auth\/permissions\?next=idCardAuthentication/);
      await page.locator('#perm-camera').getByRole('checkbox').check();
      await page.locator('#perm-storage').getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Agree and continue' }).click();
    },
  });
  await page.getByLabel('JazzCash').check();
  await page.getByLabel('JazzCash number').fill('03001234567');
  await page.getByLabel('Enter the number again').fill('03001234567');
  await enterAccountCode(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/#\/auth\/loan_question/);
  const groups = page.getByRole('group').filter({ has: page.getByRole('radio') });
  await expect(groups).toHaveCount(11);
  for (let i = 0; i < 11; i++) await groups.nth(i).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/$/);

  await force(mobile, { review: 'approve', payout: 'ok' });
  await page.getByTestId('home-status').getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/#\/borrow\/to_borrow/);
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(/#\/auth\/review_tips/);
  await waitStatus(token, OrderStatus.Confirm);
  await open(page, '#/');
  await page.getByTestId('home-status').getByRole('button', { name: 'Get money' }).click();
  await page.getByRole('button', { name: 'Confirm and get money' }).click();
  await page.getByRole('dialog', { name: 'Key fact statement' }).getByRole('button', { name: 'I have read it' }).click();
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole('button', { name: 'Confirm and get money' }).click();
  await expect(page.getByTestId('lending')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });

  // home sees the money paid out; a second look sends nothing more
  await open(page, '#/');
  await expect(page.getByTestId('home-status')).toBeVisible();
  await expect.poll(async () => (await sent(page)).filter((m) => m.data.name === 'lm_disbursed').length).toBe(2);
  await open(page, '#/records');
  await open(page, '#/');
  await expect(page.getByTestId('home-status')).toBeVisible();

  // paid off through the cashier: the repayment screen sees it
  await page.getByTestId('home-status').getByRole('button', { name: 'Pay' }).click();
  await page.getByTestId('repay-pay-online').click();
  await page.getByLabel('Easypaisa').check();
  await page.getByTestId('repay-pay').click();
  await expect(page.getByTestId('repay-result-success')).toBeVisible();
  await page.getByTestId('repay-back-detail').click();
  await expect(page.getByTestId('repay-paid-off')).toBeVisible();
  await expect.poll(async () => (await sent(page)).filter((m) => m.data.name === 'lm_repaid').length).toBe(2);

  const all = await sent(page);
  const local = all.filter((m) => m.action === 'logEventByLocal');
  const af = all.filter((m) => m.action === 'logEventByAF');
  expect(local.map((m) => (m.data.name === 'lm_step_completed' ? `step:${m.data.params!.step}` : m.data.name))).toEqual([
    'lm_register',
    'step:personalInfomation',
    'step:idCardAuthentication',
    'step:additionalInfomation',
    'step:addBankCard',
    'step:loanQuestion',
    'lm_apply',
    'lm_confirm',
    'lm_disbursed',
    'lm_repaid',
  ]);
  expect(af.map((m) => m.data)).toEqual(local.map((m) => m.data));
  const orderNo = local.find((m) => m.data.name === 'lm_apply')!.data.params!.orderNo;
  for (const name of ['lm_confirm', 'lm_disbursed', 'lm_repaid'])
    expect(local.find((m) => m.data.name === name)!.data.params).toMatchObject({ orderNo, amount: expect.any(Number) });
  // no personal data: no phone number, CNIC or name
  const text = JSON.stringify(local.map((m) => m.data));
  for (const personal of [mobile, mobile.slice(1), '3520212345671', 'Ayesha', 'Khan']) expect(text).not.toContain(personal);
});

test('in a plain browser no milestone is sent (no bridge)', async ({ page }) => {
  await signUp(page, { consent: false });
  expect(await page.evaluate(() => 'AppBridge' in window || '__nativeSim' in window)).toBe(false);
});
