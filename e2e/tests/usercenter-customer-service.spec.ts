/** user_center/customer_services: guarded; every contact from the server, with working links. */
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expectDir } from '../support/fixtures';
import { ok } from '../support/api';
import { loginPage, registerBorrower } from '../support/usercenter';

const PATH = '/#/user_center/customer_services';

test('logged out, customer service asks for login first', async ({ page }) => {
  await page.goto(PATH);
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fuser_center%2Fcustomer_services/);
});

test('shows phone, WhatsApp, e-mail, hours and address from the server', async ({ page }) => {
  const b = await registerBorrower();
  const cs = (await ok('customerService')) as { phone: string; email: string; address: string; hours: string; whatsapp: string };
  await loginPage(page, b);
  await page.goto(PATH);
  await expect(page.getByRole('heading', { name: 'Customer service' })).toBeVisible();

  await expect(page.getByTestId('service-phone')).toContainText(cs.phone);
  await expect(page.getByTestId('service-call')).toHaveAttribute('href', `tel:+${cs.phone.replace(/\D/g, '')}`);
  await expect(page.getByTestId('service-email')).toContainText(cs.email);
  await expect(page.getByTestId('service-write')).toHaveAttribute('href', `mailto:${cs.email}`);
  await expect(page.getByTestId('service-whatsapp')).toContainText(cs.whatsapp);
  await expect(page.getByTestId('service-chat')).toHaveAttribute('href', `https://wa.me/${cs.whatsapp.replace(/\D/g, '')}`);
  await expect(page.getByTestId('service-address')).toContainText(cs.address);
  await expect(page.getByTestId('service-hours')).toContainText(cs.hours);
  await expect(page.getByTestId('service-hours')).toContainText('except public holidays');

  // open or closed is decided in Pakistan time (UTC+5) from the served hours
  const [open, close] = cs.hours
    .split('-')
    .map((s) => s.split(':').map(Number))
    .map(([h, m]) => h * 60 + m);
  const now = new Date();
  const pk = (now.getUTCHours() * 60 + now.getUTCMinutes() + 300) % 1440;
  await expect(page.getByTestId('service-open-state')).toHaveText(pk >= open && pk < close ? 'Open now' : 'Closed now');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('in Urdu the page is right-to-left with the numbers left-to-right', async ({ page }) => {
  const b = await registerBorrower();
  await loginPage(page, b, 'ur');
  await page.goto(PATH);
  await expectDir(page, 'rtl');
  await expect(page.getByRole('heading', { name: 'کسٹمر سروس' })).toBeVisible();
  await expect(page.getByTestId('service-phone').locator('bdi')).toHaveAttribute('dir', 'ltr');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('a failed load shows an error with a retry that recovers', async ({ page }) => {
  const b = await registerBorrower();
  await loginPage(page, b);
  let fail = true;
  await page.route('**/api/**', async (route) => {
    // the path is sealed, so fail every call once the screen is up and then let the retry through
    if (fail && route.request().method() === 'GET' && page.url().includes('customer_services')) return route.abort();
    return route.continue();
  });
  await page.goto(PATH);
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  fail = false;
  await retry.click();
  await expect(page.getByTestId('customer-service')).toBeVisible();
});
