/**
 * What an SECP inspector looks for under pk-secp (issue 45), in English and Urdu at 360 px: the licensed lender
 * before sign-up (the risk warning, home, the calculator) and whose licence each product is lent under (the KFS);
 * the calculator's range the products' (Rs 1,000-50,000, not the spec's 3,000-25,000); the Urdu escalation
 * box of a complaint past its service level laid out with the sentence over the address; every route at 200 % text.
 */
import { test, expect, type Page } from '@playwright/test';
import { shot } from '../support/fixtures';
import { dev, ok, registerBorrower } from '../support/api';
import { expectText, signIn } from '../support/loan';
import { expectNoHorizontalScroll } from '../support/repay';
import { config, pkBorrower } from '../support/pkSecp';
import { walkRoutes } from '../support/largeText';

const LANGS = ['en', 'ur'] as const;
const WORDS = {
  en: {
    licensed: 'Licensed lender:',
    brandOf: 'a brand of',
    calculate: 'Calculate',
    range: 'Please enter an amount between Rs 1,000 and Rs 50,000',
    complain: 'Not resolved in time',
  },
  ur: {
    licensed: 'لائسنس یافتہ قرض دہندہ:',
    brandOf: 'کا برانڈ ہے',
    calculate: 'حساب لگائیں',
    range: 'براہ کرم Rs 1,000 اور Rs 50,000 کے درمیان رقم درج کریں',
    complain: 'وقت پر حل نہیں ہوئی',
  },
};

// each test its own borrowers and page: spread over the workers (the file alone was the stage's last worker for 2 minutes)
test.describe.configure({ mode: 'parallel' });

/** a visitor's page in `lang`, nothing stored but the language */
async function visitor(page: Page, lang: 'en' | 'ur') {
  await page.goto('/e2e-storage');
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
}

test('the licensed lender before sign-up: the risk warning, home and the calculator name it and the brands it licenses', async ({ page }) => {
  const { lender } = (await config()).profile;
  for (const lang of LANGS) {
    await visitor(page, lang);
    for (const [hash, name] of [
      ['/user/login', 'risk-warning'],
      ['/', 'home'],
      ['/mortgage_calculator', 'calculator'],
    ] as const) {
      await page.goto(`/#${hash}`);
      const line = page.getByTestId('licensed-lender');
      await expectText(line, WORDS[lang].licensed);
      await expectText(line, lender.corporateName);
      await expectText(line, lender.licence);
      for (const brand of lender.brands) await expectText(line, brand);
      await expectNoHorizontalScroll(page);
      if (name === 'risk-warning') await expect(page.getByTestId('risk-warning').getByTestId('licensed-lender')).toBeVisible();
      await shot(page, `pk-lender-${name}-${lang}`);
    }
  }
});

test('the KFS says whose licence the product is lent under: its brand, a brand of the licensed lender, with the licence', async ({ page }) => {
  const b = await pkBorrower(false);
  const { lender } = (await config()).profile;
  for (const lang of LANGS) {
    await signIn(page, b, { lang });
    await page.goto(`/#/borrow/confirm_borrow?orderNo=${b.orderNo}`);
    await page.getByRole('button', { name: lang === 'en' ? 'Read the key fact statement' : 'اہم حقائق کا بیان پڑھیں' }).click();
    const line = page.getByTestId('kfs').getByTestId('kfs-lender');
    // P001 is Sahulat Finance's
    await expectText(line, 'Sahulat Finance');
    await expectText(line, WORDS[lang].brandOf);
    await expectText(line, lender.corporateName);
    await expectText(line, lender.licence);
    await shot(page, `pk-kfs-lender-${lang}`);
  }
});

test('the calculator takes every amount the products lend: Rs 1,000 and Rs 50,000 priced, outside refused with that range', async ({ page }) => {
  for (const lang of LANGS) {
    await visitor(page, lang);
    await page.goto('/#/mortgage_calculator');
    const amount = page.locator('input[inputmode=numeric]');
    await amount.fill('999');
    await page.getByRole('button', { name: WORDS[lang].calculate }).click();
    await expectText(page.getByRole('alert'), WORDS[lang].range);
    await amount.fill('1000');
    await page.getByRole('button', { name: WORDS[lang].calculate }).click();
    await expectText(page.getByTestId('calc-figures').getByTestId('fig-disbursal'), 'Rs 1,000');
    // the highest: a product lending up to the single-loan cap, chosen in the list
    await page.locator('select').first().selectOption('P002');
    await amount.fill('50000');
    await page.getByRole('button', { name: WORDS[lang].calculate }).click();
    await expectText(page.getByTestId('calc-figures').getByTestId('fig-disbursal'), 'Rs 50,000');
    await shot(page, `pk-calculator-range-${lang}`);
  }
});

test('a complaint past its service level: the sentence over the regulator\u2019s address, full width, in Urdu and English', async ({ page }) => {
  const b = await registerBorrower();
  const { complaints } = (await config()).profile;
  const c = await ok('createComplaint', { category: 'charges', text: 'I was charged twice for one repayment.' }, { token: b.token });
  expect((await dev('complaint/shift', { ticketNo: c.complaint.ticketNo, days: complaints.resolutionDays + 1 })).ok).toBe(true);
  for (const lang of ['ur', 'en'] as const) {
    await signIn(page, b, { lang });
    await page.goto('/#/user/complaints');
    const box = page.getByTestId('complaint-escalation');
    await expectText(box, WORDS[lang].complain);
    await expect(box.getByRole('link', { name: complaints.regulator.url })).toBeVisible();
    // the sentence takes the box's width (it was squeezed to about 60 px beside the address), the address a line of its own
    const [text, link, inner] = await box.evaluate((el) => {
      const cs = getComputedStyle(el);
      const inner = el.clientWidth - parseFloat(cs.paddingInlineStart) - parseFloat(cs.paddingInlineEnd);
      const p = el.querySelector('p')!.getBoundingClientRect();
      const a = el.querySelector('a')!.getBoundingClientRect();
      return [p, a, inner].map((r) => (typeof r === 'number' ? r : { w: r.width, top: r.top, bottom: r.bottom }));
    });
    const t = text as { w: number; bottom: number };
    expect(t.w).toBeGreaterThan((inner as number) * 0.9);
    expect((link as { top: number }).top).toBeGreaterThanOrEqual(t.bottom - 1);
    await expectNoHorizontalScroll(page);
    await box.scrollIntoViewIfNeeded();
    await shot(page, `pk-complaint-escalation-${lang}`);
  }
});

test.describe('200 % text', () => {
  test.describe.configure({ timeout: 900_000 });
  for (const lang of LANGS) {
    test(`every route, signed out (${lang}): no screen wider than 360 px`, async ({ page }) => {
      expect((await walkRoutes(page, lang, null)).join('\n')).toBe('');
    });
    test(`every route, signed in (${lang}): no screen wider than 360 px`, async ({ page }) => {
      const [borrowing, repaying] = await Promise.all([pkBorrower(false), pkBorrower(true)]);
      expect((await walkRoutes(page, lang, { borrowing, repaying })).join('\n')).toBe('');
    });
  }
});
