/**
 * The pk-secp market profile (issue 29), what a borrower is charged and what the phone is asked, in English
 * and Urdu at 360 px: the principal paid out and no deduction wording on home, the calculator, the loan's
 * detail, schedule, statement, cashier and records; contacts and the photo gallery never asked.
 */
import { test, expect } from '@playwright/test';
import { shot } from '../support/fixtures';
import { agreeToPermissions, call, registerBorrower } from '../support/api';
import { signIn } from '../support/loan';
import { expectNoHorizontalScroll, formatMoney } from '../support/repay';
import { DEDUCTED, config, pkBorrower } from '../support/pkSecp';

test('before sign-up, in English and Urdu: the products and the calculator pay out the whole principal, the fee and tax paid with the repayment', async ({
  page,
}) => {
  const calc = (await call('calculator', { amount: 5000, productId: 'P001', tenureDays: 30 })).data.figures;
  expect(calc.disbursalAmount).toBe(5000);
  for (const lang of ['en', 'ur'] as const) {
    await page.goto('/e2e-storage');
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.goto('/#/');
    await expect(page.getByTestId('product').first()).toContainText(lang === 'en' ? 'paid with your repayment (nothing deducted)' : 'کچھ نہیں کٹتا');
    await expect(page.locator('main')).not.toContainText(DEDUCTED[lang]);
    await page.goto('/#/mortgage_calculator');
    await page.getByLabel(lang === 'en' ? 'Loan amount (Rs)' : 'قرض کی رقم (روپے)').fill('5000');
    await page.getByRole('button', { name: lang === 'en' ? 'Calculate' : 'حساب لگائیں' }).click();
    const f = page.getByTestId('calc-figures');
    await expect(f.getByTestId('fig-disbursal')).toHaveText(formatMoney(5000));
    await expect(f.getByTestId('fig-total')).toHaveText(formatMoney(calc.totalRepayable));
    await expect(f).toContainText(lang === 'en' ? 'You receive (nothing deducted)' : 'کچھ نہیں کٹے گا');
    await expect(f).toContainText(lang === 'en' ? 'Processing fee (3%), paid with your repayment' : 'ادائیگی کے ساتھ');
    await expect(page.locator('main')).not.toContainText(DEDUCTED[lang]);
    await expectNoHorizontalScroll(page);
  }
});

test('a loan paid out, in English and Urdu: detail, schedule, statement, cashier, lending screen and records show the principal paid out and the fee and tax due with the repayment', async ({
  page,
}) => {
  const b = await pkBorrower(true);
  const d = (await call('repaymentDetail', { orderNo: b.orderNo }, { token: b.token })).data;
  const charges = d.order.figures.processingFee + d.order.figures.feeTax;
  expect(d.order.schedule[0].charges).toBe(charges);
  for (const lang of ['en', 'ur'] as const) {
    const en = lang === 'en';
    await signIn(page, b, { lang });
    await page.goto(`/#/repay/repay_detail?orderNo=${b.orderNo}`);
    const breakdown = page.getByTestId('repay-breakdown');
    await expect(breakdown.getByTestId('repay-disbursal')).toHaveText(formatMoney(5000));
    await expect(breakdown).toContainText(en ? 'paid with your repayment' : 'ادائیگی کے ساتھ');
    await expect(page.getByTestId('repay-schedule-charges')).toContainText(`${en ? 'Includes fee and tax' : 'بشمول فیس اور ٹیکس'} ${formatMoney(charges)}`);
    const payout = page.getByTestId('repay-statement').locator('li', { hasText: en ? 'Loan paid out' : 'قرض کی رقم ادا کی گئی' });
    await expect(payout).toContainText(`${en ? 'Fee and tax' : 'فیس اور ٹیکس'} + ${formatMoney(charges)}`);
    await expect(payout).toContainText(`${en ? 'Received' : 'وصول کیا'} ${formatMoney(5000)}`);
    await expect(page.locator('main')).not.toContainText(DEDUCTED[lang]);
    await expectNoHorizontalScroll(page);
    await shot(page, `pk-detail-${lang}`);
    await page.goto(`/#/repay/cashier?orderNo=${b.orderNo}`);
    await expect(page.getByTestId('repay-amount-input')).toHaveValue(String(d.amountDue));
    // the loan remote's view of the order (its lending screen): the same schedule
    await page.goto(`/#/borrow/lending?orderNo=${b.orderNo}`);
    await expect(page.getByTestId('schedule-charges')).toContainText(`${en ? 'Includes fee and tax' : 'بشمول فیس اور ٹیکس'} ${formatMoney(charges)}`);
    await page.goto('/#/records');
    const record = page.locator(`[data-order="${b.orderNo}"]`);
    await expect(record).toContainText(formatMoney(5000));
    await expect(record).toContainText(formatMoney(d.amountDue));
  }
  await shot(page, 'pk-records-ur');
});

test('contacts and the photo gallery are never asked: not on the permissions screen, no contact picker in the app, the photo steps camera-only', async ({
  page,
}) => {
  const b = await registerBorrower();
  for (const lang of ['en', 'ur'] as const) {
    await signIn(page, b, { lang });
    await page.goto('/?nativeSim=1#/auth/permissions');
    const names = lang === 'en' ? { asked: 'Camera', never: ['Contacts', 'Storage'] } : { asked: 'کیمرہ', never: ['رابطے', 'اسٹوریج'] };
    await expect(page.getByRole('region', { name: new RegExp(`^${names.asked}`) })).toBeVisible();
    for (const never of names.never) await expect(page.getByRole('region', { name: new RegExp(`^${never}`) })).toHaveCount(0);
  }
  await agreeToPermissions(b.token);
  await signIn(page, b, { lang: 'en' });
  // the wrapper (its simulator) is there, and still no picker: the contacts are typed by hand
  await page.goto('/?nativeSim=1#/auth/additionalInfomation');
  await expect(page.getByRole('region', { name: 'Emergency contact 1' }).getByLabel('Phone number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose from my contacts' })).toHaveCount(0);
  const cfg = await config();
  expect(cfg.permissions.filter((p: { key: string; enabled: boolean }) => p.enabled).map((p: { key: string }) => p.key)).not.toContain('storage');
  await page.goto('/?nativeSim=1#/auth/id_card_authentication');
  for (const [kind, capture] of [
    ['front', 'environment'],
    ['back', 'environment'],
    ['face', 'user'],
  ])
    await expect(page.getByTestId(`file-${kind}`)).toHaveAttribute('capture', capture);
});
