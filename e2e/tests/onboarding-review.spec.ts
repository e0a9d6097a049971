import { expect, test } from '@playwright/test';
import { fillPersonal } from '../support/onboarding';
import { apply, approvedBorrower, force, onboard, OrderStatus, registerBorrower, signIn, waitStatus } from '../support/loan';

test('review tips: rejected shows the reapply date and the recommendation section', async ({ page }) => {
  const b = await registerBorrower();
  await onboard(b.token);
  await force(b.mobile, { review: 'reject' });
  await apply(b.token);
  await waitStatus(b.token, OrderStatus.Reject);
  await signIn(page, b);
  await page.goto('/#/auth/review_tips');
  await expect(page.getByRole('heading', { name: 'Not approved this time' })).toBeVisible();
  await expect(page.getByText('You can reapply from')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Other products you may try' })).toBeVisible();
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
  await onboard(b.token, ['basic']);
  const order = await apply(b.token);
  expect(order.status).toBe(OrderStatus.BasicInfo);
  await signIn(page, b);
  await page.goto('/#/auth/personal_infomation');
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Next' }).click();
  // everything else was already supplied: the order goes to review (status 1 -> review tips)
  await expect(page).toHaveURL(/#\/auth\/review_tips\?pageName=confirmBorrow/);
});
