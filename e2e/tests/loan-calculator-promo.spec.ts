/** The fee calculator, the four promotion pages, and the loan remote on its own. */
import { expect, test } from '@playwright/test';
import { FIXED_OTP, appUrl, freshMobile, shot } from '../support/fixtures';
import { call, approvedBorrower, expectText, registerBorrower, signIn } from '../support/loan';

test('calculator: range message at the field, the server figures as a breakdown', async ({ page }) => {
  await page.goto('/#/mortgage_calculator');
  const amount = page.getByLabel('Loan amount (Rs)');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expectText(page.getByRole('alert'), 'Please enter an amount between Rs 3,000 and Rs 25,000');
  await amount.fill('2999');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expectText(page.getByRole('alert'), 'Please enter an amount between Rs 3,000 and Rs 25,000');
  await amount.fill('10000');
  await page.getByRole('button', { name: 'Calculate' }).click();
  const expected = (await call('calculator', { amount: 10000, productId: 'P001', tenureDays: 91 })).data.figures;
  const f = page.getByTestId('calc-figures');
  await expect(f.getByTestId('fig-disbursal')).toHaveText(`Rs ${expected.disbursalAmount.toLocaleString('en-US')}`);
  await expect(f.getByTestId('fig-total')).toHaveText(`Rs ${expected.totalRepayable.toLocaleString('en-US')}`);
  await expect(f.getByTestId('fig-apr')).toHaveText(`${expected.apr}%`);
  await expect(amount).toHaveValue('10000');
  await page.evaluate(() => localStorage.setItem('language', 'ur'));
  await page.goto('about:blank');
  await page.goto('/#/mortgage_calculator');
  await page.getByRole('button', { name: 'حساب لگائیں' }).click();
  await expect(page.getByText(/براہ کرم .* کے درمیان رقم درج کریں/)).toBeVisible();
  await shot(page, 'loan-calculator-ur');
});

test('yx1 and yx2 lead into the real flow (login, then to_borrow)', async ({ page }) => {
  await page.goto('/#/yx1');
  // a visitor is promised what a first loan can be, and told how the limit rises
  const cfg = (await call('marketConfig')).data;
  await expectText(page.getByTestId('promo-hero'), `Your first loan: up to Rs ${cfg.firstLoanCap.toLocaleString('en-US')}`);
  await expectText(page.getByTestId('promo-hero'), 'Repay on time and your limit rises, up to Rs 60,000.');
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fborrow%2Fto_borrow/);
  await page.goto('/#/yx2');
  await expect(page.getByTestId('product').first()).toBeVisible();
  await page.getByTestId('product').first().getByRole('button').click();
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fborrow%2Fto_borrow%3FproductId%3DP001/);
  const b = await registerBorrower();
  await signIn(page, b);
  await page.goto('/#/yx1');
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(/#\/borrow\/to_borrow/);
});

test('yx2ConfirmBorrow: an example for visitors, the approved loan for its borrower', async ({ page }) => {
  await page.goto('/#/yx2ConfirmBorrow');
  await expect(page.getByTestId('promo-hero')).toContainText('Example: borrow');
  await expect(page.getByTestId('promo-figures')).toContainText('All-in annual cost (APR)');
  const b = await approvedBorrower();
  await signIn(page, b);
  await page.goto('/#/yx2ConfirmBorrow');
  await page.getByRole('button', { name: 'Confirm my approved loan' }).click();
  await expect(page).toHaveURL(new RegExp(`confirm_borrow\\?orderNo=${b.orderNo}`));
});

test('yx3: any number is answered the same way (a code); the amount shows once the code is verified', async ({ page }) => {
  await page.goto('/#/yx3');
  await page.getByLabel('Mobile number').fill('123');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('Please enter a valid mobile number')).toBeVisible();
  const cap = (await call('marketConfig')).data.firstLoanCap as number;
  await expectText(page.locator('form'), `A first loan is up to Rs ${cap.toLocaleString('en-US')}`);
  // a registered number and an unknown one lead to the same place
  const known = await registerBorrower();
  const fresh = freshMobile();
  const landing: string[] = [];
  for (const mobile of [known.mobile, fresh]) {
    await page.goto('/#/yx3');
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page).toHaveURL(/#\/user\/login\?/);
    landing.push(new URL(page.url()).hash.replace(/mobile=\d+/, 'mobile=N'));
  }
  expect(landing[0]).toBe(landing[1]);
  // the new number registers with its code and is back on /yx3 with its own amount
  await page.getByRole('button', { name: 'Get code' }).click();
  await page.getByLabel('Verification code').fill(FIXED_OTP);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/#\/yx3/);
  await expectText(page.getByTestId('yx3-result'), `Your available limit: Rs ${cap.toLocaleString('en-US')}`);
  await signIn(page, known, { lang: 'ur' });
  await page.goto('/#/yx3');
  await expect(page.getByTestId('yx3-result')).toContainText('آپ کی دستیاب حد');
  await shot(page, 'loan-yx3-ur');
});

test('the loan remote alone: marketplace and calculator', async ({ page }) => {
  const base = appUrl('mf-loan');
  await page.goto(base);
  await expect(page.getByTestId('product').first()).toBeVisible();
  await page.goto(`${base}#/mortgage_calculator`);
  await page.getByLabel('Loan amount (Rs)').fill('5000');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('calc-figures')).toBeVisible();
});
