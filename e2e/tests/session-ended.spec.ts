/** A session ended on another device is noticed when the app starts, on a screen that makes only public calls (issue 43, item 6). */
import { expect, test } from '@playwright/test';
import { FIXED_OTP } from '../support/fixtures';
import { dev, ok, registerBorrower } from '../support/api';
import { signIn } from '../support/loan';

for (const lang of ['en', 'ur'] as const) {
  test(`a session ended on another device is noticed when the app starts, on settings (public calls only) (${lang})`, async ({ page }) => {
    const b = await registerBorrower();
    await signIn(page, b, { lang });
    // the same number logs in elsewhere: this phone's session ends there
    await dev('otp/wait-over', { mobile: b.mobile });
    await ok('getVerifyCode', { mobile: b.mobile, type: 'login' });
    await ok('login', { mobile: b.mobile, code: FIXED_OTP });
    await page.goto('/#/user_center/settings');
    const told = { en: 'The account is logged in from another device', ur: 'یہ اکاؤنٹ کسی دوسرے آلے سے لاگ ان ہے' }[lang];
    await expect(page.getByText(told)).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
}
