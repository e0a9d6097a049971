/**
 * Issue 28's money rules on screen, in English and Urdu at 360 px: due today is not overdue, the
 * penalty after a part payment is on what is left, the extension shows what is owed today and on
 * the new due date, and the confirm page shows the coupon as its own reduction line.
 * The order's own dates move into the past (not the shared clock: other tests' sessions stay valid).
 */
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { call, dev, formatMoney, loginInBrowser, repaymentDetail, repayingBorrower, switchLanguage } from '../support/repay';
import { newKey } from '../support/api';
import { approvedBorrower, signIn } from '../support/loan';

const DAY = 86_400_000;
const pkDayStart = (date: string) => Date.parse(`${date}T00:00:00+05:00`);
const SCREENS = path.join(__dirname, '..', '..', '.tmp', 'screens');

/** moves the order's dates back whole days so that its due date is `daysAgo` Pakistan days before today's */
async function dueDaysAgo(b: { token: string; orderNo: string }, daysAgo: number) {
  const { now } = await dev('clock');
  const today = new Date(now + 5 * 3_600_000).toISOString().slice(0, 10);
  const dueDate = (await repaymentDetail(b)).order.dueDate as string;
  const days = (pkDayStart(dueDate) - pkDayStart(today)) / DAY + daysAgo;
  expect((await dev('order/shift', { orderNo: b.orderNo, days })).ok).toBe(true);
}
async function pay(b: { token: string; orderNo: string }, amount: number) {
  const c = await call('repaymentConfirm', { orderNo: b.orderNo, amount, idempotencyKey: newKey() }, { token: b.token });
  const p = await call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'easypaisa' }, { token: b.token });
  expect(p.data.payment.status).toBe('success');
}
const openDetail = async (page: Page, b: { token: string; orderNo: string }) => {
  await loginInBrowser(page, b.token);
  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
};

test('due today: not overdue, no overdue fee, in English and Urdu', async ({ page }) => {
  const b = await repayingBorrower();
  await dueDaysAgo(b, 0);
  const d = await repaymentDetail(b);
  await openDetail(page, b);
  await expect(page.getByTestId('repay-amount-due')).toHaveText(formatMoney(d.amountDue));
  await expect(page.getByTestId('repay-status')).not.toHaveText('Overdue');
  await expect(page.getByTestId('repay-overdue')).toHaveCount(0);
  await expect(page.getByTestId('repay-overdue-fee')).toHaveText(formatMoney(0));
  await page.screenshot({ path: `${SCREENS}/detail-due-today.en.png`, fullPage: true });
  await switchLanguage(page, 'ur');
  await expect(page.getByTestId('repay-amount-due')).toBeVisible();
  await expect(page.getByTestId('repay-overdue')).toHaveCount(0);
  await expect(page.getByTestId('repay-overdue-fee')).toHaveText(formatMoney(0));
  await page.screenshot({ path: `${SCREENS}/detail-due-today.ur.png`, fullPage: true });
});

test('overdue after a part payment: the penalty is on the principal left, in English and Urdu', async ({ page }) => {
  const b = await repayingBorrower();
  await pay(b, 1000);
  await dueDaysAgo(b, 2);
  const d = await repaymentDetail(b);
  const fee = 2 * Math.round(4000 * 0.02); // 2% a day of the 4,000 still owed, two days
  expect(d.order.figures.overdueFee).toBe(fee);
  await openDetail(page, b);
  await expect(page.getByTestId('repay-status')).toHaveText('Overdue');
  await expect(page.getByTestId('repay-overdue')).toHaveText('Overdue by 2 days');
  await expect(page.getByTestId('repay-overdue-fee')).toHaveText(formatMoney(fee));
  await expect(page.getByTestId('repay-amount-due')).toHaveText(formatMoney(d.amountDue));
  await page.screenshot({ path: `${SCREENS}/detail-overdue-part-paid.en.png`, fullPage: true });
  await switchLanguage(page, 'ur');
  await expect(page.getByTestId('repay-overdue')).toContainText('دن کی تاخیر');
  await expect(page.getByTestId('repay-overdue')).toContainText('2');
  await expect(page.getByTestId('repay-overdue-fee')).toHaveText(formatMoney(fee));
  await page.screenshot({ path: `${SCREENS}/detail-overdue-part-paid.ur.png`, fullPage: true });
});

test('extension: what is owed today and on the new due date, in English and Urdu', async ({ page }) => {
  const b = await repayingBorrower();
  await pay(b, 1000);
  const q = (await call('extensionData', { orderNo: b.orderNo }, { token: b.token })).data;
  expect(q.amountDueOnNewDueDate).toBeGreaterThan(q.amountDueAfter);
  await openDetail(page, b);
  await page.getByTestId('repay-action-extend').click();
  await expect(page.getByTestId('repay-extension-fee')).toHaveText(formatMoney(q.extensionFee));
  await expect(page.getByTestId('repay-extension-owed-today')).toHaveText(formatMoney(q.amountDueAfter));
  await expect(page.getByTestId('repay-extension-owed-new-date')).toHaveText(formatMoney(q.amountDueOnNewDueDate));
  await expect(page.getByTestId('repay-extension-quote')).toContainText('Owed on the new due date if nothing else is paid');
  await page.screenshot({ path: `${SCREENS}/extension.en.png`, fullPage: true });
  await switchLanguage(page, 'ur');
  await expect(page.getByTestId('repay-extension-owed-new-date')).toHaveText(formatMoney(q.amountDueOnNewDueDate));
  await expect(page.getByTestId('repay-extension-quote')).toContainText('نئی مقررہ تاریخ پر واجب الادا');
  await page.screenshot({ path: `${SCREENS}/extension.ur.png`, fullPage: true });
});

for (const lang of ['en', 'ur'] as const) {
  test(`confirm with the coupon: its own reduction line and the total after it (${lang})`, async ({ page }) => {
    const b = await approvedBorrower();
    const info = (await call('confirmProductInfo', { orderNo: b.orderNo }, { token: b.token })).data;
    expect(info.figures.reduction).toBe(100);
    expect(info.figures.totalRepayable).toBe(info.figures.loanAmount + info.figures.interest - 100);
    await signIn(page, b, { lang });
    await page.goto(`/#/borrow/confirm_borrow?orderNo=${b.orderNo}`);
    const figures = page.getByTestId('confirm-figures');
    await expect(figures.getByTestId('fig-reduction')).toHaveText(`− ${formatMoney(100)}`);
    await expect(figures.getByTestId('fig-total')).toHaveText(formatMoney(info.figures.totalRepayable));
    await expect(figures).toContainText(lang === 'en' ? 'Reduction (coupon)' : 'رعایت (کوپن)');
    await page.screenshot({ path: `${SCREENS}/confirm-coupon.${lang}.png`, fullPage: true });
  });
}

test('issue 43: what was paid is every payment, the extension fee included: on the detail and the paid-off screen, in English and Urdu', async ({ page }) => {
  const b = await repayingBorrower(3000);
  await pay(b, 1000);
  await dueDaysAgo(b, 1);
  const q = (await call('extensionData', { orderNo: b.orderNo }, { token: b.token })).data;
  expect(q.penaltyIncluded).toBeGreaterThan(0);
  const ext = await call('confirmExtension', { orderNo: b.orderNo, idempotencyKey: newKey(), channelId: 'easypaisa' }, { token: b.token });
  expect(ext.code).toBe(0);
  await openDetail(page, b);
  await expect(page.getByTestId('repay-amount-paid')).toHaveText(formatMoney(1000 + q.extensionFee));
  await expect(page.getByTestId('repay-breakdown')).toContainText('Paid so far (every payment, fees included)');
  await expect(page.getByTestId('repay-schedule-extension-fees')).toContainText(formatMoney(q.ownFee));
  await page.screenshot({ path: test.info().outputPath('detail-extended.en.png'), fullPage: true });
  const rest = (await repaymentDetail(b)).amountDue;
  await pay(b, rest);
  await page.reload();
  await expect(page.getByTestId('repay-paid-off')).toContainText('Total you paid (every payment, fees included)');
  await expect(page.getByTestId('repay-total-paid')).toHaveText(formatMoney(1000 + q.extensionFee + rest));
  await page.screenshot({ path: test.info().outputPath('paid-off.en.png'), fullPage: true });
  await switchLanguage(page, 'ur');
  await expect(page.getByTestId('repay-paid-off')).toContainText('آپ نے کل ادا کیا (ہر ادائیگی، فیس سمیت)');
  await expect(page.getByTestId('repay-total-paid')).toHaveText(formatMoney(1000 + q.extensionFee + rest));
  await page.screenshot({ path: test.info().outputPath('paid-off.ur.png'), fullPage: true });
});
