/** user_center/language: switching flips the whole app (every remote) at once and survives a reload. */
import { expect, test } from '@playwright/test';
import { appUrl, expectDir } from '../support/fixtures';
import { expectAccessible, presetLanguage } from '../support/usercenter';

test('English to Urdu flips this screen at once, then home (another remote), and survives a reload', async ({ page }) => {
  await presetLanguage(page, 'en');
  await page.goto('/#/user_center/language');
  await expectDir(page, 'ltr');
  await expect(page.getByTestId('language-en')).toBeChecked();
  await expectAccessible(page);

  await page.getByText('اردو').click();
  await expectDir(page, 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.getByRole('heading', { level: 1, name: 'زبان' })).toBeVisible();
  await expect(page.getByTestId('language-ur')).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ur');
  await expectAccessible(page);

  // another remote (mf-loan's home) and the shell's tabs, without a reload
  await page.goto('/#/');
  await expectDir(page, 'rtl');
  await expect(page.getByRole('link', { name: 'ہوم' })).toBeVisible();

  await page.reload();
  await expectDir(page, 'rtl');
  await expect(page.getByRole('link', { name: 'ہوم' })).toBeVisible();

  await page.goto('/#/user_center/language');
  await page.getByText('English').click();
  await expectDir(page, 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
  await page.reload();
  await expectDir(page, 'ltr');
  await expect(page.getByTestId('language-en')).toBeChecked();
});

test('the remote alone switches language too', async ({ page }) => {
  await page.goto(`${appUrl('mf-usercenter')}#/user_center/language`);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expectDir(page, 'ltr');
  await page.getByText('اردو').click();
  await expectDir(page, 'rtl');
  await page.reload();
  await expectDir(page, 'rtl');
  await expect(page.getByTestId('language-ur')).toBeChecked();
});

test('the "language changed" toast stays on the language screen: it does not follow to home over the first Apply (en, ur)', async ({ page }) => {
  await presetLanguage(page, 'en');
  await page.goto('/#/user_center/language');
  await page.getByText('اردو').click();
  await expect(page.locator('.toast')).toHaveCount(1);
  await expect(page.locator('.toast')).toHaveText('زبان تبدیل ہو گئی'); // said in the language chosen (its strings come after the tap)
  await page.goto('/#/');
  await expect(page.getByTestId('product').first()).toBeVisible();
  await expect(page.locator('.toast')).toHaveCount(0);
  await page.goto('/#/user_center/language');
  await page.getByText('English').click();
  await expect(page.locator('.toast')).toHaveCount(1);
  await expect(page.locator('.toast')).toHaveText('Language changed');
  await page.evaluate(() => (window.location.hash = '#/')); // within the app, as a tap on a link to home is
  await expect(page.getByTestId('product').first()).toBeVisible();
  await expect(page.locator('.toast')).toHaveCount(0);
});
