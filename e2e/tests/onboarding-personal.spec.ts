import { expect, test } from '@playwright/test';
import { fillPersonal, signUp } from '../support/onboarding';

test('personal info: rules, draft survives a reload, submit goes to ID authentication', async ({ page }) => {
  await signUp(page, { redirect: '/auth/personal_infomation' });
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please input your first name').first()).toBeVisible();
  await page.getByLabel('Email').fill('bad mail@x');
  await page.getByLabel('First name').fill('A1');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Email verification failed').first()).toBeVisible();

  await fillPersonal(page);
  // changing the state clears the city
  await page.getByLabel('State').selectOption('Sindh');
  await expect(page.getByLabel('City')).toHaveValue('');
  await page.getByLabel('City').selectOption({ index: 1 });
  // yes shows the amount, no clears it
  await page.getByLabel('Yes').check();
  await page.getByLabel('Approximate amount (Rs)').fill('15000');
  await page.getByLabel('No').check();
  await expect(page.getByLabel('Approximate amount (Rs)')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ayesha');
  await expect(page.getByLabel('National ID (CNIC)')).toHaveValue('3520212345671');
  await expect(page.getByLabel('State')).toHaveValue('Sindh');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
});
