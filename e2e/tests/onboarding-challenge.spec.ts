import { expect, test } from '@playwright/test';
import { freshMobile, setLanguage, untilLive } from '../support/fixtures';
import { requestCode } from '../support/onboarding';

// the header below is added to the page's own requests: with the service worker in control they would be its, unrouted
test.use({ serviceWorkers: 'block' });

test('after repeated code requests from one network the login screen runs a short check, then the code is sent (en and ur)', async ({ page }) => {
  // this browser's own network (the API trusts the local proxy's X-Forwarded-For in e2e): past
  // OTP_CHALLENGE_AFTER (3) codes an hour it meets the challenge
  const ip = `198.51.100.${(process.pid % 200) + 20}`;
  await page.route('**/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }));
  // the check can take less than a poll of the page: every text the notice shows is recorded as it appears
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { checkingSeen: string[] }).checkingSeen = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="login-checking"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const checkingSeen = () => page.evaluate(() => (window as unknown as { checkingSeen: string[] }).checkingSeen.join('\n'));
  await page.goto('/#/user/login');
  for (let i = 0; i < 3; i++) {
    await requestCode(page, freshMobile());
    await expect(page.getByText('Code sent', { exact: true })).toHaveCount(0, { timeout: 15_000 }); // the next toast alone
  }
  await page.getByLabel('Mobile number').fill(freshMobile());
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect.poll(checkingSeen, { timeout: 60_000 }).toContain('a short check before the code is sent');
  await expect(page.getByText('Code sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('login-checking')).toHaveCount(0);

  await setLanguage(page, 'ur');
  await page.goto('/#/user/login');
  await page.reload();
  // typed once the screen is live: typing into the pre-rendered form while the English part's draft is stored is another
  // matter (see the closing note of 2026-11-27: the two numbers merged once)
  await untilLive(page.getByLabel('موبائل نمبر'));
  await page.getByLabel('موبائل نمبر').fill(freshMobile());
  await page.getByRole('button', { name: 'کوڈ حاصل کریں' }).click();
  await expect.poll(checkingSeen, { timeout: 60_000 }).toContain('مختصر جانچ');
  await expect(page.getByText('کوڈ بھیج دیا گیا', { exact: true })).toBeVisible({ timeout: 30_000 });
});
