import { expect, test } from '@playwright/test';
import { agreeToPermissions, call, onboard, registerBorrower, useSessionIn } from '../support/api';
import { appUrl, expectDir } from '../support/fixtures';
import { signedUp } from '../support/onboarding';

test('device permissions before the camera: the ID step sends the borrower to agree first (required ones needed, optional ones may be refused), stored on the server, and back', async ({
  page,
  browser,
}) => {
  await signedUp(page, { redirect: '/auth/id_card_authentication', consent: false });
  await expect(page).toHaveURL(/#\/auth\/permissions\?next=idCardAuthentication/);
  // the server's market configuration decides which are shown, and which are required
  const camera = page.locator('#perm-camera');
  await expect(camera.getByRole('heading')).toContainText('Required');
  await expect(page.locator('#perm-location').getByRole('heading')).toContainText('Optional');
  await expect(page.getByRole('heading', { name: /SMS/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByText('Please agree to the required permissions to continue').first()).toBeVisible();
  await expect(camera.getByText('Please agree to this permission')).toBeVisible();
  await camera.getByRole('checkbox').check();
  await page.locator('#perm-storage').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Agree and continue' }).click(); // location and device info refused
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
  await expect(page.getByRole('heading', { name: 'ID authentication' })).toBeVisible();
  const policy = await call('policy', { type: 'data' });
  expect(JSON.stringify(policy.data)).toMatch(
    /Needed to verify your identity: storage, camera\. Optional, you may refuse them and still apply: location, device information/,
  );

  // another browser (no local storage): the agreement is known from the server, with its time
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').Authorization.replace('Bearer ', '') as string);
  const stored = (await call('consent', {}, { token })).data;
  expect(stored.consent.permissions.sort()).toEqual(['camera', 'storage']);
  const other = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const p2 = await other.newPage();
  await p2.addInitScript((t) => {
    localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${t}` }));
    localStorage.setItem('language', 'ur');
  }, token);
  await p2.goto('/#/auth/id_card_authentication');
  await expect(p2.getByRole('heading', { name: 'شناخت کی تصدیق', level: 1 })).toBeVisible();
  await p2.goto('/#/auth/permissions');
  await expect(p2.getByTestId('consent-agreed')).toContainText('آپ نے اس سے اتفاق کیا');
  await expect(p2.locator('#perm-camera').getByRole('checkbox')).toBeChecked();
  await expect(p2.locator('#perm-location').getByRole('checkbox')).not.toBeChecked();
  await other.close();
});

test('Urdu: the permissions screen is right-to-left and its refusal translated', async ({ page }) => {
  await signedUp(page, { consent: false });
  await page.evaluate(() => localStorage.setItem('language', 'ur'));
  await page.goto('/#/auth/permissions?next=idCardAuthentication');
  await page.reload();
  await expectDir(page, 'rtl');
  await expect(page.getByRole('heading', { name: 'آلے کی اجازتیں', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'اتفاق کریں اور آگے بڑھیں' }).click();
  await expect(page.getByText('آگے بڑھنے کے لیے براہ کرم ضروری اجازتوں سے اتفاق کریں').first()).toBeVisible();
  await expect(page).toHaveURL(/permissions/);
});

test('review tips without an application says so and offers home', async ({ page }) => {
  await signedUp(page, { redirect: '/auth/review_tips' });
  await expect(page.getByText('You have no application under review.')).toBeVisible();
});

test('remote alone: personal info screen loads states and validates on the standalone page', async ({ page }) => {
  await signedUp(page, { base: appUrl('mf-onboarding'), redirect: '/auth/personal_infomation' });
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await expect(page.getByLabel('State').getByRole('option', { name: 'Punjab' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please input your first name').first()).toBeVisible();
});

test('the header back of an onboarding step goes to the step before it, not home', async ({ page }) => {
  const b = await registerBorrower();
  await onboard(b.token, ['addition', 'card', 'questionnaire']);
  await useSessionIn(page, b.token);
  await page.goto('/#/auth/additionalInfomation');
  await expect(page.getByRole('heading', { name: 'Additional information' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
});

test('the header back of an onboarding step still loading its data goes to the step before it, not back out of the app', async ({ page }) => {
  const b = await registerBorrower();
  await onboard(b.token, ['addition', 'card', 'questionnaire']);
  await useSessionIn(page, b.token);
  // a slow link: every call answered 3 s late, so the step's screen shows its loading state for that long
  await page.route(/\/api\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  for (const [step, before] of [
    ['/auth/additionalInfomation', /#\/auth\/id_card_authentication/],
    ['/auth/id_card_authentication', /#\/auth\/personal_infomation/],
    ['/auth/validation', /#\/auth\/id_card_authentication/],
  ] as const) {
    await page.goto(`/#${step}`);
    const back = page.getByRole('button', { name: 'Back' });
    await expect(back).toBeVisible();
    await expect(page.locator('main .skeleton').first()).toBeVisible(); // still loading
    await back.click();
    await expect(page).toHaveURL(before);
  }
});

test('an error toast never covers the heading, and does not follow the borrower to the next screen', async ({ page }) => {
  const b = await registerBorrower();
  await agreeToPermissions(b.token);
  await useSessionIn(page, b.token);
  await page.goto('/#/auth/additionalInfomation');
  const heading = page.getByRole('heading', { name: 'Additional information' });
  await expect(heading).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  const toast = page.locator('.toast--error');
  await expect(toast).toBeVisible();
  const [h, t] = [await heading.boundingBox(), await toast.boundingBox()];
  expect(t!.y).toBeGreaterThanOrEqual(h!.y + h!.height);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/#\/auth\/id_card_authentication/);
  await expect(page.locator('.toast--error')).toHaveCount(0);
});
