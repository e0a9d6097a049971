/**
 * Issue 25, item 3: adding a receiving account needs the code sent to the registered number. The
 * bank account screen asks for it, says what is wrong in the borrower's language without losing
 * what was typed, and lists the change afterwards (the borrower is told of every change).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectDir } from '../support/fixtures';
import { onboard, registerBorrower, signIn } from '../support/loan';
import { enterAccountCode } from '../support/onboarding';

const TEXTS = {
  en: {
    wallet: 'JazzCash',
    number: 'JazzCash number',
    again: 'Enter the number again',
    holder: 'Account holder name',
    submit: 'Submit',
    getCode: 'Get code',
    code: 'Code from your registered number',
    empty: 'Verification code cannot be empty',
    invalid: 'Invalid verification code',
    notice: 'Receiving account changed to',
  },
  ur: {
    wallet: 'جاز کیش',
    number: 'جاز کیش نمبر',
    again: 'نمبر دوبارہ درج کریں',
    holder: 'اکاؤنٹ ہولڈر کا نام',
    submit: 'جمع کرائیں',
    getCode: 'کوڈ حاصل کریں',
    code: 'رجسٹرڈ نمبر پر آیا ہوا کوڈ',
    empty: 'تصدیقی کوڈ خالی نہیں ہو سکتا',
    invalid: 'تصدیقی کوڈ غلط ہے',
    notice: 'رقم وصول کرنے والا اکاؤنٹ',
  },
};

async function fillWallet(page: Page, x: (typeof TEXTS)['en']) {
  await page.getByRole('radio', { name: x.wallet, exact: true }).check();
  await page.getByLabel(x.number).fill('03001234567');
  await page.getByLabel(x.again).fill('03001234567');
  await page.getByLabel(x.holder).fill('Ali Khan');
}

for (const lang of ['en', 'ur'] as const) {
  test(`bank account with the code from the registered number (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const x = TEXTS[lang];
    const b = await registerBorrower();
    // no ID photos: the selfie check is not what this is about, and the bank step needs none
    await onboard(b.token, ['images', 'card', 'questionnaire']);
    await signIn(page, b, { lang });
    await page.goto('/#/bank_account/add_bankcard');
    await expectDir(page, lang === 'ur' ? 'rtl' : 'ltr');
    await fillWallet(page, x);
    // no code: nothing sent, the code field says why, what was typed stays
    await page.getByRole('button', { name: x.submit }).click();
    const section = page.getByTestId('account-code');
    await expect(section.getByText(x.empty)).toBeVisible();
    await expect(page.getByLabel(x.number)).toHaveValue('0300 1234567');
    // a wrong code: the server's answer on the field, in the borrower's language, the form kept
    await section.getByLabel(x.code).fill('000000');
    await page.getByRole('button', { name: x.submit }).click();
    await expect(section.getByText(x.invalid)).toBeVisible();
    await expect(page.getByLabel(x.number)).toHaveValue('0300 1234567');
    await expect(page.getByLabel(x.again)).toHaveValue('0300 1234567');
    // the real code: saved, on to the next step still missing (the ID photos)
    await enterAccountCode(page, { getCode: x.getCode, code: x.code });
    await page.getByRole('button', { name: x.submit }).click();
    await expect(page).toHaveURL(/#\/auth\/id_card_authentication/, { timeout: 20_000 });
    // the change is listed where the accounts are shown
    await page.goto('/#/bank_account/backup_add_bankcard');
    const notices = page.getByTestId('account-notices');
    await expect(notices).toContainText(x.notice);
    await expect(notices).toContainText('4567');
  });
}
