/**
 * Helpers of the loan specs: a borrower put into a given loan state through the real
 * server (support/api.ts), and a browser session for that borrower.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { OrderStatus, dev, newKey, ok, onboard, pastDelays, registerBorrower, type Borrower } from './api';

export { OrderStatus, call, codeFor, dev, newKey, onboard, registerBorrower, type Borrower, type Step } from './api';

export async function apply(token: string, productId = 'P001', amount = 5000, tenureDays = 91) {
  return (await ok('applyMarket', { productId, amount, tenureDays }, { token })).order as { orderNo: string; status: number };
}

export async function latest(token: string) {
  return (await ok('latestOrder', {}, { token })).order as { orderNo: string; status: number } | null;
}

/**
 * The borrower's latest order moved past the review and payout delays (the jobs run at once, support/api.ts), then waited
 * until it has `status` (the server's jobs also run every second).
 */
export async function waitStatus(token: string, status: number) {
  const order = await latest(token);
  if (order && order.status !== status) await pastDelays(order.orderNo);
  await expect.poll(async () => (await latest(token))?.status, { timeout: 20_000 }).toBe(status);
}

/** forces the next review or payout outcome; `hold` keeps the order in review or paying out until forced again */
export async function force(mobile: string, f: { review?: 'approve' | 'reject' | 'hold'; payout?: 'ok' | 'fail' | 'hold' }) {
  await dev('force', { mobile, ...f });
}

/** A fully onboarded borrower whose loan is approved and waiting for confirmation (14). */
export async function approvedBorrower(): Promise<Borrower & { orderNo: string }> {
  const b = await registerBorrower();
  await onboard(b.token);
  await force(b.mobile, { review: 'approve' });
  const o = await apply(b.token);
  await waitStatus(b.token, OrderStatus.Confirm);
  return { ...b, orderNo: o.orderNo };
}

/** An approved borrower who confirmed; the payout is forced to `payout` and awaited. */
export async function disbursedBorrower(payout: 'ok' | 'fail' = 'ok') {
  const b = await approvedBorrower();
  await force(b.mobile, { payout });
  await ok('getMoney', { orderNo: b.orderNo, agree: true, idempotencyKey: newKey() }, { token: b.token });
  await waitStatus(b.token, payout === 'ok' ? OrderStatus.Repaying : OrderStatus.PayFail);
  return b;
}

/** Opens the app as this borrower (token and user info in the spec's storage keys). */
export async function signIn(page: Page, b: Borrower, opts: { lang?: 'en' | 'ur'; base?: string } = {}) {
  // a path the origin does not have: its storage without starting the app (a plain 'not found' page)
  await page.goto(`${opts.base ?? '/'}e2e-storage`);
  await page.evaluate(
    ({ token, user, lang }) => {
      localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${token}` }));
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('language', lang);
    },
    { token: b.token, user: b.user, lang: opts.lang ?? 'en' },
  );
  // the app reads storage at start: leave the page so the next goto (even to another hash) starts it afresh
  await page.goto('about:blank');
}

/** Makes a visible screen refresh as when the app returns to the foreground. */
export async function foreground(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

/** Waits until the locator's text, without the bidi isolation marks the app puts around figures, contains `text`. */
export async function expectText(locator: Locator, text: string) {
  await expect
    .poll(async () =>
      (await locator.allTextContents())
        .join(' ')
        .replace(/[\u2066-\u2069]/g, '')
        .replace(/\u00a0/g, ' '),
    )
    .toContain(text);
}
