/** repay/repay_detail: empty, logged out, a loan being repaid (en + ur), the remote alone, and the statement with a waiver. */
import fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { appUrl, expectDir } from '../support/fixtures';
import { dev, ok } from '../support/api';
import { approvedWaiver } from '../support/staff';
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
  await expect(page.getByTestId('repay-per-day-note')).toContainText('each day on the part of the loan you still owe');
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
  await expect(page.getByTestId('repay-per-day-note')).toContainText('سود ہر دن قرض کی اس رقم پر لیا جاتا ہے جو ابھی آپ کے ذمے باقی ہے');
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

test('the statement lists the money events, a waiver among them, and downloads as a CSV in the reader language', async ({ page }) => {
  test.slow(); // a loan paid out, then two languages and two downloads
  const b = await repayingBorrower();
  // overdue by three days (its own dates moved, not the shared clock), then staff waive part of the penalty (an agent proposes, a supervisor approves)
  expect((await dev('order/shift', { orderNo: b.orderNo, days: 94 })).ok).toBe(true);
  const waived = await approvedWaiver({ orderNo: b.orderNo, account: 'penalty', amount: 50, reason: 'e2e: goodwill' });
  expect(waived.status).toBe(200);
  expect(waived.body.proposal.status).toBe('applied');
  const s = await ok('repaymentStatement', { orderNo: b.orderNo }, { token: b.token });
  const d = await repaymentDetail(b);
  expect(s.amountDue).toBe(d.amountDue);

  await loginInBrowser(page, b.token);
  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
  const list = page.getByTestId('repay-statement');
  await expect(list).toContainText('Waived');
  await expect(list).toContainText(`Overdue fee − ${formatMoney(50)}`);
  await expect(list.locator('li').last()).toContainText(formatMoney(d.amountDue));
  // the latest 6 lines, all of them on demand
  await expect(list.locator('li')).toHaveCount(Math.min(6, s.lines.length));
  if (s.lines.length > 6) await page.getByTestId('repay-statement-all').click();
  else await expect(page.getByTestId('repay-statement-all')).toHaveCount(0);
  await expect(list.locator('li')).toHaveCount(s.lines.length);
  await expect(list).toContainText('Loan paid out');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('statement.en.png'), fullPage: true });
  await page.locator('section[aria-labelledby="repay-statement-title"]').screenshot({ path: test.info().outputPath('statement-section.en.png') });
  const [en] = await Promise.all([page.waitForEvent('download'), page.getByTestId('repay-statement-download').click()]);
  expect(en.suggestedFilename()).toBe(`statement-${b.orderNo.replace(/[^A-Za-z0-9_-]/g, '')}.csv`);
  const rows = fs
    .readFileSync((await en.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(rows[0]).toBe('Date,Event,Principal,Interest,Overdue fee,Extension fee,Coupon,Paid,Received,Paid above due,You owe');
  expect(rows).toHaveLength(s.lines.length + 1);
  expect(rows.some((r) => /,Waived,0,0,-50,0,0,0,0,0,\d+$/.test(r))).toBe(true);

  await switchLanguage(page, 'ur');
  await expectDir(page, 'rtl');
  await expect(page.getByTestId('repay-statement')).toContainText('معاف کیا گیا');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('statement.ur.png'), fullPage: true });
  await page.locator('section[aria-labelledby="repay-statement-title"]').screenshot({ path: test.info().outputPath('statement-section.ur.png') });
  const [ur] = await Promise.all([page.waitForEvent('download'), page.getByTestId('repay-statement-download').click()]);
  const urRows = fs
    .readFileSync((await ur.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(urRows[0].startsWith('تاریخ,اندراج,اصل رقم')).toBe(true);
});
