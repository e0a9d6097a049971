import { expect, test, type Page } from '@playwright/test';
import { fillPersonal } from '../support/onboarding';
import { apply, approvedBorrower, force, latest, onboard, OrderStatus, registerBorrower, signIn, waitStatus } from '../support/loan';

/** A borrower whose application was rejected, signed in on the review tips screen. */
async function rejectedOnReviewTips(page: Page) {
  const b = await registerBorrower();
  await onboard(b.token);
  await force(b.mobile, { review: 'reject' });
  await apply(b.token);
  await waitStatus(b.token, OrderStatus.Reject);
  await signIn(page, b);
  await page.goto('/#/auth/review_tips');
  return b;
}

test('review tips: rejected shows the reapply date and the recommendation section', async ({ page }) => {
  await rejectedOnReviewTips(page);
  await expect(page.getByRole('heading', { name: 'Not approved this time' })).toBeVisible();
  await expect(page.getByText(/can apply to .+ again from \u2068?\d{4}-\d{2}-\d{2}/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Other products you may try' })).toBeVisible();
});

test('review tips: each recommended product opens its application, not a refusal, and applying is accepted', async ({ page }) => {
  const b = await rejectedOnReviewTips(page);
  const recs = page.getByTestId('recommended-product');
  await expect(recs.first()).toBeVisible();
  const n = await recs.count();
  expect(n).toBeGreaterThan(1);
  await expect(recs.filter({ hasText: 'Sahulat Finance' })).toHaveCount(0); // the lender that refused waits its 30 days
  for (let i = 0; i < n; i++) {
    if (i > 0) await page.goto('/#/auth/review_tips');
    await recs.nth(i).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page).toHaveURL(/#\/borrow\/to_borrow\?productId=P\d+/);
    const productId = new URL(page.url().replace('#/', '')).searchParams.get('productId')!;
    // the application form with this product chosen, ready to apply
    await expect(page.getByLabel('Product')).toHaveValue(productId);
    await expect(page.getByRole('button', { name: 'Apply now' })).toBeEnabled();
  }
  await force(b.mobile, { review: 'hold' }); // the review (2 s in e2e) would end before the status is read
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(/#\/auth\/review_tips\?pageName=confirmBorrow&orderNo=/);
  expect((await latest(b.token))?.status).toBe(OrderStatus.Applying);
});

test('review tips: approved goes to confirm with the order number', async ({ page }) => {
  const b = await approvedBorrower();
  await signIn(page, b);
  await page.goto('/#/auth/review_tips?pageName=confirmBorrow');
  await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`#/borrow/confirm_borrow\\?orderNo=${b.orderNo}`));
});

test('an order waiting for personal info moves on by the status-to-screen map after the step', async ({ page }) => {
  const b = await registerBorrower();
  // the account comes after the personal info (its holder must be the borrower named there)
  await onboard(b.token, ['basic', 'card']);
  const order = await apply(b.token);
  expect(order.status).toBe(OrderStatus.BasicInfo);
  await signIn(page, b);
  await page.goto('/#/auth/personal_infomation');
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Next' }).click();
  // the next missing step of the order: its account (status 5 -> add bank card)
  await expect(page).toHaveURL(/#\/bank_account\/add_bankcard/);
});
