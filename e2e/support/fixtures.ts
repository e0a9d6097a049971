/** Helpers shared by the e2e specs: app URLs, language, logging in through the API. */
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { APPS, API_PORT } from '../../apps.config.mjs';

export const API = `http://localhost:${API_PORT}`;
export const appUrl = (dir: string) => `http://localhost:${APPS.find((a) => a.dir === dir)!.port}/`;
export const FIXED_OTP = '123456';
/**
 * The suite server's review and payout delays (playwright.config.ts): long enough for a screen to show the wait; a borrower
 * put into a state does not wait them out (support/api.ts, pastDelays).
 */
export const REVIEW_DELAY_MS = 2000;
export const PAYOUT_DELAY_MS = 2000;
/** the API's operations token in this suite (playwright.config.ts starts the server with it): the release watch reads with it */
export const OPS_TOKEN = 'e2e-ops-token-0123456789abcdefghijkl';

let seq = 0;
/** A fresh Pakistani mobile number per call, unique across parallel workers. */
export function freshMobile(): string {
  const n = (Date.now() % 1e7) * 10 + ((process.pid + seq++) % 10);
  return `03${String(40 + (seq % 50)).padStart(2, '0')}${String(n).slice(-7).padStart(7, '0')}`;
}

export async function setLanguage(page: Page, lang: 'en' | 'ur', origin = '/') {
  await page.goto(origin);
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
}

export async function expectDir(page: Page, dir: 'ltr' | 'rtl') {
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

/** a full-page screenshot, to look at: under SHOTS_DIR (default test-results/screens in the repository) */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? path.join(__dirname, '../../test-results/screens');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * The element's screen is live: React owns it. Before that, a pre-rendered page's markup only holds a tap for later
 * (platform/src/prerender/gate.ts), and the screen's code may still be on its way: a test that cuts the network must wait.
 */
export async function untilLive(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$')))).toBe(true);
}

/**
 * The stack renders the entry pages once it serves (platform/src/stack/front-ends.ts), after the tests may start: waits for them.
 * The front ends start after the API the runner waits for, and a poll may meet a closing idle connection: a refused or
 * reset request is one more poll.
 */
export async function untilPagesRendered(request: APIRequestContext) {
  const page = () =>
    request.get('/').then(
      (res) => res.text(),
      () => '',
    );
  await expect.poll(async () => (await page()).includes('id="prerendered"'), { timeout: 150_000, intervals: [2000] }).toBe(true);
}
