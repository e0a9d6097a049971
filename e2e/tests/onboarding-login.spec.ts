import { expect, test } from '@playwright/test';
import { FIXED_OTP, expectDir, freshMobile, setLanguage, shot, untilLive } from '../support/fixtures';
import { passResendWait, requestCode, signUp } from '../support/onboarding';
import { agreeToPermissions, registerBorrower, useSessionIn } from '../support/api';

test.describe('user/login', () => {
  test('a new number registers after accepting the agreement, then goes home', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/#/user/login');
    await requestCode(page, mobile);
    // asking for the code says nothing about the number: that comes once the code is verified
    await expect(page.getByText('This number is new')).toHaveCount(0);
    await page.getByLabel('Verification code').fill(FIXED_OTP);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please agree to the agreement and policy first' })).toBeVisible();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Login', exact: true }).click(); // not registered yet: the same code registers it
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'));
    expect(token.Authorization).toMatch(/^Bearer /);
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
    expect(user.mobile).toBe(mobile.slice(1));
  });

  test('a known number logs in, to the redirect target; a wrong code is shown at the field', async ({ page, request }) => {
    const mobile = await signUp(page);
    await passResendWait(request);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/#/user/login?redirect=%2Fuser_center%2Fabout_us');
    await page.reload();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect(page.getByText('Code sent', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('checkbox').check(); // logging in needs the agreement too
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid verification code')).toBeVisible();
    await page.getByLabel('Verification code').fill(FIXED_OTP);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/#\/user_center\/about_us/);
  });

  test('the resend countdown survives a reload; bad numbers are rejected at the field', async ({ page }) => {
    await page.goto('/#/user/login');
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect(page.getByText('Please enter a valid mobile number')).toBeVisible();
    await requestCode(page, freshMobile());
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: /Voice call available in/ })).toBeDisabled();
  });

  test('user/register tells a registered number to login directly, and the same code logs in', async ({ page, request }) => {
    const mobile = await signUp(page);
    await passResendWait(request);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/#/user/register');
    await page.reload();
    await requestCode(page, mobile);
    await page.getByLabel('Verification code').fill(FIXED_OTP);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('This number has been registered, please login directly')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go to login' })).toBeVisible();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Login successful')).toBeVisible();
  });

  test('offline: the screen says so, and the code is sent by itself when the network returns', async ({ page, context }) => {
    await page.goto('/#/user/login');
    await page.getByLabel('Mobile number').fill(freshMobile());
    await untilLive(page.getByRole('button', { name: 'Get code' })); // the login screen's own code, not its markup alone
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect(page.getByTestId('login-offline')).toContainText('Your phone is offline');
    await expect(page.getByText('please reload the page')).toHaveCount(0);
    await context.setOffline(false);
    await expect(page.getByText('Code sent', { exact: true })).toBeVisible();
    await expect(page.getByTestId('login-offline')).toHaveCount(0);
  });

  test('policy links open the policy routes', async ({ page }) => {
    await page.goto('/#/user/login');
    await page.getByRole('button', { name: 'Terms & Conditions' }).click();
    await expect(page).toHaveURL(/#\/termsCondition/);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
  });

  test('Urdu: right-to-left, the code is sent in Urdu', async ({ page }) => {
    await setLanguage(page, 'ur');
    await page.goto('/#/user/login');
    await page.reload();
    await expectDir(page, 'rtl');
    await page.getByLabel('موبائل نمبر').fill(freshMobile());
    await page.getByRole('button', { name: 'کوڈ حاصل کریں' }).click();
    await expect(page.getByText('کوڈ بھیج دیا گیا')).toBeVisible();
    await shot(page, 'onboarding-login-ur');
  });
});

test('remote alone: login works on the standalone onboarding page', async ({ page }) => {
  const { appUrl } = await import('../support/fixtures');
  await signUp(page, { base: appUrl('mf-onboarding') });
});

test.describe('tap targets at 360 px', () => {
  for (const lang of ['en', 'ur'] as const) {
    test(`login, register and yx3 (${lang}): "Change", the voice-call link and the policy links are at least 44 px`, async ({ page }) => {
      await setLanguage(page, lang);
      for (const route of ['/#/user/login', '/#/user/register', '/#/yx3']) {
        await page.goto(route);
        await page.reload();
        if (route === '/#/yx3') {
          // yx3 asks for the number, then its login screen (back to yx3 after) has the links
          await page.locator('input[type="tel"]').fill('03001234567');
          await page.locator('form button[type="submit"]').click();
          await expect(page).toHaveURL(/#\/user\/login\?.*redirect=%2Fyx3/);
        }
        const links = page.locator('.link-button');
        await expect(links.first()).toBeVisible();
        const boxes = await links.evaluateAll((els) =>
          els.map((e) => ({ text: e.textContent, h: e.getBoundingClientRect().height, w: e.getBoundingClientRect().width })),
        );
        expect(boxes.length, route).toBeGreaterThanOrEqual(4); // Change, voice call, three policies
        for (const b of boxes) expect([route, b.text, b.h >= 44 && b.w >= 44]).toEqual([route, b.text, true]);
      }
    });
  }

  test('the Urdu ID screen: the "why camera" link is at least 44 px tall', async ({ page }) => {
    const b = await registerBorrower();
    await agreeToPermissions(b.token);
    await useSessionIn(page, b.token, 'ur');
    await page.goto('/#/auth/id_card_authentication');
    const link = page.locator('.link-button'); // 'why camera': the screen's one link
    await expect(link).toBeVisible();
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });
});
