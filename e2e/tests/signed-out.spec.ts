/**
 * Screens a visitor may open (outside the spec's guard list, so their guard stays the spec's) that show the borrower's own
 * data lead to a log-in that comes back to them, in English and Urdu (issue 43, item 5).
 */
import { expect, test } from '@playwright/test';
import { FIXED_OTP, freshMobile, shot } from '../support/fixtures';
import { requestCode } from '../support/onboarding';

// as the issue saw them, and one with its order in the address (kept for after the log-in)
const STRANDED = [
  '/borrow/confirm_borrow',
  '/borrow/lending',
  '/auth/additionalInfomation',
  '/auth/validation',
  '/auth/permissions',
  '/borrow/lending?orderNo=LM123',
];
const words = {
  en: { needed: 'Please log in to see this screen.', action: 'Log in' },
  ur: { needed: 'یہ اسکرین دیکھنے کے لیے براہ کرم لاگ ان کریں۔', action: 'لاگ ان کریں' },
} as const;

for (const lang of ['en', 'ur'] as const) {
  test(`signed out (${lang}): confirm, lending, additional info, validation and permissions offer a log-in back to themselves`, async ({ page }) => {
    await page.goto('/e2e-storage');
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const path of STRANDED) {
      await page.goto('about:blank');
      await page.goto(`/#${path}`);
      const state = page.getByTestId('sign-in-needed');
      await expect(state, path).toHaveText(new RegExp(words[lang].needed));
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'دوبارہ کوشش کریں' })).toHaveCount(0);
      await shot(page, `signed-out-${path.split('/').pop()!.replace(/\W/g, '_')}-${lang}`);
      await state.getByRole('button', { name: words[lang].action }).click();
      await expect(page).toHaveURL(new RegExp(`#/user/login\\?redirect=${encodeURIComponent(path).replace(/[?.]/g, '\\$&')}$`));
    }
  });
}

test('signed out on permissions: log in (a new number registers) and land back on the permissions screen', async ({ page }) => {
  await page.goto('/#/auth/permissions');
  await page.getByTestId('sign-in-needed').getByRole('button', { name: 'Log in' }).click();
  await requestCode(page, freshMobile());
  await page.getByLabel('Verification code').fill(FIXED_OTP);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/#\/auth\/permissions$/);
  await expect(page.getByTestId('sign-in-needed')).toHaveCount(0);
  await expect(page.getByRole('checkbox').first()).toBeVisible();
});
