import { expect, test } from '@playwright/test';
import { expectDir, shot } from '../support/fixtures';
import { enterAccountCode, signUp, signedUp, throughProfileSteps } from '../support/onboarding';

test('journey: register -> personal -> ID photos -> additional info -> bank account -> questionnaire', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, { redirect: '/auth/personal_infomation' });
  await throughProfileSteps(page);
  await expect(page.getByLabel('Account holder name')).toHaveValue('Ayesha Khan');
  await page.getByLabel('JazzCash').check();
  await page.getByLabel('JazzCash number').fill('03001234567');
  await expect(page.getByLabel('JazzCash number')).toHaveValue('0300 1234567');
  await page.getByLabel('Enter the number again').fill('03001234568');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The two account numbers you entered are not the same').first()).toBeVisible();
  await page.getByLabel('Enter the number again').fill('03001234567');
  await enterAccountCode(page);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/#\/auth\/loan_question/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please complete the questionnaire')).toBeVisible();
  // the questions (the content-language choice is a group too)
  const groups = page.getByRole('group').filter({ has: page.getByRole('radio') });
  await expect(groups).toHaveCount(11);
  await groups.nth(0).getByRole('radio').nth(1).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Unanswered questions exist')).toBeVisible();
  await expect(groups.nth(1).getByText('Please first answer the question')).toBeVisible();
  await page.reload();
  await expect(groups.nth(0).getByRole('radio').nth(1)).toBeChecked();
  // read in Spanish: titles and options from the server in es, the interface and the answers kept
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(groups.nth(0)).toContainText('¿Ha incumplido un préstamo en los últimos 6 meses?');
  await expect(groups.nth(0).getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(groups.nth(2).getByRole('radio', { name: 'Excelente' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  for (let i = 1; i < 11; i++) await groups.nth(i).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  // onboarding complete, no order yet: home
  await expect(page).toHaveURL(/#\/$/);
  const info = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'));
  expect(info.nextStep).toBeNull();
});

test('Urdu: the onboarding screens are right-to-left and translated', async ({ page }) => {
  await signedUp(page, { redirect: '/auth/personal_infomation' });
  await page.evaluate(() => localStorage.setItem('language', 'ur'));
  for (const [path, heading] of [
    ['/auth/personal_infomation', 'ذاتی معلومات'],
    ['/auth/id_card_authentication', 'شناخت کی تصدیق'],
    ['/auth/additionalInfomation', 'اضافی معلومات'],
    ['/bank_account/add_bankcard', 'بینک اکاؤنٹ'],
    ['/auth/loan_question', 'قرض کی تاریخ'],
  ] as const) {
    await page.goto(`/#${path}`);
    await page.reload();
    await expectDir(page, 'rtl');
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page
      .getByRole('button', { name: 'آگے' })
      .or(page.getByRole('button', { name: 'جمع کرائیں' }))
      .click();
    await expect(page.locator('.field__error').first()).toBeVisible();
    await expect(page.locator('.field__error').first()).not.toHaveText(/[A-Za-z]{4,}/);
    await shot(page, `onboarding-ur-${path.split('/').pop()}`);
  }
});
