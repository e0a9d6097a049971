/** repay/repay_detail: empty, logged out, a loan being repaid (en + ur), and the remote alone. */
import { test, expect } from '@playwright/test';
import { appUrl, expectDir } from '../support/fixtures';
import {
  expectNoHorizontalScroll,
  formatMoney,
  loginInBrowser,
  registerBorrower,
  repaymentDetail,
  repayingBorrower,
  sentence,
  switchLanguage,
} from '../support/repay';

test('a freshly registered borrower has nothing due: the no-data state', async ({ page }) => {
  const b = await registerBorrower();
  await loginInBrowser(page, b.token);
  await page.goto('/#/repay/repay_detail');
  await expect(page.getByText('No data')).toBeVisible();
  await expect(page.getByTestId('repay-no-loan')).toBeVisible();
  await expect(page.getByTestId('repay-pay-online')).toHaveCount(0);
});

test('a logged-out visitor is asked to log in', async ({ page }) => {
  await page.goto('/#/repay/repay_detail');
  await expect(page.getByText('Log in to see your repayments.')).toBeVisible();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/user\/login\?redirect=/);
});

test('a loan being repaid: amounts, actions, schedule; Urdu right-to-left', async ({ page }) => {
  const b = await repayingBorrower();
  const d = await repaymentDetail(b);
  await loginInBrowser(page, b.token);
  await page.goto('/#/repay/repay_detail'); // no orderNo: the latest order
  await expect(page.getByTestId('repay-amount-due')).toHaveText(formatMoney(d.amountDue));
  await expect(page.getByTestId('repay-status')).toHaveText('Repaying');
  const breakdown = page.getByTestId('repay-breakdown');
  // markup for the days held so far, the whole tenure's only on the due date
  await expect(page.getByTestId('repay-markup-accrued')).toHaveText(formatMoney(d.order.figures.interestAccrued));
  expect(d.amountDue).toBe(d.order.figures.loanAmount + d.order.figures.interestAccrued - d.reduction); // the card coupon came off the first loan
  expect(d.reduction).toBeGreaterThan(0);
  await expect(breakdown).toContainText(formatMoney(d.totalLoan));
  await expect(page.getByTestId('repay-per-day-note')).toContainText('only for the days you keep the money');
  await expect(page.getByTestId('repay-per-day-note')).toContainText(formatMoney(d.order.figures.interest));
  await expect(breakdown).toContainText(sentence('', String(d.order.figures.penaltyRatePerDay), '% per day'));
  await expect(page.getByTestId('repay-schedule')).toContainText(d.order.schedule[0].dueDate);
  await expect(page.getByTestId('repay-action-bank')).toBeVisible();
  await expect(page.getByTestId('repay-action-extend')).toBeVisible();
  await expect(page.getByTestId('repay-action-proof')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('detail.en.png'), fullPage: true });

  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
  await switchLanguage(page, 'ur');
  await expectDir(page, 'rtl');
  await expect(page.getByTestId('repay-status')).toHaveText('ادائیگی جاری');
  await expect(page.getByRole('button', { name: 'ابھی ادائیگی کریں' })).toBeVisible();
  await expect(page.getByTestId('repay-per-day-note')).toContainText('صرف ان دنوں کا لیا جاتا ہے');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('detail.ur.png'), fullPage: true });
});

test('the repay remote alone, on its own page', async ({ page }) => {
  const b = await repayingBorrower();
  const d = await repaymentDetail(b);
  const own = appUrl('mf-repay');
  await loginInBrowser(page, b.token);
  await page.goto(`${own}#/repay/repay_detail?orderNo=${b.orderNo}`);
  await expect(page.getByTestId('repay-amount-due')).toHaveText(formatMoney(d.amountDue));
  await page.getByTestId('repay-pay-online').click();
  await expect(page).toHaveURL(/#\/repay\/cashier\?orderNo=/);
  await expect(page.getByTestId('repay-channels')).toBeVisible();
});
