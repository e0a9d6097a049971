import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/onboarding';

const sel = (page: Page, label: string | RegExp) => page.getByLabel(label, { exact: typeof label === 'string' });

test('additional info: work rules, contact picking through the wrapper, same relation/mobile refused, draft kept', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __NATIVE_SIM__: unknown }).__NATIVE_SIM__ = { contact: { ok: true, phone: '+92 300 1112233', name: 'Bilal Ahmed' } };
  });
  await signUp(page, { redirect: '/auth/additionalInfomation' });
  await expect(page.getByRole('heading', { name: 'Additional information' })).toBeVisible();

  // Unemployed hides industry, job experience, pay frequency and paydays
  await sel(page, 'Work type').selectOption('Unemployed');
  await expect(sel(page, 'Industry')).toHaveCount(0);
  await expect(sel(page, 'Pay frequency')).toHaveCount(0);
  await sel(page, 'Work type').selectOption('employee');
  await sel(page, 'Industry').selectOption('retail');
  // changing the work type clears the industry
  await sel(page, 'Work type').selectOption('self_employed');
  await expect(sel(page, 'Industry')).toHaveValue('');
  await sel(page, 'Industry').selectOption('retail');
  await sel(page, 'Company name').fill('Khan Traders');
  await sel(page, 'Job experience').selectOption('in1_3Years');
  await sel(page, 'Designation').selectOption('manager');
  await sel(page, 'Monthly income (Rs)').fill('45000');
  // biweekly: two days of the month; changing the frequency clears both
  await sel(page, 'Pay frequency').selectOption('Biweekly');
  await sel(page, 'Payday (day of the month)').selectOption('1');
  await sel(page, 'Second payday (day of the month)').selectOption('15');
  await sel(page, 'Pay frequency').selectOption('Fourteen');
  await expect(sel(page, 'Payday (weekday)')).toHaveValue('');
  await sel(page, 'Payday (weekday)').selectOption('friday');
  await sel(page, 'Second payday (weekday)').selectOption('friday');
  await sel(page, 'Income source').selectOption('ownself');

  // contact 1 from the native picker: +92 prefix stripped
  await page.getByRole('button', { name: 'Choose from my contacts' }).first().click();
  const c1 = page.getByRole('region', { name: 'Emergency contact 1' });
  await expect(c1.getByLabel('Name')).toHaveValue('Bilal Ahmed');
  await expect(c1.getByLabel('Phone number')).toHaveValue('3001112233');
  await c1.getByLabel('Relation').selectOption('siblings');
  const c2 = page.getByRole('region', { name: 'Emergency contact 2' });
  await c2.getByLabel('Name').fill('Sara Ali');
  await c2.getByLabel('Phone number').fill('03001112233');
  await c2.getByLabel('Relation').selectOption('siblings');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The second payday must differ from the first').first()).toBeVisible();
  await expect(c2.getByText('The two emergency contacts cannot have the same relation')).toBeVisible();
  await sel(page, 'Second payday (weekday)').selectOption('monday');
  await c2.getByLabel('Relation').selectOption('friends');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(c2.getByText('The two emergency contacts cannot have the same mobile number')).toBeVisible();
  await c2.getByLabel('Phone number').fill('03215556677');

  await page.reload();
  await expect(sel(page, 'Company name')).toHaveValue('Khan Traders');
  await expect(c2.getByLabel('Phone number')).toHaveValue('03215556677');
  await page.getByRole('button', { name: 'Next' }).click();
  // personal info is still missing for this user: the next step is the first missing one
  await expect(page).toHaveURL(/#\/auth\/personal_infomation/);
});
