/**
 * The upload-time gate (spec section 4) with data collection on for the borrower: a plain
 * browser is blocked with 'please run in app'; inside the wrapper (simulator) the native
 * task runs, the six flags reach the server, and the step goes on.
 */
import { expect, test } from '@playwright/test';
import { call, apply, dev, registerBorrower, signIn } from '../support/loan';
import { agreeToPermissions } from '../support/api';
import { fillPersonal } from '../support/onboarding';

async function borrowerWithOpenOrder(consent = true) {
  const b = await registerBorrower();
  if (consent) await agreeToPermissions(b.token);
  expect((await dev('force', { mobile: b.mobile, dataCollection: true })).ok).toBe(true);
  const order = await apply(b.token); // nothing filled in yet: the order waits at personal info (6)
  expect(order.status).toBe(6);
  return { ...b, orderNo: order.orderNo };
}

test('in a plain browser the step is blocked: please run in app', async ({ page }) => {
  const b = await borrowerWithOpenOrder();
  await signIn(page, b);
  await page.goto('/#/auth/personal_infomation');
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please run in app')).toBeVisible();
  await expect(page).toHaveURL(/personal_infomation/);
  const status = (await call('uploadStatus', { orderNo: b.orderNo }, { token: b.token })).data as Record<string, boolean>;
  expect(status.enableTimeSdk).toBe(true);
  expect(status.contact).toBe(false);
});

test('inside the wrapper: agreement to the permissions first, then the step goes on by itself (the form kept): the native task collects, reports the flags', async ({
  page,
}) => {
  const b = await borrowerWithOpenOrder(false);
  // without the agreement the server refuses data collection
  expect((await call('uploadStatus', { orderNo: b.orderNo }, { token: b.token })).code).toBe(200230);
  await page.addInitScript(() => {
    (window as unknown as { __NATIVE_SIM__: object }).__NATIVE_SIM__ = { login: null, timeSDK: { ok: true } };
  });
  await signIn(page, b);
  await page.goto('/#/auth/personal_infomation');
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/permissions\?next=personalInfomation/);
  await page.locator('#perm-camera').getByRole('checkbox').check();
  await page.locator('#perm-storage').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  // the step goes on with what was typed: no second Next on the filled form
  await expect(page).toHaveURL(/id_card_authentication/);
  expect((await call('userProfile', {}, { token: b.token })).data.basicInfo.address).toBe('House 12, Street 4, Gulberg');
  const sent = await page.evaluate(
    () => (window as unknown as { __nativeSim: { sent: { action: string; data: { step?: string; orderNo?: string } }[] } }).__nativeSim.sent,
  );
  // the lending apps the server wants reported (device packageList): none, this market does not ask for installed apps
  expect(sent.find((m) => m.action === 'timeSDK')?.data).toMatchObject({ step: 'personalInfomation', orderNo: b.orderNo, packages: [] });
  const status = (await call('uploadStatus', { orderNo: b.orderNo }, { token: b.token })).data as Record<string, boolean>;
  for (const flag of ['appList', 'sms', 'exif', 'device', 'contact', 'location']) expect(status[flag], flag).toBe(true);
});
