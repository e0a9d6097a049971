import { expect, test } from '@playwright/test';
import { fillPersonal, fixture, signUp, uploadIdPhotos } from '../support/onboarding';

test('ID authentication: agreement first, order of sides, compressed upload, OCR prefill confirmed, then additional info', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, { redirect: '/auth/personal_infomation' });
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);

  // nothing can be taken before the agreement; the back needs the front first
  await page.getByTestId('photo-front').getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please agree to the agreement and policy first' })).toBeVisible();
  await page.getByLabel(/I agree that my CNIC photos/).check();
  await page.getByTestId('photo-face').getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByText('Please upload the back side first')).toBeVisible();

  await uploadIdPhotos(page);
  // the preview is made from the uploaded blob: the 2400 px fixture went up at 1600 px
  const width = await page.getByTestId('photo-front').locator('img').evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight));
  expect(width).toBe(1600);
  await expect(page.getByTestId('ocr').getByText('Ayesha Khan')).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/additionalInfomation/);
});

test('a failed upload is retried without taking the photo again', async ({ page }) => {
  await signUp(page, { redirect: '/auth/id_card_authentication' });
  await page.getByLabel(/I agree that my CNIC photos/).check();
  let failures = 1;
  await page.route('**/*', async (route) => {
    const ct = route.request().headers()['content-type'] ?? '';
    if (route.request().method() === 'POST' && ct.includes('multipart') && failures-- > 0) return route.abort('failed');
    return route.continue();
  });
  await page.getByTestId('file-front').setInputFiles(fixture('cnic-front.jpg'));
  await expect(page.getByText('Network failed, please reload the page')).toBeVisible();
  await page.getByRole('button', { name: 'Retry upload' }).click();
  await expect(page.getByTestId('photo-front').getByText('Uploaded')).toBeVisible();
});

test('a card that cannot be read right is not a hard gate: correct the ID, or after a second reading send it for a check by hand', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, { redirect: '/auth/personal_infomation' });
  await fillPersonal(page);
  await page.getByLabel('National ID (CNIC)').fill('3520212345679'); // one digit mistyped
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
  await page.getByLabel(/I agree that my CNIC photos/).check();
  await page.getByTestId('file-front').setInputFiles(fixture('cnic-front.jpg'));
  await expect(page.getByText(/the card number does not match your National ID/)).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Correct my National ID' })).toBeVisible();
  await expect(page.getByTestId('check-by-hand')).toHaveCount(0);
  await page.getByTestId('file-back').setInputFiles(fixture('cnic-back.jpg'));
  await page.getByTestId('file-face').setInputFiles(fixture('face.jpg'));
  await expect(page.getByTestId('photo-face').getByText('Uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/); // not yet: the reading is wrong
  // read again, still wrong: now the borrower may go on, checked by hand
  await page.getByRole('button', { name: 'Read the card again' }).click();
  await expect(page.getByTestId('check-by-hand')).toBeVisible({ timeout: 45_000 });
  await page.getByLabel('Send my card for a check by hand').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/additionalInfomation/);
});
