/**
 * Repay e2e helpers: a borrower driven through the API (support/api.ts) to a disbursed
 * loan, and logging in the browser with the borrower's token.
 */
import { expect, type Page } from '@playwright/test';
import { OrderStatus, dev, newKey, ok, onboard, pastDelays, registerBorrower, type Borrower } from './api';

export { call, dev, registerBorrower } from './api';

async function statusOf(token: string): Promise<{ status: number; orderNo: string }> {
  const d = await ok('latestOrder', {}, { token });
  return d.order;
}

/** Moves the latest order past the review and payout delays (support/api.ts), then polls (running the server's jobs) until it reaches a status. */
async function waitForStatus(token: string, want: number, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (let first = true; ; first = false) {
    const o = await statusOf(token);
    if (o.status === want) return;
    if (first) {
      await pastDelays(o.orderNo);
      continue;
    }
    if (Date.now() > end) throw new Error(`order ${o.orderNo} stuck at status ${o.status}, wanted ${want}`);
    await dev('jobs/run', {});
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A fresh borrower with a disbursed loan being repaid (status 2), without moving the shared clock. */
export async function repayingBorrower(amount = 5000): Promise<Borrower & { orderNo: string }> {
  const b = await registerBorrower();
  const token = b.token;
  await onboard(token);
  await dev('force', { mobile: b.mobile, review: 'approve', payout: 'ok' });
  const ap = await ok('applyMarket', { productId: 'P001', amount, tenureDays: 91 }, { token });
  const orderNo = ap.order.orderNo as string;
  await waitForStatus(token, OrderStatus.Confirm);
  await ok('getMoney', { orderNo, agree: true, idempotencyKey: newKey() }, { token });
  await waitForStatus(token, OrderStatus.Repaying);
  return { ...b, orderNo };
}

/**
 * Stores the session the way the app does (spec's localStorage keys) before any page script
 * runs; the language is set only when none is stored, so a test can switch it and reload.
 */
export async function loginInBrowser(page: Page, token: string, lang: 'en' | 'ur' = 'en') {
  await page.addInitScript(
    ({ t, l }) => {
      localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${t}` }));
      if (!localStorage.getItem('language')) localStorage.setItem('language', l);
    },
    { t: token, l: lang },
  );
}

/** Switches the stored language and reloads (the app reads it at start). */
export async function switchLanguage(page: Page, lang: 'en' | 'ur') {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The app's money format (one formatter, from the shared kit). */
export { formatMoney } from 'shared/format';

/** A sentence with a value interpolated: the app isolates values (U+2068..U+2069) so they stay LTR in Urdu. */
export function sentence(before: string, value: string, after = ''): RegExp {
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // an amount in a sentence is kept together by a no-break space ('Rs\u00a01,000')
  const v = esc(value).replace(/ /g, '[ \u00a0]');
  return new RegExp(`${esc(before)}\u2068?${v}\u2069?${esc(after)}`);
}

export async function repaymentDetail(b: { token: string; orderNo: string }) {
  return ok('repaymentDetail', { orderNo: b.orderNo }, { token: b.token });
}

/** A real 1x1 PNG (the app decodes and re-encodes it before upload). */
export const RECEIPT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
