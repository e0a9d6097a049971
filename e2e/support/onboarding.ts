/** Helpers of the onboarding specs: sign a fresh number up through the login screen. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, FIXED_OTP, freshMobile } from './fixtures';

export async function requestCode(page: Page, mobile: string) {
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Captcha sent successfully')).toBeVisible();
}

/** Registers a fresh number through user/login (base = '/' for the host, or a remote's URL) and returns it. */
export async function signUp(page: Page, opts: { base?: string; redirect?: string } = {}): Promise<string> {
  const mobile = freshMobile();
  const q = opts.redirect ? `?redirect=${encodeURIComponent(opts.redirect)}` : '';
  await page.goto(`${opts.base ?? '/'}#/user/login${q}`);
  await requestCode(page, mobile);
  await page.getByLabel('Verification code').fill(FIXED_OTP);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toContain('Bearer ');
  return mobile;
}

/** The server allows one code per number a minute: move its clock past that (dev control). */
export async function passResendWait(request: APIRequestContext) {
  const res = await request.post(`${API}/__dev/clock/advance`, { data: { ms: 61_000, runJobs: false } });
  expect((await res.json()).ok).toBe(true);
}
