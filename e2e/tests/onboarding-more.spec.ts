import { expect, test } from '@playwright/test';
import { appUrl } from '../support/fixtures';
import { signUp } from '../support/onboarding';

test('device permissions: the enabled ones each need agreement, then the step continues', async ({ page }) => {
  await signUp(page, { redirect: '/auth/id_card_authentication' });
  await page.getByRole('button', { name: 'Why does the app need the camera and other permissions?' }).click();
  await expect(page).toHaveURL(/#\/auth\/permissions\?next=idCardAuthentication/);
  const cards = page.locator('section.card');
  // the server's market configuration decides which are shown (contacts, SMS, installed apps are off by default)
  await expect(page.getByRole('heading', { name: 'Camera' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'SMS' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByText('Please agree to every permission to continue')).toBeVisible();
  const n = await cards.count();
  for (let i = 0; i < n; i++) await cards.nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
});

test('review tips without an application says so and offers home', async ({ page }) => {
  await signUp(page, { redirect: '/auth/review_tips' });
  await expect(page.getByText('You have no application under review.')).toBeVisible();
});

test('remote alone: personal info screen loads states and validates on the standalone page', async ({ page }) => {
  await signUp(page, { base: appUrl('mf-onboarding'), redirect: '/auth/personal_infomation' });
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await expect(page.getByLabel('State').getByRole('option', { name: 'Punjab' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please input your first name').first()).toBeVisible();
});

test('the header back of an onboarding step goes to the step before it, not home', async ({ page }) => {
  const { onboard, registerBorrower, useSessionIn } = await import('../support/api');
  const b = await registerBorrower();
  await onboard(b.token, ['addition', 'card', 'questionnaire']);
  await useSessionIn(page, b.token);
  await page.goto('/#/auth/additionalInfomation');
  await expect(page.getByRole('heading', { name: 'Additional information' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
});

test('an error toast never covers the heading, and does not follow the borrower to the next screen', async ({ page }) => {
  const { registerBorrower, useSessionIn } = await import('../support/api');
  const b = await registerBorrower();
  await useSessionIn(page, b.token);
  await page.goto('/#/auth/additionalInfomation');
  const heading = page.getByRole('heading', { name: 'Additional information' });
  await expect(heading).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  const toast = page.locator('.toast--error');
  await expect(toast).toBeVisible();
  const [h, t] = [await heading.boundingBox(), await toast.boundingBox()];
  expect(t!.y).toBeGreaterThanOrEqual(h!.y + h!.height);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
  await expect(page.locator('.toast--error')).toHaveCount(0);
});
