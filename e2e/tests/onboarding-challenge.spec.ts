import { expect, test } from '@playwright/test';
import { freshMobile, setLanguage } from '../support/fixtures';
import { requestCode } from '../support/onboarding';

test('after repeated code requests from one network the login screen runs a short check, then the code is sent (en and ur)', async ({ page }) => {
  // this browser's own network (the API trusts the local proxy's X-Forwarded-For in e2e): past
  // OTP_CHALLENGE_AFTER (3) codes an hour it meets the challenge
  const ip = `198.51.100.${(process.pid % 200) + 20}`;
  await page.route('**/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }));
  await page.goto('/#/user/login');
  for (let i = 0; i < 3; i++) await requestCode(page, freshMobile());
  await page.getByLabel('Mobile number').fill(freshMobile());
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByTestId('login-checking')).toContainText('a short check before the code is sent', { timeout: 60_000 });
  await expect(page.getByText('Code sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('login-checking')).toHaveCount(0);

  await setLanguage(page, 'ur');
  await page.goto('/#/user/login');
  await page.reload();
  await page.getByLabel('موبائل نمبر').fill(freshMobile());
  await page.getByRole('button', { name: 'کوڈ حاصل کریں' }).click();
  await expect(page.getByTestId('login-checking')).toContainText('مختصر جانچ', { timeout: 60_000 });
  await expect(page.getByText('کوڈ بھیج دیا گیا', { exact: true })).toBeVisible({ timeout: 30_000 });
});
