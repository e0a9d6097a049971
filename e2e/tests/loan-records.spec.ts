/** records: every order with its status text and hint; tapping opens the screen of its status; 4, 8, 9 stay. */
import { expect, test, type Page } from '@playwright/test';
import { shot } from '../support/fixtures';
import {
  OrderStatus,
  call,
  newKey,
  apply,
  approvedBorrower,
  disbursedBorrower,
  force,
  onboard,
  registerBorrower,
  signIn,
  waitStatus,
  type Borrower,
} from '../support/loan';

async function openRecords(page: Page, b: Borrower, lang: 'en' | 'ur' = 'en') {
  await signIn(page, b, { lang });
  await page.goto('/#/records');
  await expect(page.getByTestId('record').first()).toBeVisible();
  return page.getByTestId('record').first();
}

test('logged out: asks to log in; a new borrower sees no data', async ({ page }) => {
  await page.goto('/#/records');
  await expect(page.getByText('Log in to see your loans')).toBeVisible();
  const b = await registerBorrower();
  await signIn(page, b);
  await page.goto('/#/records');
  await expect(page.getByText('No data')).toBeVisible();
});

test('incomplete (6) -> personal info', async ({ page }) => {
  const b = await registerBorrower();
  await apply(b.token);
  const r = await openRecords(page, b);
  await expect(r).toContainText('Incomplete');
  await expect(r).toContainText('Continue to supply the required information.');
  await r.getByRole('button').click();
  await expect(page).toHaveURL(/#\/auth\/personal_infomation\?orderNo=/);
});

test('adding card (5) -> add bank card', async ({ page }) => {
  const b = await registerBorrower();
  await onboard(b.token, ['card']);
  await apply(b.token);
  const r = await openRecords(page, b);
  await expect(r).toContainText('Adding account');
  await r.getByRole('button').click();
  await expect(page).toHaveURL(/#\/bank_account\/add_bankcard\?orderNo=/);
});

test('assessing (1) -> review tips of the confirm step', async ({ page }) => {
  const b = await registerBorrower();
  await force(b.mobile, { review: 'hold' }); // the review (2 s in e2e) would end before the list is on screen
  await onboard(b.token, ['questionnaire']);
  await apply(b.token);
  await onboard(b.token, ['basic', 'images', 'addition', 'card']);
  await signIn(page, b);
  await page.goto('/#/records');
  const r = page.getByTestId('record').first();
  await expect(r).toHaveAttribute('data-status', String(OrderStatus.Applying));
  await expect(r).toContainText('The loan is under assessment.');
  await r.getByRole('button').click();
  await expect(page).toHaveURL(/#\/auth\/review_tips\?pageName=confirmBorrow&orderNo=/);
});

test('approved (14) -> confirm_borrow; cancelled (8) does not navigate', async ({ page }) => {
  const b = await approvedBorrower();
  let r = await openRecords(page, b);
  await expect(r).toContainText('Incomplete');
  await r.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`confirm_borrow\\?orderNo=${b.orderNo}`));
  await call('cancelOrder', { id: b.orderNo, reason: 'other' }, { token: b.token });
  await page.goto('/#/records');
  r = page.getByTestId('record').first();
  await expect(r).toContainText('Cancelled');
  await expect(r).toContainText('This application was cancelled.');
  await expect(r.getByRole('button')).toHaveCount(0);
});

test('rejected (9) does not navigate', async ({ page }) => {
  const b = await registerBorrower();
  await onboard(b.token);
  await force(b.mobile, { review: 'reject' });
  await apply(b.token);
  await waitStatus(b.token, OrderStatus.Reject);
  const r = await openRecords(page, b);
  await expect(r).toContainText('Rejected');
  await expect(r.getByRole('button')).toHaveCount(0);
});

test('repaying (2) and payment failed (10) -> repay detail; Urdu', async ({ page }) => {
  const ok = await disbursedBorrower('ok');
  let r = await openRecords(page, ok);
  await expect(r).toContainText('Repaying');
  await expect(r).toContainText('Rs 4,905'); // repaid today: principal and one day's markup, less the Rs 100 card coupon
  await r.getByRole('button').click();
  await expect(page).toHaveURL(/#\/repay\/repay_detail\?orderNo=/);

  const failed = await disbursedBorrower('fail');
  r = await openRecords(page, failed, 'ur');
  await expect(r).toContainText('ادائیگی ناکام');
  await shot(page, 'loan-records-ur');
  await r.getByRole('button').click();
  await expect(page).toHaveURL(/#\/repay\/repay_detail\?orderNo=/);
});

test('disbursing (7) -> lending', async ({ page }) => {
  const b = await approvedBorrower();
  await force(b.mobile, { payout: 'hold' }); // the payout (2 s in e2e) would end before the list is on screen
  await call('getMoney', { orderNo: b.orderNo, agree: true, idempotencyKey: newKey() }, { token: b.token });
  await signIn(page, b);
  await page.goto('/#/records');
  const r = page.getByTestId('record').first();
  await expect(r).toHaveAttribute('data-status', String(OrderStatus.Lending));
  await expect(r).toContainText('The loan goes directly to your account.');
  await r.getByRole('button').click();
  await expect(page).toHaveURL(/#\/borrow\/lending\?orderNo=/);
});
