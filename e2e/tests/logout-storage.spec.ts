/**
 * A shared phone: a borrower leaves drafts in every remote (onboarding forms, the borrow
 * choice, a proof of repayment), then logs out. Nothing of the borrower may be left in
 * localStorage, sessionStorage, IndexedDB or Cache Storage: only device-level keys.
 */
import { expect, test, type Page } from '@playwright/test';
import { OrderStatus, dev, newKey, ok, onboard, registerBorrower } from '../support/api';
import { apply, signIn, waitStatus } from '../support/loan';

// the service worker's caches are part of what log-out must leave clean (the suite blocks it elsewhere: playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

/** what survives a log-out: the spec's device keys (shared/src/session/storage.ts) and '<ns>:device:<key>' */
const DEVICE_KEYS = ['language', 'packageName', 'appName', 'afid', 'edition', 'deviceMsg'];
const isDeviceLevel = (key: string) => DEVICE_KEYS.includes(key) || /^[a-z]+:device:/.test(key);

/** everything the page keeps about anyone: storage entries, IndexedDB names, cached URLs */
async function kept(page: Page) {
  return page.evaluate(async () => {
    const cached: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) cached.push(r.url);
    return {
      local: { ...localStorage } as Record<string, string>,
      session: { ...sessionStorage } as Record<string, string>,
      databases: (await indexedDB.databases()).map((d) => d.name ?? ''),
      cached,
    };
  });
}

test('log-out leaves nothing of the borrower: drafts of every remote, tab data, IndexedDB, caches', async ({ page }) => {
  const b = await registerBorrower();
  await onboard(b.token);
  await dev('force', { mobile: b.mobile, review: 'approve', payout: 'ok' });
  await signIn(page, b);

  // onboarding: personal and additional information, edited but not submitted
  await page.goto('/#/auth/personal_infomation');
  await page.getByLabel('Email').fill('ali.new@example.pk');
  await page.goto('/#/auth/additionalInfomation');
  await page.getByLabel('Company name', { exact: true }).fill('Khan Traders');

  // loan: the borrow choice
  await page.goto('/#/borrow/to_borrow');
  await expect(page.getByLabel('Amount')).toBeVisible();

  // repay: a proof of repayment being typed, for a loan paid out meanwhile
  const order = await apply(b.token);
  await waitStatus(b.token, OrderStatus.Confirm);
  await ok('getMoney', { orderNo: order.orderNo, agree: true, idempotencyKey: newKey() }, { token: b.token });
  await waitStatus(b.token, OrderStatus.Repaying);
  await page.goto(`/#/repay/repay_detail?orderNo=${order.orderNo}`);
  await page.getByTestId('repay-action-proof').click();
  await page.getByTestId('repay-proof-ref').fill('TRXSHAREDPHONE');

  const userId = b.user.userId as number;
  const drafts = [
    `onboarding:user:draft:personal:${userId}`,
    `onboarding:user:draft:additional:${userId}`,
    'loan:user:draft:toBorrow',
    `repay:user:proofDraft:${order.orderNo}`,
  ];
  await expect.poll(async () => Object.keys((await kept(page)).local)).toEqual(expect.arrayContaining(drafts));

  await page.goto('/#/user_center/settings');
  await page.getByTestId('settings-logout').click();
  await page.getByTestId('settings-logout-confirm').click();
  await expect(page).toHaveURL(/#\/$/);

  const after = await kept(page);
  expect(Object.keys(after.local).filter((k) => !isDeviceLevel(k))).toEqual([]);
  expect(Object.keys(after.session).filter((k) => !isDeviceLevel(k))).toEqual([]);
  const values = JSON.stringify([after.local, after.session]);
  for (const personal of [b.mobile.slice(-7), 'ali.new@example.pk', 'Khan Traders', 'TRXSHAREDPHONE', order.orderNo]) expect(values).not.toContain(personal);
  // the app keeps nothing in IndexedDB; the service worker's expiration records hold only its files' URLs
  expect(after.databases.filter((name) => !name.startsWith('workbox-'))).toEqual([]);
  // the service worker caches files and pointers, never an API answer
  expect(after.cached.filter((u) => /^\/(api|cou|__dev)\//.test(new URL(u).pathname))).toEqual([]);
});
