/** repay/repay_bank: transfer details to copy, proof of repayment upload (draft survives a reload), its state. */
import { test, expect } from '@playwright/test';
import { dev, formatMoney, loginInBrowser, RECEIPT_PNG, repaymentDetail, repayingBorrower, call } from '../support/repay';
import { shot } from '../support/fixtures';

test('bank transfer details copy to the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const b = await repayingBorrower();
  const info = (await call('bankTransferInfo', { orderNo: b.orderNo }, { token: b.token })).data;
  await loginInBrowser(page, b.token);
  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
  await page.getByTestId('repay-action-bank').click();
  await expect(page.getByTestId('repay-bank-account')).toHaveText(info.accountNumber);
  await expect(page.getByTestId('repay-bank-amount')).toHaveText(formatMoney(info.amountDue));
  await expect(page.getByTestId('repay-bank-reference')).toHaveText(b.orderNo);
  await expect(page.getByTestId('repay-bank-confirm-note')).toHaveText(`Repayment is confirmed within ${info.confirmMinutes} minutes of transfer.`);
  await page.getByTestId('repay-bank-account-copy').click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(info.accountNumber);
  await page.getByTestId('repay-bank-iban-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(info.iban);
});

test('proof of repayment: photo upload, draft kept over a reload, checked state', async ({ page }) => {
  const b = await repayingBorrower();
  const before = await repaymentDetail(b);
  await loginInBrowser(page, b.token);
  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
  await page.getByTestId('repay-action-proof').click();
  await expect(page.getByTestId('repay-proof-check-note')).toHaveText('Proof of repayment is checked within 48 hours.');

  // nothing filled: each field says what is wrong
  await page.getByTestId('repay-proof-submit').click();
  await expect(page.getByText('Please choose a photo of the receipt')).toBeVisible();

  await page.getByTestId('repay-proof-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
  await expect(page.getByTestId('repay-proof-uploaded')).toBeVisible();
  // impossible values are refused in words: nothing, or more than is due
  await page.getByTestId('repay-proof-ref').fill('TRXCHECK01');
  await page.getByTestId('repay-proof-amount').fill('0');
  await page.getByTestId('repay-proof-submit').click();
  await expect(page.getByText('Please enter an amount')).toBeVisible();
  await page.getByTestId('repay-proof-amount').fill(String(before.amountDue * 20));
  await page.getByTestId('repay-proof-submit').click();
  await expect(page.getByText('This is more than is due on this loan')).toBeVisible();
  await page.getByTestId('repay-proof-amount').fill(String(before.amountDue));
  await page.getByTestId('repay-proof-ref').fill('TX1');
  await page.getByTestId('repay-proof-submit').click();
  await expect(page.getByTestId('repay-proof-ref')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('repay-proof-amount')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('repay-proof-ref').fill('TRX20261122001');

  // a reload keeps what was typed and the uploaded photo
  await page.reload();
  await expect(page.getByTestId('repay-proof-amount')).toHaveValue(String(before.amountDue));
  await expect(page.getByTestId('repay-proof-ref')).toHaveValue('TRX20261122001');
  await expect(page.getByTestId('repay-proof-uploaded')).toBeVisible();

  await page.getByTestId('repay-proof-submit').click();
  await expect(page.getByText('Proof submitted')).toBeVisible();
  await expect(page.getByTestId('repay-proof-state')).toHaveText('Being checked');
  await expect(page.getByTestId('repay-proof-amount')).toHaveValue('');

  const proofs = (await call('proofStatus', { orderNo: b.orderNo }, { token: b.token })).data.proofs;
  expect(proofs).toHaveLength(1);
  expect(proofs[0].transactionRef).toBe('TRX20261122001');
  // the back office accepts it: the repayment is applied
  expect((await dev('proof', { proofId: proofs[0].proofId, accept: true })).ok).toBe(true);
  await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
  await expect(page.getByTestId('repay-paid-off')).toBeVisible();
});

test('in Urdu the transfer details name the bank in Urdu', async ({ page }) => {
  const b = await repayingBorrower();
  await loginInBrowser(page, b.token, 'ur');
  await page.goto(`/#/repay/repay_bank?orderNo=${b.orderNo}`);
  await expect(page.getByTestId('repay-bank-bank')).toContainText('میزان بینک');
});

for (const lang of ['en', 'ur'] as const) {
  test(`bank transfer at 360 px (${lang}): the IBAN stays clear of its Copy button, whole, on one line`, async ({ page }) => {
    const b = await repayingBorrower();
    const info = (await call('bankTransferInfo', { orderNo: b.orderNo }, { token: b.token })).data;
    await loginInBrowser(page, b.token, lang);
    await page.goto(`/#/repay/repay_bank?orderNo=${b.orderNo}`);
    const value = page.getByTestId('repay-bank-iban');
    await expect(value).toHaveText(info.iban);
    const v = (await value.boundingBox())!;
    const btn = (await page.getByTestId('repay-bank-iban-copy').boundingBox())!;
    // no overlap: the code is under the button's row (its own line), or beside the button
    const beside = lang === 'en' ? v.x + v.width <= btn.x : v.x >= btn.x + btn.width;
    expect(beside || v.y >= btn.y + btn.height).toBe(true);
    // never broken mid-code: one line box
    expect(await value.locator('bdi').evaluate((el) => el.getClientRects().length)).toBe(1);
    expect(v.x).toBeGreaterThanOrEqual(0);
    expect(v.x + v.width).toBeLessThanOrEqual(360);
    // every character shows (nothing clipped under the button or the edge)
    expect(await value.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await shot(page, `repay-bank-${lang}`);
  });
}
