/** FAQ, about us, customer guide, open app and the policy pages. */
import { expect, test } from '@playwright/test';
import { appUrl, expectDir } from '../support/fixtures';
import { ok } from '../support/api';
import { expectAccessible, loginPage, presetLanguage, registerBorrower } from '../support/usercenter';

type Faq = { lang: string; sections: { title: string; open: boolean; problems: { subtitle: string; content: string; open: boolean }[] }[] };

for (const [path, name] of [
  ['/user_center/faq', 'faq'],
  ['/user_center/about_us', 'about_us'],
]) {
  test(`logged out, ${name} asks for login first`, async ({ page }) => {
    await page.goto(`/#${path}`);
    await expect(page).toHaveURL(new RegExp(`#/user/login\\?redirect=${encodeURIComponent(path)}`));
  });
}

test('FAQ: sections and answers open as the server says and toggle', async ({ page }) => {
  const faq = (await ok('faq', { lang: 'en' })) as Faq;
  const b = await registerBorrower();
  await loginPage(page, b);
  await page.goto('/#/user_center/faq');
  const sections = page.getByTestId('faq-section');
  await expect(sections).toHaveCount(faq.sections.length);
  await expectAccessible(page);

  const first = faq.sections[0];
  const head = page.getByRole('button', { name: first.title });
  await expect(head).toHaveAttribute('aria-expanded', String(first.open));
  if (!first.open) await head.click();
  const q = first.problems[0];
  const qButton = page.getByRole('button', { name: q.subtitle });
  await expect(qButton).toHaveAttribute('aria-expanded', String(q.open));
  if (!q.open) await qButton.click();
  await expect(page.getByText(q.content)).toBeVisible();
  await qButton.click();
  await expect(qButton).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(q.content)).toBeHidden();
  await head.click();
  await expect(head).toHaveAttribute('aria-expanded', 'false');
  await expect(qButton).toBeHidden();
});

test('FAQ: in Spanish when the stored language is es (the app itself in Urdu)', async ({ page }) => {
  const faq = (await ok('faq', { lang: 'es' })) as Faq;
  const b = await registerBorrower();
  await loginPage(page, b);
  await page.addInitScript(() => localStorage.setItem('language', 'es'));
  await page.goto('/#/user_center/faq');
  await expectDir(page, 'rtl');
  await expect(page.getByTestId('faq')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('faq')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: faq.sections[0].title })).toBeVisible();
});

test('FAQ: a reader chooses Spanish (or any content language) on the screen, in either app language', async ({ page }) => {
  const es = (await ok('faq', { lang: 'es' })) as Faq;
  const b = await registerBorrower();
  await loginPage(page, b, 'ur');
  await page.goto('/#/user_center/faq');
  await expect(page.getByTestId('faq')).toHaveAttribute('lang', 'ur');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('faq')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('faq')).toHaveAttribute('dir', 'ltr');
  await expectDir(page, 'rtl'); // the app stays in Urdu
  for (const section of es.sections) await expect(page.getByRole('button', { name: section.title })).toBeVisible();
  await expect(page.getByRole('button', { name: es.sections[0].problems[0].subtitle })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('faq')).toHaveAttribute('lang', 'en');
  await expectAccessible(page);
});

test('FAQ in Urdu from the server', async ({ page }) => {
  const ur = (await ok('faq', { lang: 'ur' })) as Faq;
  const b = await registerBorrower();
  await loginPage(page, b, 'ur');
  await page.goto('/#/user_center/faq');
  await expect(page.getByRole('button', { name: ur.sections[0].title })).toBeVisible();
  await expectAccessible(page);
});

test('the customer guide comes from the server and is open while logged out', async ({ page }) => {
  const guide = (await ok('policy', { type: 'customerGuide', lang: 'en' })) as { title: string; sections: { heading: string }[] };
  await page.goto('/#/user_center/customer_guide');
  await expect(page.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: guide.sections[0].heading })).toBeVisible();
  await expectAccessible(page);
});

test('about us comes from the server when logged in', async ({ page }) => {
  const about = (await ok('policy', { type: 'aboutUs', lang: 'en' })) as { title: string; sections: { heading: string }[] };
  const b = await registerBorrower();
  await loginPage(page, b);
  await page.goto('/#/user_center/about_us');
  await expect(page.getByRole('heading', { level: 1, name: about.title })).toBeVisible();
  await expect(page.getByTestId('policy-aboutUs')).toContainText(about.sections[0].heading);
  await expectAccessible(page);
});

const POLICIES: [string, string][] = [
  ['/provicy', 'privacy'],
  ['/privacy_policy', 'privacy'],
  ['/data_policy', 'data'],
  ['/termsCondition', 'terms'],
  ['/pd_pop', 'pdPop'],
];

test('every policy page is readable while logged out, in English and Urdu', async ({ page }) => {
  for (const [path, type] of POLICIES) {
    const doc = (await ok('policy', { type, lang: 'en' })) as { title: string };
    await page.goto(`/#${path}`);
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
    await expect(page.getByTestId(`policy-${type}`)).toBeVisible();
  }
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem('language', 'ur'));
  const ur = (await ok('policy', { type: 'terms', lang: 'ur' })) as { title: string };
  await page.goto('/#/termsCondition');
  await page.reload();
  await expectDir(page, 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: ur.title })).toBeVisible();
  await expectAccessible(page);
});

test('open app: the download address from the server', async ({ page }) => {
  const addr = (await ok('appDownloadAddress')) as { android: string; ios: string | null; version: string };
  await presetLanguage(page, 'en');
  await page.goto('/#/user_center/open_app');
  await expect(page.getByTestId('open-app-android')).toHaveAttribute('href', addr.android);
  await expect(page.getByTestId('open-app')).toContainText(addr.version);
  if (addr.ios) await expect(page.getByTestId('open-app-ios')).toHaveAttribute('href', addr.ios);
  else await expect(page.getByText('The iPhone app is not available yet.')).toBeVisible();
  await expectAccessible(page);
});

test('the remote alone: policy page logged out, customer service guarded', async ({ page }) => {
  await page.goto(`${appUrl('mf-usercenter')}#/data_policy`);
  await expect(page.getByTestId('policy-data')).toBeVisible();
  await page.goto(`${appUrl('mf-usercenter')}#/user_center/customer_services`);
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fuser_center%2Fcustomer_services/);
  await expect(page.getByTestId('customer-service')).toHaveCount(0);
  const b = await registerBorrower();
  await page.evaluate((t) => localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${t}` })), b.token);
  // a fresh page boots with the stored session (same origin, same storage)
  const again = await page.context().newPage();
  await again.goto(`${appUrl('mf-usercenter')}#/user_center/customer_services`);
  await expect(again.getByTestId('customer-service')).toBeVisible();
});
