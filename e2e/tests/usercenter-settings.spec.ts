/** user_center/settings: guarded; the build's version; log out clears the user's data and the server session. */
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { ok } from '../support/api';
import { expectAccessible, loginPage, registerBorrower } from '../support/usercenter';

const VERSION = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')).version as string;

test('logged out, settings asks for login first', async ({ page }) => {
  await page.goto('/#/user_center/settings');
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fuser_center%2Fsettings/);
  // the spec's parent path redirects to settings, so it is guarded too
  await page.goto('/#/user_center');
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fuser_center%2Fsettings/);
});

test('shows the app version of the build, and links', async ({ page }) => {
  const b = await registerBorrower();
  await loginPage(page, b);
  await page.goto('/#/user_center/settings');
  await expect(page.getByTestId('settings-version')).toContainText(VERSION);
  // the build hashes of the app's parts are not shown to borrowers: one tap on the version shows them (support, QA)
  await expect(page.getByTestId('settings-parts')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(/onboarding \d+\.\d+\.\d+-[0-9a-f]{7}/);
  await page.getByTestId('settings-version').click();
  await expect(page.getByTestId('settings-parts')).toContainText(/onboarding \d+\.\d+\.\d+/);
  await page.getByTestId('settings-version').click();
  await expect(page.getByTestId('settings-parts')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/#\/privacy_policy$/);
  await expect(page.getByTestId('policy-privacy')).toBeVisible();
});

test('log out: cancel keeps the session; confirm clears local data, keeps the language, ends the server session, goes home', async ({ page }) => {
  const b = await registerBorrower();
  await loginPage(page, b);
  await page.goto('/#/user_center/settings');

  await page.getByTestId('settings-logout').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toContain(b.token);

  await page.getByTestId('settings-logout').click();
  await page.getByTestId('settings-logout-confirm').click();
  await expect(page.getByText('Exited successfully')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userInfo: localStorage.getItem('userInfo'),
    language: localStorage.getItem('language'),
  }));
  expect(stored).toEqual({ token: null, userInfo: null, language: 'en' });
  await expect(ok('getUserInfo', {}, { token: b.token })).rejects.toThrow(/getUserInfo: \d+/);

  // guarded screens are closed again
  await page.goto('/#/user_center/settings');
  await expect(page).toHaveURL(/#\/user\/login/);
});

test('in the native wrapper, log out tells the wrapper', async ({ page }) => {
  const b = await registerBorrower();
  await page.addInitScript(() => {
    (window as unknown as { __NATIVE_SIM__: unknown }).__NATIVE_SIM__ = { login: null };
  });
  await loginPage(page, b);
  await page.goto('/#/user_center/settings');
  await page.getByTestId('settings-logout').click();
  await page.getByTestId('settings-logout-confirm').click();
  await expect(page).toHaveURL(/#\/$/);
  // the session is cleared as settings unmounts, just after home's address is set: polled, not read at once
  const actions = () => page.evaluate(() => (window as unknown as { __nativeSim: { sent: { action: string }[] } }).__nativeSim.sent.map((m) => m.action));
  await expect.poll(actions).toContain('logout');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
