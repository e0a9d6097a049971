/** The borrowing journey through the composed app: apply -> review -> confirm with the KFS -> lending -> disbursed; cancellation. */
import { expect, test } from '@playwright/test';
import { shot } from '../support/fixtures';
import { OrderStatus, call, approvedBorrower, force, latest, newKey, onboard, registerBorrower, signIn, waitStatus } from '../support/loan';
import { ok } from '../support/api';

test('apply -> confirm with the key fact statement -> lending -> disbursed', async ({ page }) => {
  test.slow(); // the whole journey with two server jobs in it: past 60 s on a loaded 2-core machine
  const b = await registerBorrower();
  await onboard(b.token);
  await force(b.mobile, { review: 'approve', payout: 'ok' });
  await signIn(page, b);
  await page.goto('/');
  await page.getByTestId('home-status').getByRole('button', { name: 'Apply' }).click();

  // to_borrow: product, amount within the limit, tenure, and the cost before applying
  await expect(page).toHaveURL(/#\/borrow\/to_borrow/);
  await page.getByLabel('Product').selectOption({ label: 'Roshan Flex · Roshan Credit' });
  // the amount: a slider with steppers, a modest default (not the maximum)
  const amount = page.getByLabel('Amount');
  await expect(amount).toHaveAttribute('type', 'range');
  await expect.poll(async () => Number(await amount.inputValue())).toBeLessThan(Number(await amount.getAttribute('max')));
  await amount.fill('3500');
  await page.getByRole('button', { name: 'Rs 500 more' }).click();
  await expect(amount).toHaveValue('4000');
  await page.getByLabel('180 days').check();
  const figures = page.getByTestId('borrow-figures');
  await expect(figures).toContainText('Rs 4,000');
  await expect(figures).toContainText('180 days');
  await expect(page.getByTestId('fig-apr').first()).toHaveText(/\d+(\.\d+)?%/);
  // the choice survives a reload
  await page.reload();
  await expect(page.getByLabel('Amount')).toHaveValue('4000');
  await expect(page.getByLabel('180 days')).toBeChecked();
  await page.getByRole('button', { name: 'Read the loan agreement' }).click();
  await expect(page.getByTestId('agreement')).toContainText('Roshan Credit');
  await expect(page.getByTestId('agreement')).toContainText('Rs 4,000 for 180 days');
  await page.goBack();
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(/#\/auth\/review_tips\?pageName=confirmBorrow&orderNo=/);
  await waitStatus(b.token, OrderStatus.Confirm);

  // confirm_borrow
  await page.goto('/');
  await page.getByTestId('home-status').getByRole('button', { name: 'Get money' }).click();
  await expect(page.getByTestId('confirm-figures')).toContainText('Rs 4,000');
  const order = (await call('confirmProductInfo', { orderNo: (await latest(b.token))!.orderNo }, { token: b.token })).data;
  await expect(page.getByTestId('confirm-figures').getByTestId('fig-total')).toHaveText(`Rs ${order.figures.totalRepayable.toLocaleString('en-US')}`);
  // the KFS comes first, then the agreement checkbox
  await page.getByRole('button', { name: 'Confirm and get money' }).click();
  const kfs = page.getByRole('dialog', { name: 'Key fact statement' });
  await expect(kfs).toBeVisible();
  await expect(kfs.getByTestId('kfs-figures').getByTestId('fig-disbursal')).toHaveText(`Rs ${order.figures.disbursalAmount.toLocaleString('en-US')}`);
  await expect(kfs).toContainText('Roshan Credit');
  await kfs.getByRole('button', { name: 'I have read it' }).click();
  await page.getByRole('button', { name: 'Confirm and get money' }).click();
  await expect(page.getByText('Please agree to the agreement and policy first')).toBeVisible();
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole('button', { name: 'Confirm and get money' }).click();

  // lending: waiting, then disbursed without a reload
  await expect(page).toHaveURL(/#\/borrow\/lending\?orderNo=/);
  await expect(page.getByTestId('lending')).toHaveAttribute('data-status', 'waiting');
  await expect(page.getByText(/usually arrives within \d+-\d+ minutes/)).toBeVisible();
  await expect(page.getByTestId('lending')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('history')).toContainText('Disbursed');
  await page.getByRole('button', { name: 'See repayment' }).click();
  await expect(page).toHaveURL(/#\/repay\/repay_detail\?orderNo=/);
});

test('confirm_borrow and the KFS in Urdu', async ({ page }) => {
  const b = await approvedBorrower();
  await signIn(page, b, { lang: 'ur' });
  await page.goto(`/#/borrow/confirm_borrow?orderNo=${b.orderNo}`);
  await expect(page.getByRole('heading', { name: 'آپ کا قرض منظور ہو گیا' })).toBeVisible();
  await expect(page.getByTestId('confirm-figures')).toContainText('کل سالانہ لاگت');
  await shot(page, 'loan-confirm-ur');
  await page.getByRole('button', { name: 'اہم حقائق کا بیان پڑھیں' }).click();
  await expect(page.getByTestId('kfs')).toContainText('کل قابل ادائیگی رقم');
  await shot(page, 'loan-kfs-ur');
});

test('cancelling an unconfirmed loan: the approval is forfeited, one reason, success', async ({ page }) => {
  const b = await approvedBorrower();
  await signIn(page, b);
  await page.goto(`/#/borrow/confirm_borrow?orderNo=${b.orderNo}`);
  await page.getByRole('button', { name: 'Cancel this loan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the loan?' });
  await expect(dialog.getByRole('note')).toHaveText(
    'If you cancel, this approval and its credit limit cannot be restored: to borrow, you will have to apply again and be reviewed again.',
  );
  await dialog.getByRole('button', { name: 'Cancel the loan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You have to choose the reason');
  await dialog.getByLabel('I found a better offer').check();
  await dialog.getByLabel('The fees are too high').check();
  await expect(dialog.getByLabel('I found a better offer')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel the loan' }).click();
  await expect(page.getByText('Cancelled successfully')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('home-status')).toHaveAttribute('data-status', 'canLoan');
  expect((await latest(b.token))!.status).toBe(OrderStatus.Cancel);
  // a cancelled order cannot be confirmed any more
  await page.goto(`/#/borrow/confirm_borrow?orderNo=${b.orderNo}`);
  await expect(page.getByText('This loan cannot be confirmed any more.')).toBeVisible();
});

test('confirm: reading the agreement keeps "key facts read" and the agreement ticked; "I have read it" always answers; confirming goes on', async ({
  page,
}) => {
  const b = await approvedBorrower();
  await force(b.mobile, { payout: 'ok' });
  await signIn(page, b);
  await page.goto(`/#/borrow/confirm_borrow?orderNo=${b.orderNo}`);
  const kfs = page.getByRole('dialog', { name: 'Key fact statement' });
  await page.getByRole('button', { name: 'Read the key fact statement' }).click();
  await kfs.getByRole('button', { name: 'I have read it' }).click();
  await expect(kfs).toHaveCount(0);
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole('button', { name: 'Loan agreement' }).click();
  await expect(page.getByTestId('agreement')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Read the key fact statement ✓' })).toBeVisible();
  await expect(page.getByLabel(/I have read and agree/)).toBeChecked(); // the tick is the borrower's draft, as the key facts are
  await shot(page, 'loan-confirm-en');
  // reopened after the trip, the statement still answers its button at once
  await page.getByRole('button', { name: 'Read the key fact statement ✓' }).click();
  await kfs.getByRole('button', { name: 'I have read it' }).click({ timeout: 5000 });
  await expect(kfs).toHaveCount(0, { timeout: 2000 });
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole('button', { name: 'Confirm and get money' }).click();
  await expect(page.getByText('Please read the key fact statement first')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/borrow\/lending\?orderNo=/);
});

test('confirm, Urdu: the key facts stay read and the agreement ticked after the agreement, and the statement asked for again answers its button', async ({
  page,
}) => {
  const b = await approvedBorrower();
  await signIn(page, b, { lang: 'ur' });
  await page.goto(`/#/borrow/confirm_borrow?orderNo=${b.orderNo}`);
  // confirming before reading opens the statement; it closes on its button
  await page.getByLabel('میں نے قرض کا معاہدہ اور اہم حقائق کا بیان پڑھ لیا ہے اور ان سے متفق ہوں').check();
  await page.getByRole('button', { name: 'تصدیق کریں اور رقم حاصل کریں' }).click();
  const kfs = page.getByRole('dialog', { name: 'اہم حقائق کا بیان' });
  await expect(kfs).toBeVisible();
  await kfs.getByRole('button', { name: 'میں نے پڑھ لیا' }).click({ timeout: 5000 });
  await expect(kfs).toHaveCount(0, { timeout: 2000 });
  await page.getByRole('button', { name: 'قرض کا معاہدہ' }).click();
  await expect(page.getByTestId('agreement')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: /اہم حقائق کا بیان پڑھیں ✓/ })).toBeVisible();
  await expect(page.getByLabel('میں نے قرض کا معاہدہ اور اہم حقائق کا بیان پڑھ لیا ہے اور ان سے متفق ہوں')).toBeChecked();
});

test('cancelling an approved loan: the dialog warns the approval and its limit cannot be restored (en, ur)', async ({ page }) => {
  const b = await approvedBorrower();
  await signIn(page, b, { lang: 'ur' });
  await page.goto(`/#/borrow/confirm_borrow?orderNo=${b.orderNo}`);
  await page.getByRole('button', { name: 'یہ قرض منسوخ کریں' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('note')).toHaveText(
    'منسوخ کرنے پر یہ منظوری اور اس کی کریڈٹ حد بحال نہیں ہو سکتی: قرض لینے کے لیے آپ کو دوبارہ درخواست دینی ہوگی اور دوبارہ جائزہ ہوگا۔',
  );
  await expect(dialog.getByRole('radio')).toHaveCount(6);
  // a reason is one choice: the radios share one name
  expect(new Set(await dialog.getByRole('radio').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name))).size).toBe(1);
});

test('history on confirm and lending says what happened at each step (no bare "Update"), en and ur', async ({ page }) => {
  // an application filled in step by step through the app's calls: each saved step is an entry
  const b = await registerBorrower();
  await force(b.mobile, { review: 'approve' });
  const o = (await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: b.token })).data.order;
  await onboard(b.token);
  await waitStatus(b.token, OrderStatus.Confirm);
  for (const [lang, bare, saved] of [
    ['en', 'Update', 'Details saved; next: ID card photos'],
    ['ur', 'اپ ڈیٹ', 'تفصیلات محفوظ ہو گئیں؛ اگلا مرحلہ: شناختی کارڈ کی تصاویر'],
  ] as const) {
    await signIn(page, b, { lang });
    await page.goto(`/#/borrow/confirm_borrow?orderNo=${o.orderNo}`);
    const items = page.getByTestId('history').locator('li > span:first-child');
    await expect(items.first()).toBeVisible();
    const texts = (await items.allTextContents()).map((t) => t.replace(/[\u2066-\u2069]/g, ''));
    expect(texts).not.toContain(bare);
    expect(texts).toContain(saved);
  }
  await ok('getMoney', { orderNo: o.orderNo, agree: true, idempotencyKey: newKey() }, { token: b.token });
  await page.goto(`/#/borrow/lending?orderNo=${o.orderNo}`);
  await expect(page.getByTestId('history')).toContainText('تفصیلات محفوظ ہو گئیں');
  await expect(page.getByTestId('history')).not.toContainText(/^اپ ڈیٹ$/m);
});
