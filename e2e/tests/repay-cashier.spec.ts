/** repay/cashier: full and partial repayment, amount rules, a failed payment, double submit refused. */
import { test, expect, type Page } from '@playwright/test';
import { dev, formatMoney, loginInBrowser, repaymentDetail, repayingBorrower, sentence } from '../support/repay';

async function openCashier(page: Page, token: string, orderNo: string) {
  await loginInBrowser(page, token);
  await page.goto(`/#/repay/repay_detail?orderNo=${orderNo}`);
  await page.getByTestId('repay-pay-online').click();
  await expect(page.getByTestId('repay-channels')).toBeVisible();
}

test('full repayment through the cashier: paid off, credit limit raised', async ({ page }) => {
  const b = await repayingBorrower();
  const before = await repaymentDetail(b);
  await openCashier(page, b.token, b.orderNo);
  await expect(page.getByTestId('repay-amount-input')).toHaveValue(String(before.amountDue));
  await page.getByLabel('Easypaisa').check();
  await page.getByTestId('repay-pay').click();
  await expect(page.getByTestId('repay-result-success')).toBeVisible();
  await expect(page.getByTestId('repay-result-success')).toContainText(formatMoney(before.amountDue));
  await page.getByTestId('repay-back-detail').click();
  await expect(page.getByTestId('repay-paid-off')).toBeVisible();
  await expect(page.getByTestId('repay-status')).toHaveCount(0);
  // the first loan repaid on time raises the limit (server policy)
  await expect(page.getByTestId('repay-limit-raised')).toBeVisible();
  // the offers to borrow again (loanMarket/repay/products), the reloan product now among them
  await expect(page.getByTestId('repay-next-loans').locator('[data-product="P004"]')).toBeVisible();
  const after = await repaymentDetail(b);
  expect(after.amountDue).toBe(0);
  expect(after.amountPaid).toBe(before.amountDue);
});

test('partial repayment, with the amount rules and the channel required', async ({ page }) => {
  const b = await repayingBorrower();
  const before = await repaymentDetail(b);
  await openCashier(page, b.token, b.orderNo);
  const amount = page.getByTestId('repay-amount-input');

  await amount.fill(String(before.minRepayment - 1));
  await page.getByTestId('repay-pay').click();
  await expect(page.getByText(sentence('The minimum repayment amount is ', formatMoney(before.minRepayment)))).toBeVisible();

  await amount.fill('1500.5');
  await page.getByTestId('repay-pay').click();
  await expect(page.getByText('The amount must be a whole number of rupees')).toBeVisible();

  await amount.fill(String(before.amountDue + 1));
  await page.getByTestId('repay-pay').click();
  await expect(page.getByText(/cannot be more than the amount due/)).toBeVisible();

  await amount.fill('2000');
  await page.getByTestId('repay-pay').click();
  await expect(page.getByText('Choose how you want to pay')).toBeVisible();

  await page.getByLabel('JazzCash').check();
  await expect(page.getByTestId('repay-pay')).toHaveText(sentence('Pay ', formatMoney(2000)));
  await page.getByTestId('repay-pay').click();
  await expect(page.getByTestId('repay-result-success')).toBeVisible();
  await expect(page.getByTestId('repay-remaining')).toHaveText(formatMoney(before.amountDue - 2000));

  await page.getByTestId('repay-back-detail').click();
  await expect(page.getByTestId('repay-amount-paid')).toHaveText(formatMoney(2000));
  await expect(page.getByTestId('repay-amount-due')).toHaveText(formatMoney(before.amountDue - 2000));
  await expect(page.getByTestId('repay-payments')).toContainText('Successful');
});

test('a failed payment takes nothing; trying again keeps the amount and succeeds', async ({ page }) => {
  const b = await repayingBorrower();
  const before = await repaymentDetail(b);
  await dev('force', { mobile: b.mobile, payment: 'fail' });
  await openCashier(page, b.token, b.orderNo);
  await page.getByTestId('repay-amount-input').fill('1000');
  await page.getByLabel('Debit card').check();
  await page.getByTestId('repay-pay').click();
  await expect(page.getByTestId('repay-result-failed')).toBeVisible();
  await expect(page.getByText('Nothing was taken from your account.', { exact: false })).toBeVisible();
  expect((await repaymentDetail(b)).amountPaid).toBe(0);

  await page.getByTestId('repay-try-again').click();
  // trying again keeps the amount chosen; the figures reloading never replace it
  await expect(page.getByTestId('repay-amount-input')).toHaveValue('1000');
  await page.getByLabel('Debit card').check();
  await page.getByTestId('repay-pay').click();
  await expect(page.getByTestId('repay-result-success')).toBeVisible();
  const after = await repaymentDetail(b);
  expect(after.amountPaid).toBe(1000);
  expect(after.amountDue).toBe(before.amountDue - 1000);
  expect(after.payments.map((p: { status: string }) => p.status).sort()).toEqual(['failed', 'success']);
});

test('a double tap and a reload never take the payment twice', async ({ page }) => {
  const b = await repayingBorrower();
  const before = await repaymentDetail(b);
  await openCashier(page, b.token, b.orderNo);
  await page.getByTestId('repay-amount-input').fill('1000');
  await page.getByLabel('Net banking').check();
  await page.getByTestId('repay-pay').dblclick();
  await expect(page.getByTestId('repay-result-success')).toBeVisible();
  // the URL now names the payment: a reload shows its result instead of paying again
  await expect(page).toHaveURL(/payOrderId=PAY/);
  await page.reload();
  await expect(page.getByTestId('repay-result-success')).toBeVisible();
  const after = await repaymentDetail(b);
  expect(after.amountPaid).toBe(1000);
  expect(after.amountDue).toBe(before.amountDue - 1000);
  expect(after.payments.filter((p: { status: string }) => p.status === 'success')).toHaveLength(1);
  expect(after.payments).toHaveLength(1);
});

test('the amount field behaves like any input: emptied it stays empty and never pays; typing replaces', async ({ page }) => {
  const b = await repayingBorrower();
  const before = await repaymentDetail(b);
  await openCashier(page, b.token, b.orderNo);
  const amount = page.getByTestId('repay-amount-input');
  await expect(amount).toHaveValue(String(before.amountDue));
  await amount.click();
  await page.keyboard.press('End');
  for (let i = 0; i < String(before.amountDue).length; i++) await page.keyboard.press('Backspace');
  await expect(amount).toHaveValue('');
  await page.getByLabel('Easypaisa').check();
  await page.getByTestId('repay-pay').click();
  await expect(page.getByText('Please enter the amount to pay')).toBeVisible();
  await expect(amount).toHaveValue('');
  expect((await repaymentDetail(b)).payments).toHaveLength(0);
  await amount.click();
  await page.keyboard.type('2000');
  await expect(amount).toHaveValue('2000');
  await expect(page.getByTestId('repay-pay')).toHaveText(sentence('Pay ', formatMoney(2000)));
  // in Urdu the same, in words
  await page.evaluate(() => localStorage.setItem('language', 'ur'));
  await page.reload();
  await expect(amount).toBeVisible();
  await amount.fill('');
  await page.getByTestId('repay-pay').click();
  await expect(page.getByText('براہ کرم ادا کی جانے والی رقم درج کریں')).toBeVisible();
  expect((await repaymentDetail(b)).payments).toHaveLength(0);
  // the channels are named in Urdu too
  await expect(page.getByLabel('ایزی پیسہ')).toBeVisible();
  await expect(page.getByLabel('ڈیبٹ کارڈ')).toBeVisible();
});
