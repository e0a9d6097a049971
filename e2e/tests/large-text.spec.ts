/**
 * 200 % text at 360 px (issue 45; WCAG 1.4.4, 1.4.10) in the spec's market: every route of the spec's table, signed
 * out and signed in, English and Urdu, no screen wider than the viewport (home, confirm_borrow, repay_detail and login
 * spilt 17-178 px); the screens it named read as labelled parts: home's amount range, the schedule's and history's
 * rows, the pinned "Repay now" inside the main landmark (checked as the walks open them). The pk-secp profile's walk: tests-pk-secp/inspector-pk-secp.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { shot } from '../support/fixtures';
import { approvedBorrower, disbursedBorrower } from '../support/loan';
import { walkRoutes, type RouteChecks } from '../support/largeText';

const LANGS = ['en', 'ur'] as const;
const WORDS = {
  en: { amount: 'Amount: from', due: 'Due date:', amountOf: 'Amount:', when: 'When:', repayNow: 'Repay now' },
  ur: { amount: 'رقم:', due: 'ادائیگی کی تاریخ:', amountOf: 'رقم:', when: 'کب:', repayNow: 'ابھی ادائیگی کریں' },
};

// each walk its own borrowers and page: spread over the workers
test.describe.configure({ mode: 'parallel', timeout: 900_000 });

/**
 * The screens issue 45 named, checked on the walks' way (each route opened once, not again in a test of its own): their
 * figures read as labelled parts, Repay now inside the main landmark, a screenshot of each to look at.
 */
function named(lang: (typeof LANGS)[number]): { signedOut: RouteChecks; signedIn: RouteChecks } {
  const w = WORDS[lang];
  const signedOut: RouteChecks = {
    '/user/login': (page) => shot(page, `large-login-${lang}`),
    '/': async (page) => {
      // a visitor's home: the range is read out as what it is
      await expect(page.getByTestId('product').first().locator('.loan-product__range')).toContainText(w.amount);
      await shot(page, `large-home-${lang}`);
    },
  };
  const signedIn: RouteChecks = {
    '/borrow/confirm_borrow': async (page) => {
      // the history's rows: what happened, and when (labelled)
      await expect(page.getByTestId('history').locator('li').first()).toContainText(w.when);
      await shot(page, `large-confirm-borrow-${lang}`);
    },
    '/repay/repay_detail': async (page) => {
      // the schedule's rows: the installment, its due date and amount (labelled)
      await expect(page.getByTestId('repay-schedule').locator('li').first()).toContainText(w.due);
      await expect(page.getByTestId('repay-schedule').locator('li').first()).toContainText(w.amountOf);
      await expect(page.getByRole('main').getByRole('button', { name: w.repayNow })).toBeVisible();
      await shot(page, `large-repay-detail-${lang}`);
    },
  };
  return { signedOut, signedIn };
}

for (const lang of LANGS) {
  test(`every route, signed out (${lang}): no screen wider than 360 px at 200 % text`, async ({ page }) => {
    expect((await walkRoutes(page, lang, null, named(lang).signedOut)).join('\n')).toBe('');
  });
  test(`every route, signed in (${lang}): no screen wider than 360 px at 200 % text`, async ({ page }) => {
    const [borrowing, repaying] = await Promise.all([approvedBorrower(), disbursedBorrower()]);
    expect((await walkRoutes(page, lang, { borrowing, repaying }, named(lang).signedIn)).join('\n')).toBe('');
  });
}
