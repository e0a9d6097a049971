/**
 * Screen-name validation (order status 16): the name typed differs from the one read on the
 * CNIC, so after the photos the borrower lands on the name check; correcting it moves on.
 */
import { expect, test } from '@playwright/test';
import { fillPersonal, signedUp, uploadIdPhotos } from '../support/onboarding';

test('a name that differs from the CNIC goes to the name check, and the corrected name goes on', async ({ page }) => {
  test.setTimeout(150_000);
  await signedUp(page, { redirect: '/auth/personal_infomation' });
  await fillPersonal(page);
  await page.getByLabel('First name').fill('Aisha'); // the card says Ayesha
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
  await uploadIdPhotos(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/#\/auth\/validation/);
  await expect(page.getByText('Name read from your CNIC')).toBeVisible();
  await page.getByLabel('First name').fill('Ayesha');
  await page.getByLabel('This is my name exactly as on my CNIC').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/additionalInfomation/);
});

test('a misread card is never a dead end: confirming the name as entered goes on (checked by hand in the review)', async ({ page }) => {
  test.setTimeout(150_000);
  await signedUp(page, { redirect: '/auth/personal_infomation' });
  await fillPersonal(page);
  await page.getByLabel('First name').fill('Aisha');
  await page.getByRole('button', { name: 'Next' }).click();
  await uploadIdPhotos(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/validation/);
  await expect(page.getByTestId('name-check-ways')).toContainText('our team checks it by hand during the review');
  await expect(page.getByRole('button', { name: 'Retake the CNIC photo' })).toBeVisible();
  await page.getByLabel('This is my name exactly as on my CNIC').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/additionalInfomation/);
});
