/**
 * The inbox (issue 41) at Me → Inbox: a borrower whose loan was approved and paid out, and whose payment arrived, reads
 * the three notices the server wrote, newest first, in English and in Urdu; the unread count on Me falls as they are read.
 */
import { expect, test, type Page } from '@playwright/test';
import { newKey, ok } from '../support/api';
import { expectDir, shot } from '../support/fixtures';
import { signIn } from '../support/loan';
import { call, repayingBorrower } from '../support/repay';
import type { Borrower } from '../support/api';

type Repaying = Borrower & { orderNo: string };

/** a borrower told of the approval, the payout and a payment of Rs. 1,000 (the provider confirms it at once) */
async function toldThreeTimes(): Promise<Repaying> {
  const b = await repayingBorrower();
  const c = await call('repaymentConfirm', { orderNo: b.orderNo, amount: 1000, idempotencyKey: newKey() }, { token: b.token });
  const p = await call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'easypaisa' }, { token: b.token });
  expect(p.data.payment.status).toBe('success');
  await expect.poll(async () => (await ok('noticeList', {}, { token: b.token })).unread).toBe(3);
  return b;
}

const unreadOnMe = (page: Page) => page.getByTestId('me-inbox-unread');

/** the inbox shown, its notices are marked read (the screen does it once they are listed) */
const allRead = (b: Repaying) => expect.poll(async () => (await ok('noticeList', {}, { token: b.token })).unread).toBe(0);

test('in English: three notices, newest first, the count on Me from 3 to none once read', async ({ page }) => {
  const b = await toldThreeTimes();
  await signIn(page, b);
  await page.goto('/#/me');
  await expect(unreadOnMe(page)).toHaveText('3');
  await expect(unreadOnMe(page)).toHaveAttribute('aria-label', '3 unread');
  await shot(page, 'inbox-me.en');
  await page.getByTestId('me-inbox').click();
  await expect(page).toHaveURL(/#\/user\/inbox$/);
  const list = page.getByTestId('inbox-notice');
  await expect(list.locator('.uc-notice__title')).toHaveText(['Payment received', 'Loan paid out', 'Loan approved']);
  await expect(list.filter({ has: page.locator('.badge') })).toHaveCount(3);
  await expect(list.first()).toContainText(`We received Rs. 1,000 for loan ${b.orderNo}`);
  await shot(page, 'inbox.en');
  await allRead(b);
  await page.goBack();
  await expect(page).toHaveURL(/#\/me$/);
  await expect(page.getByTestId('me-inbox')).toBeVisible();
  await expect(unreadOnMe(page)).toHaveCount(0);
  // read stays read: the notices are there without the mark
  await page.getByTestId('me-inbox').click();
  await expect(list).toHaveCount(3);
  await expect(list.locator('.badge')).toHaveCount(0);
});

test('in Urdu, right to left: one read elsewhere lowers the count to 2, the rest read in the inbox', async ({ page }) => {
  const b = await toldThreeTimes();
  const { notices } = await ok('noticeList', {}, { token: b.token });
  await ok('noticeRead', { ids: [notices.at(-1).id] }, { token: b.token }); // the approval, read
  await signIn(page, b, { lang: 'ur' });
  await page.goto('/#/me');
  await expectDir(page, 'rtl');
  await expect(unreadOnMe(page)).toHaveText('2');
  await expect(unreadOnMe(page)).toHaveAttribute('aria-label', '2 نہ پڑھے گئے');
  await shot(page, 'inbox-me.ur');
  await page.getByTestId('me-inbox').click();
  const list = page.getByTestId('inbox-notice');
  await expect(list.locator('.uc-notice__title')).toHaveText(['ادائیگی موصول', 'قرض کی ادائیگی', 'قرض منظور']);
  await expect(list.filter({ has: page.locator('.badge') })).toHaveCount(2);
  await expect(list.first().locator('.badge')).toHaveText('نیا');
  await expect(list.first()).toContainText('موصول ہو گئے');
  await shot(page, 'inbox.ur');
  await allRead(b);
  await page.goBack();
  await expect(page).toHaveURL(/#\/me$/);
  await expect(page.getByTestId('me-inbox')).toBeVisible();
  await expect(unreadOnMe(page)).toHaveCount(0);
});
