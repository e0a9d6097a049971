import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/onboarding';

async function fillPersonal(page: Page) {
  await page.getByLabel('First name').fill('Ayesha');
  await page.getByLabel('Last name').fill('Khan');
  await page.getByLabel('Female').check();
  await expect(page.getByLabel('National ID (CNIC)')).toHaveCount(0);
  await page.getByLabel('Year', { exact: true }).selectOption('1990');
  await page.getByLabel('Month', { exact: true }).selectOption('3');
  await page.getByLabel('Day', { exact: true }).selectOption('7');
  await page.getByLabel('National ID (CNIC)').fill('35202-1234567-1');
  await expect(page.getByLabel('National ID (CNIC)')).toHaveValue('3520212345671');
  await page.getByLabel('Education').selectOption('bachelors');
  await page.getByLabel('Marital status').selectOption('single');
  await page.getByLabel('Email').fill('ayesha@example.com');
  await page.getByLabel('Loan purpose').selectOption('health');
  await page.getByLabel('Residence type').selectOption('ownHouse');
  await page.getByLabel('State').selectOption('Punjab');
  await page.getByLabel('City').selectOption({ index: 1 });
  await page.getByLabel('Address').fill('House 12, Street 4, Gulberg');
  await page.getByLabel('No').check();
}

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
