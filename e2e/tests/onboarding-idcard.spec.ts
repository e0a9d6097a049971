import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { fillPersonal, fixture, signedUp, uploadIdPhotos } from '../support/onboarding';
import { ok, onboard, registerBorrower, useSessionIn } from '../support/api';
import { expectDir, shot } from '../support/fixtures';
import * as NS from 'shared/contract';

// shared has no "type": "module": under Node its TS source loads as CommonJS
const C = ((NS as unknown as { default?: typeof NS }).default ?? NS) as typeof NS;
const blank = () =>
  sharp({ create: { width: 1200, height: 750, channels: 3, background: '#d9d2c3' } })
    .jpeg()
    .toBuffer();
/** two faces side by side: the selfie check refuses it */
async function twoFaces() {
  const face = fs.readFileSync(fixture('face.jpg'));
  const { width, height } = await sharp(face).metadata();
  return sharp({ create: { width: width! * 2, height: height!, channels: 3, background: '#fff' } })
    .composite([
      { input: face, left: 0, top: 0 },
      { input: face, left: width!, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

test('ID authentication: agreement first, order of sides, compressed upload, OCR prefill confirmed, then additional info', async ({ page }) => {
  test.setTimeout(120_000);
  await signedUp(page, { redirect: '/auth/personal_infomation' });
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
  const width = await page
    .getByTestId('photo-front')
    .locator('img')
    .evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight));
  expect(width).toBe(1600);
  await expect(page.getByTestId('ocr').getByText('Ayesha Khan')).toBeVisible();
  await expect(page.getByTestId('ocr').getByText('Nasreen Khan')).toBeVisible(); // the mother name, from the back

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/#\/auth\/additionalInfomation/);
});

test('a failed upload is retried without taking the photo again', async ({ page }) => {
  await signedUp(page, { redirect: '/auth/id_card_authentication' });
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
  await signedUp(page, { redirect: '/auth/personal_infomation' });
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

test('a side that cannot be read: "upload back side first", then its retake message; the photo stays and only that side is retaken', async ({ page }) => {
  test.setTimeout(150_000);
  await signedUp(page, { redirect: '/auth/id_card_authentication' });
  await page.getByLabel(/I agree that my CNIC photos/).check();
  await page.getByTestId('file-front').setInputFiles(fixture('cnic-front.jpg'));
  await expect(page.getByTestId('ocr').getByText('*********5671')).toBeVisible({ timeout: 45_000 }); // read back masked only
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please upload the back side first')).toBeVisible();

  await page.getByTestId('file-back').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await blank() });
  await expect(page.getByTestId('ocr-error').getByText('Back failed to identify, please retake')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('photo-back').locator('img')).toBeVisible(); // the photo taken is still there
  await shot(page, 'onboarding-idcard-back-unreadable-en');
  await expect(page.getByTestId('photo-front').getByText('Uploaded')).toBeVisible();

  await page.getByTestId('photo-back').getByRole('button', { name: 'Retake' }).click();
  await page.getByTestId('file-back').setInputFiles(fixture('cnic-back.jpg'));
  await expect(page.getByTestId('ocr').getByText('House 12 Street 4 Gulberg Lahore')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('ocr').getByText('Ayesha Khan')).toBeVisible(); // the front's reading was kept
  await shot(page, 'onboarding-idcard-both-sides-en');
});

for (const lang of ['en', 'ur'] as const) {
  test(`a selfie with two faces: face recognition failed, the photo stays for a retake (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const b = await registerBorrower();
    await onboard(b.token, ['images', 'addition', 'card', 'questionnaire']);
    // both sides are uploaded already: the selfie is next
    await ok('uploadCurpFront', {}, { token: b.token, file: await blank() });
    await ok('uploadCurpBack', {}, { token: b.token, file: await blank() });
    await useSessionIn(page, b.token, lang);
    await page.goto('/#/auth/id_card_authentication');
    await expectDir(page, lang === 'ur' ? 'rtl' : 'ltr');
    await page.getByRole('checkbox').first().check();
    await page.getByTestId('file-face').setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: await twoFaces() });
    await expect(page.getByTestId('photo-face').getByText(C.errorMessage(C.ErrorCode.faceFailed, lang))).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('photo-face').locator('img')).toBeVisible();
    await shot(page, `onboarding-idcard-face-failed-${lang}`);
    await page.getByTestId('file-face').setInputFiles(fixture('face.jpg'));
    await expect(page.getByTestId('photo-face').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 });
  });
}
