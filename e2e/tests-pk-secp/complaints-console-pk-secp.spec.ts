/**
 * A complaint answered in the operations console and resolved (pk-secp runs the complaint process): the borrower
 * reads the reply on their complaint screen in Urdu, as staff wrote it, and sees the ticket resolved.
 */
import { test, expect } from '@playwright/test';
import { call, registerBorrower } from '../support/api';
import { signIn } from '../support/loan';
import { consoleSignIn, staffAccount } from '../support/staff';

const REPLY = 'ہم نے دوسری کٹوتی واپس کر دی ہے، رقم تین دن میں آپ کے کھاتے میں آ جائے گی۔';

test.setTimeout(150_000);

test('a complaint replied to in Urdu and resolved in the console: the borrower reads the reply on their complaint screen', async ({ page, browser }) => {
  const b = await registerBorrower();
  const made = await call('createComplaint', { category: 'charges', text: 'مجھ سے ایک ادائیگی کے دو بار پیسے کاٹے گئے۔' }, { token: b.token, lang: 'ur' });
  expect(made.code, JSON.stringify(made)).toBe(0);
  const ticketNo = made.data.complaint.ticketNo as string;

  const staff = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await consoleSignIn(staff, await staffAccount('agent'));
  await staff.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Complaints' }).click();
  await staff.getByRole('link', { name: new RegExp(ticketNo) }).click();
  const ticket = staff.getByRole('region', { name: `Ticket ${ticketNo}` });
  const reply = ticket.getByRole('form', { name: 'Reply' });
  await reply.getByLabel('Reply to the borrower').fill(REPLY);
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(ticket).toContainText('Reply sent');
  await ticket.getByRole('button', { name: 'Mark resolved' }).click();
  await expect.poll(async () => (await call('complaintList', {}, { token: b.token })).data.complaints[0].status).toBe('resolved');
  await staff.close();

  await signIn(page, b, { lang: 'ur' });
  await page.goto('/#/me');
  await page.getByTestId('me-complaints').click();
  const mine = page.getByTestId('complaint-reply');
  await expect(mine).toContainText('ہمارا جواب');
  await expect(mine).toContainText(REPLY);
  await expect(page.getByTestId('complaint-ticket')).toContainText('حل شدہ');
});
