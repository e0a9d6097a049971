/** home (/): the marketplace for visitors and the status card for each home status, from real server states. */
import { expect, test, type Page } from '@playwright/test';
import { expectDir, shot } from '../support/fixtures';
import {
  OrderStatus,
  call,
  codeFor,
  newKey,
  apply,
  approvedBorrower,
  dev,
  disbursedBorrower,
  expectText,
  force,
  foreground,
  onboard,
  registerBorrower,
  signIn,
  waitStatus,
} from '../support/loan';

const card = (page: Page) => page.getByTestId('home-status');

test.describe('home for visitors', () => {
  test('lists the marketplace products without a token; Apply goes to login and back to to_borrow', async ({ page }) => {
    await page.goto('/');
    const products = page.getByTestId('product');
    await expect(products.first()).toBeVisible();
    const market = await call('marketIndex');
    expect(market.code).toBe(0);
    await expect(products).toHaveCount(market.data.products.length);
    const first = market.data.products[0];
    const p = page.locator(`[data-product="${first.productId}"]`);
    await expect(p).toContainText(first.name);
    await expect(p).toContainText(first.lenderName);
    // what a first loan can be from this product, and what it lends as the limit rises (never the full range as if it were open)
    const cap = market.data.config.firstLoanCap as number;
    await expect(p).toContainText(`Rs ${first.minAmount.toLocaleString('en-US')} – Rs ${cap.toLocaleString('en-US')}`);
    await expectText(p, `this product lends up to Rs ${first.maxAmount.toLocaleString('en-US')} as your limit rises`);
    const above = market.data.products.find((x: { minAmount: number }) => x.minAmount > cap);
    if (above)
      await expectText(
        page.locator(`[data-product="${above.productId}"]`),
        `From Rs ${above.minAmount.toLocaleString('en-US')}: open to you once your limit reaches it`,
      );
    await expect(p).toContainText(`${first.dailyInterestRate}% per day`);
    await expect(p).toContainText(`${first.tenures.join(' / ')} days`);
    await expect(card(page)).toHaveCount(0);
    await p.getByRole('button', { name: /Apply/ }).click();
    await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fborrow%2Fto_borrow%3FproductId%3D/);
    await expect(page.getByLabel('Mobile number')).toBeVisible(); // the login screen, not its loading skeleton
    await shot(page, 'loan-home-visitor-login');
  });

  test('Urdu: right to left, products in Urdu', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('language', 'ur'));
    await page.reload();
    await expectDir(page, 'rtl');
    await expect(page.getByRole('heading', { name: 'قرض کی مصنوعات' })).toBeVisible();
    await expect(page.getByRole('button', { name: /درخواست دیں/ }).first()).toBeVisible();
    await shot(page, 'loan-home-visitor-ur');
  });
});

test.describe('home status card', () => {
  test('canLoan: available limit and Apply to to_borrow', async ({ page }) => {
    const b = await registerBorrower();
    await onboard(b.token);
    await signIn(page, b);
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'canLoan');
    await expect(page.getByTestId('available-limit')).toHaveText(/Rs \d/);
    // the coupon for adding an account, where the borrower sees the limit
    await expectText(
      page.getByTestId('card-coupon'),
      'Your Rs 100 coupon for adding your account comes off what you repay on the loan paid out to you next: it shows as a reduction on its key facts, agreement and repayment screens.',
    );
    await card(page).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/#\/borrow\/to_borrow/);
  });

  test('the coupon with a loan still to be paid out: home says it comes off this loan (en, ur)', async ({ page }) => {
    const b = await approvedBorrower();
    await signIn(page, b);
    await page.goto('/');
    await expectText(
      page.getByTestId('card-coupon'),
      'Your Rs 100 coupon for adding your account comes off what you repay on this loan when it is paid out: it shows as a reduction on its key facts, agreement and repayment screens.',
    );
    await page.evaluate(() => localStorage.setItem('language', 'ur'));
    await page.reload();
    await expect(page.getByTestId('card-coupon')).toContainText('اس قرض کی ادائیگی ہونے پر اس کی واپسی سے کم ہو گا');
  });

  test('an unfinished application continues at its missing step', async ({ page }) => {
    const b = await registerBorrower();
    await apply(b.token);
    await signIn(page, b);
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'incomplete');
    await card(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/#\/auth\/personal_infomation\?orderNo=/);
  });

  test('assessing (Detail) moves to success (Get money) by itself', async ({ page }) => {
    const b = await registerBorrower();
    await onboard(b.token, ['questionnaire']);
    await force(b.mobile, { review: 'hold' });
    await apply(b.token);
    await signIn(page, b);
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'incomplete');
    // the last step submits the application; the home screen refreshes when the app comes back to the foreground
    await onboard(b.token, ['basic', 'images', 'addition', 'card']);
    await foreground(page);
    await expect(card(page)).toHaveAttribute('data-status', 'assessing');
    await expect(card(page)).toContainText('Your loan is under assessment');
    await expect(card(page).getByRole('button', { name: 'Detail' })).toBeVisible();
    // the server decides; the card follows without a reload
    await force(b.mobile, { review: 'approve' });
    await expect(card(page)).toHaveAttribute('data-status', 'success', { timeout: 20_000 });
    await card(page).getByRole('button', { name: 'Get money' }).click();
    await expect(page).toHaveURL(/#\/borrow\/confirm_borrow\?orderNo=/);
  });

  test('rejected: home and review say which lender refused, from when, and which products are open now (en, ur); other lenders apply; after the wait, Apply again without a new log-in', async ({
    page,
  }) => {
    const b = await registerBorrower();
    await onboard(b.token);
    await force(b.mobile, { review: 'reject' });
    await apply(b.token); // P001, Sahulat Finance
    await waitStatus(b.token, OrderStatus.Reject);
    const order = (await call('latestOrder', {}, { token: b.token })).data.order;
    const date = order.reapplyAt.slice(0, 10);
    const words = {
      en: [
        `Sahulat Finance did not approve your application. You can apply to Sahulat Finance again from ${date}.`,
        'Other lenders stay open: you can apply now for',
      ],
      ur: [
        `Sahulat Finance نے آپ کی درخواست منظور نہیں کی۔ آپ ${date} سے Sahulat Finance کو دوبارہ درخواست دے سکتے ہیں۔`,
        'دوسرے قرض دہندگان کے دروازے کھلے ہیں',
      ],
    } as const;
    for (const lang of ['en', 'ur'] as const) {
      await signIn(page, b, { lang });
      await page.goto('/');
      await expect(card(page)).toHaveAttribute('data-status', 'rejected');
      for (const w of words[lang]) await expectText(card(page).getByTestId('rejection-notice'), w);
      await expectText(card(page).getByTestId('rejection-notice'), 'Roshan Flex (Roshan Credit)');
      // the reopening date is one piece at 360 px: never "2026-" on a line and "12-28" on the next
      await expect(card(page).getByTestId('rejection-notice').getByText(date, { exact: true })).toHaveCSS('white-space', 'nowrap');
      // the refusing lender's products wait, the others' are open
      await expect(page.locator('[data-product="P001"]').getByRole('button')).toBeDisabled();
      await expectText(page.locator('[data-product="P001"]').getByTestId('product-blocked'), date);
      await expect(page.locator('[data-product="P002"]').getByRole('button')).toBeEnabled();
      await shot(page, `loan-home-rejected-${lang}`);
      await page.goto(`/#/auth/review_tips?pageName=confirmBorrow&orderNo=${order.orderNo}`);
      for (const w of words[lang]) await expectText(page.getByTestId('rejection-notice'), w);
      await expectText(page.getByTestId('rejection-notice'), 'Roshan Flex (Roshan Credit)');
      await expect(page.getByTestId('rejection-notice').getByText(date, { exact: true })).toHaveCSS('white-space', 'nowrap');
      await expect(page.getByTestId('recommended-product').first()).toBeVisible();
      await shot(page, `onboarding-review-rejected-${lang}`);
    }
    // the server enforces it per lender: the refusing one is closed, another one's product applies
    expect((await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: b.token })).code).toBe(200302);
  });

  test('rejected: home left open asks again when the wait is over (no new log-in)', async ({ page }) => {
    const b = await registerBorrower();
    await onboard(b.token);
    await force(b.mobile, { review: 'reject' });
    await apply(b.token);
    await waitStatus(b.token, OrderStatus.Reject);
    const order = (await call('latestOrder', {}, { token: b.token })).data.order;
    await signIn(page, b);
    await page.clock.install();
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'rejected');
    // the waiting days pass on the server (the decision moved back 31 days) and on the phone
    expect((await dev('order/shift', { orderNo: order.orderNo, days: 31 })).ok).toBe(true);
    await page.clock.fastForward(31 * 24 * 3600 * 1000);
    await expect(card(page)).toHaveAttribute('data-status', 'canLoan');
    await expect(page.locator('[data-product="P001"]').getByRole('button')).toBeEnabled();
  });

  test('success: Get money goes to confirm_borrow', async ({ page }) => {
    const b = await approvedBorrower();
    await signIn(page, b);
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'success');
    await expect(card(page)).toContainText('Rs 4,823');
    await card(page).getByRole('button', { name: 'Get money' }).click();
    await expect(page).toHaveURL(new RegExp(`confirm_borrow\\?orderNo=${b.orderNo}`));
  });

  test('lending: approved, waiting for money', async ({ page }) => {
    const b = await approvedBorrower();
    await signIn(page, b);
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'success');
    await force(b.mobile, { payout: 'hold' });
    await call('getMoney', { orderNo: b.orderNo, agree: true, idempotencyKey: newKey() }, { token: b.token });
    await foreground(page);
    await expect(card(page)).toHaveAttribute('data-status', 'lending');
    await expect(card(page)).toContainText('Approved, waiting for money');
    await force(b.mobile, { payout: 'ok' });
    await expect(card(page)).toHaveAttribute('data-status', 'repaying', { timeout: 20_000 });
  });

  test('failed: Edit changes the receiving account', async ({ page }) => {
    const b = await disbursedBorrower('fail');
    await signIn(page, b);
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'failed');
    await card(page).getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/#\/bank_account\/add_bankcard\?orderNo=/);
  });

  test('failed with a backup account: the money goes there after the borrower confirms', async ({ page }) => {
    const b = await approvedBorrower();
    await call(
      'bindBackupBankCard',
      { cardType: 'Jazzcash', accountNumber: '03009876543', confirmAccountNumber: '03009876543', cardHolder: 'Ali Khan', accountCode: await codeFor(b.token) },
      { token: b.token },
    );
    await force(b.mobile, { payout: 'fail' });
    await call('getMoney', { orderNo: b.orderNo, agree: true, idempotencyKey: newKey() }, { token: b.token });
    await waitStatus(b.token, OrderStatus.PayFail);
    await signIn(page, b);
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'failed');
    await expect(card(page).getByTestId('backup-offer')).toContainText('Mobilink Microfinance Bank (JazzCash)');
    await card(page).getByRole('button', { name: 'Use my backup account' }).click();
    // switching where the money goes asks the code from the registered number, then goes on
    const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dev('clock/advance', { ms: 61_000, runJobs: false });
    await prompt.getByRole('button', { name: 'Get code', exact: true }).click();
    await prompt.getByLabel('Verification code').fill('123456');
    await prompt.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(page).toHaveURL(new RegExp(`#/borrow/confirm_borrow\\?orderNo=${b.orderNo}`));
    await expect(page.getByText('Mobilink Microfinance Bank (JazzCash)')).toBeVisible();
    const o = (await call('latestOrder', {}, { token: b.token })).data.order;
    expect([o.status, o.bankCard.role]).toEqual([OrderStatus.GetMoney, 'backup']);
  });

  test('repaying: due date, amount and Pay; Urdu screenshot', async ({ page }) => {
    const b = await disbursedBorrower('ok');
    await signIn(page, b);
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'repaying');
    await expect(card(page)).toContainText('Rs 4,905'); // repaid today: principal and one day's markup, less the Rs 100 card coupon
    await card(page).getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(new RegExp(`repay_detail\\?orderNo=${b.orderNo}`));
    await page.evaluate(() => localStorage.setItem('language', 'ur'));
    await page.goto('/');
    await expect(card(page)).toContainText('ادائیگی کی تاریخ');
    await shot(page, 'loan-home-repaying-ur');
  });

  // The order's own dates move back past the due date (the shared clock stays for the other specs).
  test('overdue: amount due with the daily penalty, Pay', async ({ page }) => {
    const b = await disbursedBorrower('ok');
    expect((await dev('order/shift', { orderNo: b.orderNo, days: 93 })).ok).toBe(true);
    await waitStatus(b.token, OrderStatus.Overdued);
    await signIn(page, b);
    await page.goto('/');
    await expect(card(page)).toHaveAttribute('data-status', 'overdue');
    await expectText(card(page), 'A penalty of 2% of the principal is added every day');
    await card(page).getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(new RegExp(`repay_detail\\?orderNo=${b.orderNo}`));
  });
});
