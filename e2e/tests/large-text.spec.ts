/**
 * 200 % text at 360 px (issue 45; WCAG 1.4.4, 1.4.10) in the spec's market: every route of the spec's table, signed
 * out and signed in, English and Urdu, no screen wider than the viewport (home, confirm_borrow, repay_detail and login
 * spilt 17-178 px); the screens it named read as labelled parts: home's amount range, the schedule's and history's
 * rows, the pinned "Repay now" inside the main landmark. The pk-secp profile's walk: tests-pk-secp/inspector-pk-secp.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { shot } from '../support/fixtures';
import { approvedBorrower, disbursedBorrower, signIn } from '../support/loan';
import { spillAt, walkRoutes } from '../support/largeText';

const LANGS = ['en', 'ur'] as const;
const WORDS = {
  en: { amount: 'Amount: from', due: 'Due date:', amountOf: 'Amount:', when: 'When:', repayNow: 'Repay now' },
  ur: { amount: 'رقم:', due: 'ادائیگی کی تاریخ:', amountOf: 'رقم:', when: 'کب:', repayNow: 'ابھی ادائیگی کریں' },
};

test.describe.configure({ timeout: 900_000 });

test('home, confirm_borrow, repay_detail and login at 200 % text: within 360 px, their figures labelled, Repay now in the main landmark', async ({ page }) => {
  const [borrowing, repaying] = await Promise.all([approvedBorrower(), disbursedBorrower()]);
  for (const lang of LANGS) {
    const w = WORDS[lang];
    await page.goto('/e2e-storage');
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    expect(await spillAt(page, '/user/login')).toBe('');
    await shot(page, `large-login-${lang}`);
    expect(await spillAt(page, '/')).toBe('');
    // the range is read out as what it is
    await expect(page.getByTestId('product').first().locator('.loan-product__range')).toContainText(w.amount);
    await shot(page, `large-home-${lang}`);

    await signIn(page, borrowing, { lang });
    expect(await spillAt(page, `/borrow/confirm_borrow?orderNo=${borrowing.orderNo}`)).toBe('');
    // the history's rows: what happened, and when (labelled)
    await expect(page.getByTestId('history').locator('li').first()).toContainText(w.when);
    await shot(page, `large-confirm-borrow-${lang}`);

    await signIn(page, repaying, { lang });
    expect(await spillAt(page, `/repay/repay_detail?orderNo=${repaying.orderNo}`)).toBe('');
    // the schedule's rows: the installment, its due date and amount (labelled)
    await expect(page.getByTestId('repay-schedule').locator('li').first()).toContainText(w.due);
    await expect(page.getByTestId('repay-schedule').locator('li').first()).toContainText(w.amountOf);
    await expect(page.getByRole('main').getByRole('button', { name: w.repayNow })).toBeVisible();
    await shot(page, `large-repay-detail-${lang}`);
  }
});

for (const lang of LANGS) {
  test(`every route, signed out (${lang}): no screen wider than 360 px at 200 % text`, async ({ page }) => {
    expect((await walkRoutes(page, lang, null)).join('\n')).toBe('');
  });
  test(`every route, signed in (${lang}): no screen wider than 360 px at 200 % text`, async ({ page }) => {
    const [borrowing, repaying] = await Promise.all([approvedBorrower(), disbursedBorrower()]);
    expect((await walkRoutes(page, lang, { borrowing, repaying })).join('\n')).toBe('');
  });
}
