/** Helpers of the onboarding specs: sign a fresh number up through the login screen. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { API, FIXED_OTP, freshMobile } from './fixtures';

export async function requestCode(page: Page, mobile: string) {
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Code sent', { exact: true })).toBeVisible();
}

/** Registers a fresh number through user/login (base = '/' for the host, or a remote's URL) and returns it. */
export async function signUp(page: Page, opts: { base?: string; redirect?: string } = {}): Promise<string> {
  const mobile = freshMobile();
  const q = opts.redirect ? `?redirect=${encodeURIComponent(opts.redirect)}` : '';
  await page.goto(`${opts.base ?? '/'}#/user/login${q}`);
  await requestCode(page, mobile);
  await page.getByLabel('Verification code').fill(FIXED_OTP);
  await page.getByRole('checkbox').check();
  // a new number registers with its verified code in the same press
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toContain('Bearer ');
  return mobile;
}

/** The server allows one code per number a minute: move its clock past that (dev control). */
export async function passResendWait(request: APIRequestContext) {
  const res = await request.post(`${API}/__dev/clock/advance`, { data: { ms: 61_000, runJobs: false } });
  expect((await res.json()).ok).toBe(true);
}

/** Fills the personal-info form with valid values (Punjab, first city, not borrowed before). */
export async function fillPersonal(page: Page) {
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

export const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', 'onboarding', name);

/** Uploads the three fixture photos on the ID screen (agreement ticked first) and waits for the OCR reading of both sides. */
export async function uploadIdPhotos(page: Page) {
  await page.getByLabel(/I agree that my CNIC photos/).check();
  await page.getByTestId('file-front').setInputFiles(fixture('cnic-front.jpg'));
  await expect(page.getByTestId('photo-front').getByText('Uploaded')).toBeVisible();
  await expect(page.getByTestId('ocr').getByText('3520212345671')).toBeVisible({ timeout: 45_000 });
  await page.getByTestId('file-back').setInputFiles(fixture('cnic-back.jpg'));
  await expect(page.getByTestId('photo-back').getByText('Uploaded')).toBeVisible();
  await expect(page.getByTestId('ocr').getByText('House 12 Street 4 Gulberg Lahore')).toBeVisible({ timeout: 45_000 });
  // a real face: the server checks the selfie with a face detector
  await page.getByTestId('file-face').setInputFiles(fixture('face.jpg'));
  await expect(page.getByTestId('photo-face').getByText('Uploaded')).toBeVisible({ timeout: 45_000 });
  await page.getByLabel('These details match my card').check();
}

/** Fills the additional-info form (employee, monthly pay, two different contacts). */
export async function fillAdditional(page: Page) {
  const sel = (label: string) => page.getByLabel(label, { exact: true });
  await sel('Work type').selectOption('employee');
  await sel('Industry').selectOption('retail');
  await sel('Company name').fill('Khan Traders');
  await sel('Designation').selectOption('manager');
  await sel('Job experience').selectOption('moreThan3Years');
  await sel('Monthly income (Rs)').fill('55000');
  await sel('Pay frequency').selectOption('Monthly');
  await sel('Payday (day of the month)').selectOption('25');
  await sel('Income source').selectOption('ownself');
  const c1 = page.getByRole('region', { name: 'Emergency contact 1' });
  await c1.getByLabel('Name').fill('Bilal Ahmed');
  await c1.getByLabel('Phone number').fill('3001112233');
  await c1.getByLabel('Relation').selectOption('siblings');
  const c2 = page.getByRole('region', { name: 'Emergency contact 2' });
  await c2.getByLabel('Name').fill('Sara Ali');
  await c2.getByLabel('Phone number').fill('03215556677');
  await c2.getByLabel('Relation').selectOption('friends');
}
