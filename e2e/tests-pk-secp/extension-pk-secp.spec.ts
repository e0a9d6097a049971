/**
 * Issue 45 under pk-secp, in English and Urdu at 360 px: an extension never takes a loan past 90 days from its payout
 * (shortened to the days left, its fee for those days; none offered once the last day is the due date), and every line
 * of the extension screen says what happens: the extension's own fee, the overdue fee paid with it, what is owed before
 * and after. The order's own dates are moved back (`order/shift`), not the shared clock.
 */
import { test, expect } from '@playwright/test';
import { call, dev } from '../support/api';
import { expectNoHorizontalScroll, formatMoney, loginInBrowser, sentence, switchLanguage } from '../support/repay';
import { pkBorrower } from '../support/pkSecp';

/** a 30-day loan paid out `days` days ago */
async function loanAged(days: number) {
  const b = await pkBorrower(true);
  expect((await dev('order/shift', { orderNo: b.orderNo, days })).ok).toBe(true);
  return b;
}

test('a loan 65 days in, 35 overdue: the extension is shortened to the 90th day, each line says what it is (en, ur)', async ({ page }) => {
  const b = await loanAged(65);
  const q = (await call('extensionData', { orderNo: b.orderNo }, { token: b.token })).data;
  expect(q.available).toBe(true);
  expect(q.shortened).toBe(true);
  expect(q.extensionDays).toBeLessThan(30);
  expect(q.extensionFee).toBe(q.ownFee + q.penaltyIncluded);
  await loginInBrowser(page, b.token);
  await page.goto(`/#/repay/exhibition_period_detail?orderNo=${b.orderNo}`);
  await expect(page.getByTestId('repay-extension-own-fee')).toHaveText(formatMoney(q.ownFee));
  await expect(page.getByTestId('repay-extension-penalty')).toHaveText(formatMoney(q.penaltyIncluded));
  await expect(page.getByTestId('repay-extension-fee')).toHaveText(formatMoney(q.extensionFee));
  await expect(page.getByTestId('repay-extension-owed-now')).toHaveText(formatMoney(q.amountDueNow));
  await expect(page.getByTestId('repay-extension-owed-today')).toHaveText(formatMoney(q.amountDueAfter));
  await expect(page.getByTestId('repay-extension-intro')).toContainText(`${q.extensionDays} days from today`);
  await expect(page.getByTestId('repay-extension-shortened')).toHaveText(
    sentence('A loan may run at most ', '90', ` days from its payout, extensions included: this extension gives ${q.extensionDays} days, up to that last day`),
  );
  await expect(page.getByTestId('repay-extension-fee-note')).toHaveText(
    sentence('The overdue fee you pay now comes off what you owe: ', formatMoney(q.amountDueNow), ' today, '),
  );
  await expect(page.getByTestId('repay-extension-fee-note')).toHaveText(sentence(' today, ', formatMoney(q.amountDueAfter), ' after the extension.'));
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('extension-shortened.en.png'), fullPage: true });
  await switchLanguage(page, 'ur');
  await expect(page.getByTestId('repay-extension-shortened')).toContainText('زیادہ سے زیادہ');
  await expect(page.getByTestId('repay-extension-shortened')).toContainText('90');
  await expect(page.getByTestId('repay-extension-quote')).toContainText('آپ کے ذمے تاخیر کی فیس، ابھی ادا');
  await expect(page.getByTestId('repay-extension-fee-note')).toContainText('ابھی ادا کی گئی تاخیر کی فیس آپ کے واجب الادا سے کم ہو جاتی ہے');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('extension-shortened.ur.png'), fullPage: true });
});

test('a loan past its 90th day: no extension is offered, and the screen says why (en, ur)', async ({ page }) => {
  const b = await loanAged(91);
  const q = (await call('extensionData', { orderNo: b.orderNo }, { token: b.token })).data;
  expect([q.available, q.reason]).toEqual([false, 'maxLoanDays']);
  await loginInBrowser(page, b.token);
  await page.goto(`/#/repay/exhibition_period_detail?orderNo=${b.orderNo}`);
  await expect(page.getByTestId('repay-extension-reason')).toHaveText(
    sentence('A loan may run at most ', '90', ' days from its payout, extensions included: this loan’s due date is already its last day.'),
  );
  await expect(page.getByTestId('repay-extension-pay')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('extension-refused.en.png'), fullPage: true });
  await switchLanguage(page, 'ur');
  await expect(page.getByTestId('repay-extension-reason')).toContainText('اس قرض کی واجب الادا تاریخ پہلے ہی اس کا آخری دن ہے');
  await page.screenshot({ path: test.info().outputPath('extension-refused.ur.png'), fullPage: true });
});
