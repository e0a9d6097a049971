/** repay/exhibition_period_detail: quote from the server, confirm, result; charged once. Overdue with penalty (order dates moved back). */
import { test, expect } from '@playwright/test';
import { shot } from '../support/fixtures';
import { call, dev, formatMoney, loginInBrowser, repaymentDetail, repayingBorrower, sentence, switchLanguage } from '../support/repay';

test('extension: fee and new due date from the server, confirmed once', async ({ page }) => {
  const b = await repayingBorrower();
  const quote = (await call('extensionData', { orderNo: b.orderNo }, { token: b.token })).data;
  await loginInBrowser(page, b.token);
  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
  await page.getByTestId('repay-action-extend').click();
  await expect(page.getByTestId('repay-extension-fee')).toHaveText(formatMoney(quote.extensionFee));
  await expect(page.getByTestId('repay-extension-new-date')).toHaveText(quote.newDueDate);
  // like any payment: no charge before the borrower chooses how to pay and sees what is taken
  await page.getByTestId('repay-extension-pay').click();
  await expect(page.getByText('Choose how you want to pay')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('JazzCash').check();
  await page.getByTestId('repay-extension-pay').click();
  await expect(page.getByRole('dialog')).toContainText(quote.newDueDate);
  await expect(page.getByTestId('repay-extension-charge')).toContainText('will be taken now through JazzCash');
  await expect(page.getByTestId('repay-extension-charge')).toContainText(formatMoney(quote.extensionFee));
  await page.getByTestId('repay-extension-confirm').dblclick();
  await expect(page.getByTestId('repay-extension-done')).toBeVisible();
  await expect(page.getByTestId('repay-extension-done')).toContainText(quote.newDueDate);

  const d = await repaymentDetail(b);
  expect(d.order.extensionCount).toBe(1);
  expect(d.order.dueDate).toBe(quote.newDueDate);
  expect(d.payments.filter((p: { kind: string }) => p.kind === 'extension')).toHaveLength(1);
  expect(d.payments.find((p: { kind: string }) => p.kind === 'extension').channelId).toBe('jazzcash');
  await page.getByRole('button', { name: 'Back to repayment details' }).click();
  await expect(page.getByTestId('repay-payments')).toContainText('Extension fee');
});

// The order's own dates move into the past (not the shared clock: other tests' sessions stay valid).
test('overdue: days late, penalty and fee shown; extending clears the penalty', async ({ page }) => {
  const b = await repayingBorrower();
  const due = Date.parse(`${(await repaymentDetail(b)).order.dueDate}T00:00:00+05:00`);
  const clock = await dev('clock');
  const shifted = await dev('order/shift', { orderNo: b.orderNo, days: (due - clock.now) / 86_400_000 + 3.05 });
  expect(shifted.ok).toBe(true);
  const d = await repaymentDetail(b);
  expect(d.order.figures.overdueDays).toBeGreaterThan(0);
  await loginInBrowser(page, b.token);
  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
  await expect(page.getByTestId('repay-status')).toHaveText('Overdue');
  await expect(page.getByTestId('repay-overdue')).toHaveText(`Overdue by ${d.order.figures.overdueDays} days`);
  await expect(page.getByTestId('repay-overdue-fee')).toHaveText(formatMoney(d.order.figures.overdueFee));
  await expect(page.getByTestId('repay-amount-due')).toHaveText(formatMoney(d.amountDue));
  await page.screenshot({ path: test.info().outputPath('overdue.en.png'), fullPage: true });
  await page.getByTestId('repay-action-extend').click();
  // each line what it is (issue 45): the extension's own fee, the overdue fee paid with it, their sum, what is owed before and after
  await expect(page.getByText('Overdue fee you owe, paid now')).toBeVisible();
  const q = (await call('extensionData', { orderNo: b.orderNo }, { token: b.token })).data;
  await expect(page.getByTestId('repay-extension-own-fee')).toHaveText(formatMoney(q.ownFee));
  await expect(page.getByTestId('repay-extension-penalty')).toHaveText(formatMoney(q.penaltyIncluded));
  await expect(page.getByTestId('repay-extension-fee')).toHaveText(formatMoney(q.ownFee + q.penaltyIncluded));
  await expect(page.getByTestId('repay-extension-owed-now')).toHaveText(formatMoney(d.amountDue));
  await expect(page.getByTestId('repay-extension-owed-today')).toHaveText(formatMoney(d.amountDue - q.penaltyIncluded));
  await expect(page.getByTestId('repay-extension-fee-note')).toContainText('The overdue fee you pay now comes off what you owe');
  await expect(page.getByTestId('repay-extension-fee-note')).toContainText('The extension fee does not reduce what you owe.');
  // the days count from today, not from the due date that passed: the screen says so, with the server's date (en, ur)
  const quote = (await call('extensionData', { orderNo: b.orderNo }, { token: b.token })).data;
  expect(quote.fromToday).toBe(true);
  const days = quote.extensionDays;
  await expect(page.getByTestId('repay-extension-intro')).toHaveText(
    sentence(
      'Your due date has passed, so the extension counts from today: pay the extension fee now and your new due date is ',
      quote.newDueDate,
      `, ${days} days from today.`,
    ),
  );
  await expect(page.getByTestId('repay-extension-new-date')).toHaveText(quote.newDueDate);
  await expect(page.getByTestId('repay-extension-quote')).toContainText('Extension, from today');
  await shot(page, 'repay-extension-overdue-en');
  await switchLanguage(page, 'ur');
  await expect(page.getByTestId('repay-extension-intro')).toHaveText(
    sentence(
      'آپ کی ادائیگی کی تاریخ گزر چکی ہے، اس لیے توسیع آج سے شمار ہوگی: ابھی توسیع کی فیس ادا کریں تو آپ کی نئی ادائیگی کی تاریخ ',
      quote.newDueDate,
      ` ہوگی، یعنی آج سے ${days} دن بعد۔`,
    ),
  );
  await expect(page.getByTestId('repay-extension-quote')).toContainText('توسیع، آج سے');
  await expect(page.getByTestId('repay-extension-quote')).toContainText('آپ کے ذمے تاخیر کی فیس، ابھی ادا');
  await expect(page.getByTestId('repay-extension-fee-note')).toContainText('ابھی ادا کی گئی تاخیر کی فیس آپ کے واجب الادا سے کم ہو جاتی ہے');
  await shot(page, 'repay-extension-overdue-ur');
  await switchLanguage(page, 'en');
  await page.getByLabel('Easypaisa').check();
  await page.getByTestId('repay-extension-pay').click();
  await page.getByTestId('repay-extension-confirm').click();
  await expect(page.getByTestId('repay-extension-done')).toBeVisible();
  // the overdue fee was paid with the extension: still shown as charged, no longer due
  const after = await repaymentDetail(b);
  expect(after.order.figures.overdueFee).toBe(d.order.figures.overdueFee);
  expect(after.amountDue).toBe(d.amountDue - d.order.figures.overdueFee);
});
