/** me (tab): login entry when logged out; the masked number and the menu when logged in. */
import { expect, test } from '@playwright/test';
import { expectDir } from '../support/fixtures';
import { expectAccessible, loginPage, presetLanguage, registerBorrower } from '../support/usercenter';

test('logged out: a login entry that comes back to me, and the menu', async ({ page }) => {
  await page.goto('/#/me');
  await expect(page.getByTestId('me-guest')).toBeVisible();
  await expect(page.getByTestId('me-menu').getByRole('link')).toHaveText([
    'FAQ',
    'About us',
    'Customer safety guide',
    'Customer service',
    'Language',
    'Settings',
  ]);
  await expectAccessible(page);
  await page.getByTestId('me-login').click();
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fme$/);
});

test('logged out: guarded entries ask for login, the guide does not', async ({ page }) => {
  await page.goto('/#/me');
  await page.getByTestId('me-settings').click();
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fuser_center%2Fsettings/);
  await page.goto('/#/me');
  await page.getByTestId('me-guide').click();
  await expect(page).toHaveURL(/#\/user_center\/customer_guide$/);
  await expect(page.getByTestId('policy-customerGuide')).toBeVisible();
});

test('logged in: the masked number and every menu entry opens its screen', async ({ page }) => {
  const b = await registerBorrower();
  await loginPage(page, b);
  await page.goto('/#/me');
  await expect(page.getByTestId('me-mobile')).toHaveText(b.user.maskedMobile);
  await expect(page.getByTestId('me-guest')).toHaveCount(0);
  await expectAccessible(page);

  const entries: [string, RegExp, string][] = [
    ['me-faq', /user_center\/faq$/, 'FAQ'],
    ['me-about', /user_center\/about_us$/, 'About Us'],
    ['me-guide', /user_center\/customer_guide$/, 'Customer Safety Guide'],
    ['me-service', /user_center\/customer_services$/, 'Customer service'],
    ['me-language', /user_center\/language$/, 'Language'],
    ['me-settings', /user_center\/settings$/, 'Settings'],
  ];
  for (const [id, url, heading] of entries) {
    await page.getByTestId(id).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/#\/me$/);
  }
});

test('in Urdu: right-to-left, the number stays left-to-right, no serious axe findings', async ({ page }) => {
  await presetLanguage(page, 'ur');
  await page.goto('/#/me');
  await expectDir(page, 'rtl');
  await expect(page.getByRole('heading', { name: 'میرا اکاؤنٹ' })).toBeVisible();
  await expectAccessible(page);
});
