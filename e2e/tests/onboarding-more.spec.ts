import { expect, test } from '@playwright/test';
import { call, onboard, registerBorrower, useSessionIn } from '../support/api';
import { appUrl } from '../support/fixtures';
import { signUp } from '../support/onboarding';

test('device permissions: the required ones need agreement, the optional ones may be refused, as the data policy says', async ({ page }) => {
  await signUp(page, { redirect: '/auth/id_card_authentication' });
  await page.getByRole('button', { name: 'Why does the app need the camera and other permissions?' }).click();
  await expect(page).toHaveURL(/#\/auth\/permissions\?next=idCardAuthentication/);
  // the server's market configuration decides which are shown, and which are required
  const camera = page.locator('#perm-camera');
  await expect(camera.getByRole('heading')).toContainText('Required');
  await expect(page.locator('#perm-location').getByRole('heading')).toContainText('Optional');
  await expect(page.getByRole('heading', { name: /SMS/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByText('Please agree to the required permissions to continue').first()).toBeVisible();
  await camera.getByRole('checkbox').check();
  await page.locator('#perm-storage').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Agree and continue' }).click(); // location and device info refused
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
  const policy = await call('policy', { type: 'data' });
  expect(JSON.stringify(policy.data)).toMatch(/Needed to verify your identity: storage, camera\. Optional, you may refuse them and still apply: location, device information/);
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
  const b = await registerBorrower();
  await onboard(b.token, ['addition', 'card', 'questionnaire']);
  await useSessionIn(page, b.token);
  await page.goto('/#/auth/additionalInfomation');
  await expect(page.getByRole('heading', { name: 'Additional information' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
});

test('an error toast never covers the heading, and does not follow the borrower to the next screen', async ({ page }) => {
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
