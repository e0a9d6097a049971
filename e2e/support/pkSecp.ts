/** The pk-secp market profile's e2e helpers (e2e/tests-pk-secp, run by playwright.pk-secp.config.ts). */
import type { Page } from '@playwright/test';
import { OrderStatus, call, dev, newKey, ok, onboard, registerBorrower, type Borrower } from './api';
import { waitStatus } from './loan';

export const config = async () => (await call('marketConfig')).data;

/** onboarded, the warning acknowledged, applied for Rs 5,000 over 30 days; approved, and paid out when `payout` */
export async function pkBorrower(payout: boolean): Promise<Borrower & { orderNo: string }> {
  const b = await registerBorrower();
  await onboard(b.token);
  await ok('acknowledgeRiskWarning', { version: (await config()).profile.riskWarningVersion, lang: 'en' }, { token: b.token });
  await dev('force', { mobile: b.mobile, review: 'approve', payout: 'ok' });
  const ap = await ok('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: b.token });
  await waitStatus(b.token, OrderStatus.Confirm);
  if (payout) {
    await ok('getMoney', { orderNo: ap.order.orderNo, agree: true, idempotencyKey: newKey() }, { token: b.token });
    await waitStatus(b.token, OrderStatus.Repaying);
  }
  return { ...b, orderNo: ap.order.orderNo };
}

/** the page in `lang`, reloaded */
export async function setLang(page: Page, lang: 'en' | 'ur') {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

/** the words of the spec's upfront deduction, which no screen may show under pk-secp */
export const DEDUCTED = { en: /deducted (upfront|at payout|when)/, ur: /پیشگی کاٹا|کٹوتی|ٹیکس کاٹا جاتا ہے/ };
