/** Helpers of the onboarding specs: sign a fresh number up through the login screen. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { API, FIXED_OTP, freshMobile } from './fixtures';
import { agreeToPermissions, registerBorrower } from './api';
import { signIn } from './loan';

export async function requestCode(page: Page, mobile: string) {
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Code sent', { exact: true })).toBeVisible();
}

/**
 * Registers a fresh number through user/login (base = '/' for the host, or a remote's URL) and returns it.
 * The borrower has then agreed to the device permissions (through the API) unless `consent: false`:
 * the permissions screen has its own tests.
 */
export async function signUp(page: Page, opts: { base?: string; redirect?: string; consent?: boolean } = {}): Promise<string> {
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
  // the composed app's own move off the login screen has happened: a test's next address is not overtaken by it
  // (a remote's standalone page has nowhere else to go)
  if (!opts.base) await expect(page).not.toHaveURL(/#\/user\/(login|register)/);
  if (opts.consent !== false) {
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').Authorization as string);
    await agreeToPermissions(stored.replace(/^Bearer /, ''));
    // the app may have asked before the agreement was stored: open the redirect afresh
    if (opts.redirect) {
      await page.goto('about:blank');
      await page.goto(`${opts.base ?? '/'}#${opts.redirect}`);
    }
  }
  return mobile;
}

/**
 * A fresh number registered through the API, signed in as the app stores a session (support/loan.ts signIn), agreed to the
 * device permissions unless `consent: false`, on `redirect` (base = '/' for the host, or a remote's URL): for the tests
 * whose subject comes after the sign-up (the login screen's own tests sign up through it: signUp). Returns the number.
 */
export async function signedUp(page: Page, opts: { base?: string; redirect?: string; consent?: boolean } = {}): Promise<string> {
  const b = await registerBorrower();
  if (opts.consent !== false) await agreeToPermissions(b.token);
  await signIn(page, b, { base: opts.base });
  await page.goto(`${opts.base ?? '/'}#${opts.redirect ?? '/'}`);
  return b.mobile;
}

/** The server allows one code per number a minute: move its clock past that (dev control). */
export async function passResendWait(request: APIRequestContext) {
  const res = await request.post(`${API}/__dev/clock/advance`, { data: { ms: 61_000, runJobs: false } });
  expect((await res.json()).ok).toBe(true);
}

/** The bank account screen's code from the registered number: asked (past the resend wait) and typed. */
export async function enterAccountCode(page: Page, texts = { getCode: 'Get code', code: 'Code from your registered number' }) {
  await passResendWait(page.request);
  const section = page.getByTestId('account-code');
  await section.getByRole('button', { name: texts.getCode, exact: true }).click();
  // sent: the button turns into the resend countdown
  await expect(section.getByRole('button', { name: texts.getCode, exact: true })).toHaveCount(0);
  await section.getByLabel(texts.code).fill(FIXED_OTP);
}

/** The personal-info values fillPersonal types, for specs that check a reopened form. */
export const PERSONAL = { cardType: 'CNIC', language: 'punjabi', cityOfBirth: 'Multan', county: 'Lahore Cantt', pinCode: '54000' };

/** Fills the personal-info form with valid values (Punjab, first city, not borrowed before). */
export async function fillPersonal(page: Page) {
  await page.getByLabel('First name').fill('Ayesha');
  await page.getByLabel('Last name').fill('Khan');
  await page.getByLabel('Female').check();
  await page.getByLabel('Year', { exact: true }).selectOption('1990');
  await page.getByLabel('Month', { exact: true }).selectOption('3');
  await page.getByLabel('Day', { exact: true }).selectOption('7');
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue(/^\d+$/);
  await page.getByLabel('ID card type').selectOption(PERSONAL.cardType);
  await page.getByLabel('National ID (CNIC)').fill('35202-1234567-1');
  await expect(page.getByLabel('National ID (CNIC)')).toHaveValue('3520212345671');
  await page.getByLabel('Education').selectOption('bachelors');
  await page.getByLabel('Marital status').selectOption('single');
  await page.getByLabel('Email').fill('ayesha@example.com');
  await page.getByLabel('Language you speak').selectOption(PERSONAL.language);
  await page.getByLabel('City of birth').fill(PERSONAL.cityOfBirth);
  await page.getByLabel('Loan purpose').selectOption('health');
  await page.getByLabel('Residence type').selectOption('ownHouse');
  await page.getByLabel('State').selectOption('Punjab');
  await page.getByLabel('City', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('County / tehsil').fill(PERSONAL.county);
  await page.getByLabel('Postal code').fill(PERSONAL.pinCode);
  await page.getByLabel('Address').fill('House 12, Street 4, Gulberg');
  await page.getByLabel('No').check();
}

export const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', 'onboarding', name);

/** Uploads the three fixture photos on the ID screen (agreement ticked first) and waits for the OCR reading of both sides. */
export async function uploadIdPhotos(page: Page) {
  await page.getByLabel(/I agree that my CNIC photos/).check();
  await page.getByTestId('file-front').setInputFiles(fixture('cnic-front.jpg'));
  await expect(page.getByTestId('photo-front').getByText('Uploaded')).toBeVisible();
  await expect(page.getByTestId('ocr').getByText('*********5671')).toBeVisible({ timeout: 45_000 }); // read back masked only
  await page.getByTestId('file-back').setInputFiles(fixture('cnic-back.jpg'));
  await expect(page.getByTestId('photo-back').getByText('Uploaded')).toBeVisible();
  await expect(page.getByTestId('ocr').getByText('House 12 Street 4 Gulberg Lahore')).toBeVisible({ timeout: 45_000 });
  // a real face: the server checks the selfie with a face detector
  await page.getByTestId('file-face').setInputFiles(fixture('face.jpg'));
  await expect(page.getByTestId('photo-face').getByText('Uploaded')).toBeVisible({ timeout: 45_000 });
  await page.getByLabel('These details match my card').check();
}

/** The work address fillAdditional types (state before district), for specs that check a reopened form. */
export const WORK_ADDRESS = { state: 'Punjab', district: 'Lahore', county: 'Gulberg', pincode: '54660', address: 'Office 3, Main Boulevard' };

/** Fills the work address (state, then district) in the additional-info form. */
export async function fillWorkAddress(page: Page) {
  const work = page.getByRole('region', { name: 'Work address' });
  await work.getByLabel('State', { exact: true }).selectOption(WORK_ADDRESS.state);
  await work.getByLabel('District', { exact: true }).selectOption(WORK_ADDRESS.district);
  await work.getByLabel('County / tehsil').fill(WORK_ADDRESS.county);
  await work.getByLabel('Postal code').fill(WORK_ADDRESS.pincode);
  await work.getByLabel('Address', { exact: true }).fill(WORK_ADDRESS.address);
}

/** Fills the additional-info form (employee, monthly pay, work address, two different contacts). */
export async function fillAdditional(page: Page) {
  const sel = (label: string) => page.getByLabel(label, { exact: true });
  await sel('Work type').selectOption('employee');
  await sel('Industry').selectOption('retail');
  await sel('Company name').fill('Khan Traders');
  await sel('Designation').selectOption('manager');
  await sel('Job experience').selectOption('moreThan3Years');
  await sel('Monthly income').selectOption('50000-99999');
  await sel('Pay frequency').selectOption('Monthly');
  await sel('Payday (day of the month)').selectOption('25');
  await sel('Income source').selectOption('ownself');
  await fillWorkAddress(page);
  const c1 = page.getByRole('region', { name: 'Emergency contact 1' });
  await c1.getByLabel('Name').fill('Bilal Ahmed');
  await c1.getByLabel('Phone number').fill('3001112233');
  await c1.getByLabel('Relation').selectOption('siblings');
  const c2 = page.getByRole('region', { name: 'Emergency contact 2' });
  await c2.getByLabel('Name').fill('Sara Ali');
  await c2.getByLabel('Phone number').fill('03215556677');
  await c2.getByLabel('Relation').selectOption('friends');
}

/**
 * Personal info, ID photos and additional info through the screens, ending on the bank account
 * screen. `beforeIdStep` runs after personal info (e.g. the permissions screen of a borrower who
 * has not agreed yet).
 */
export async function throughProfileSteps(page: Page, opts: { beforeIdStep?: (page: Page) => Promise<void> } = {}) {
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await opts.beforeIdStep?.(page);
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
  await uploadIdPhotos(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/additionalInfomation/);
  await fillAdditional(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/bank_account\/add_bankcard/);
}
