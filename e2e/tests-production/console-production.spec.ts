/**
 * The operations console on a stack started in production mode (playwright.production.config.ts): the first admin from
 * the CLI creates the staff; a borrower signs up with the codes the SMS gateway delivered. Sign-in without the second
 * factor refused; the banded application waits (the borrower's screen says a person is checking), a reviewer approves it
 * in the console and the borrower gets the money; the borrower's proof accepted by an agent and shown credited; a
 * complaint answered in Urdu and resolved, read by the borrower in Urdu; a waiver refused to its maker and to an agent,
 * applied by another supervisor and in the statement; the audit trail in the console lists each step.
 */
import { test, expect, type Page } from '@playwright/test';
import { OrderStatus, call, ok } from '../support/api';
import { signIn as borrowerSignIn } from '../support/loan';
import { RECEIPT_PNG, formatMoney, loginInBrowser, repaymentDetail } from '../support/repay';
import { consoleSignIn, staffCall, staffToken, totpOf } from '../support/staff';
import { applyingBorrower, createStaff, firstAdmin, getMoney, latestStatus } from '../support/production';

const REPLY = 'ہم نے آپ کی شکایت دیکھ لی ہے، زائد رقم تین دن میں واپس کر دی جائے گی۔';
test.setTimeout(240_000);
// the console is laid out for tablets and desktops
test.use({ viewport: { width: 1024, height: 768 } });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Screens' });

test('the console on a production stack: review, proof, complaint, waiver and the audit trail', async ({ page, browser }) => {
  const admin = await staffToken(firstAdmin());
  const [agent, reviewer, maker, checker] = [
    await createStaff(admin, 'agent'),
    await createStaff(admin, 'reviewer'),
    await createStaff(admin, 'supervisor'),
    await createStaff(admin, 'supervisor'),
  ];
  const phone = await browser.newPage({ viewport: { width: 360, height: 780 } });

  await test.step('sign-in without the second factor is refused', async () => {
    const bare = await staffCall('POST', '/session', undefined, { username: agent.staff.username, password: agent.password });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe('secondFactorRequired');
    await consoleSignIn(page, agent, '000000');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Staff sign-in' })).toBeVisible();
  });

  const b = await applyingBorrower();
  await test.step('the banded application waits; a reviewer approves it; the borrower gets the money', async () => {
    await borrowerSignIn(phone, b);
    await phone.goto('/#/auth/review_tips');
    await expect(phone.getByTestId('review-manual')).toContainText('A person is checking your application', { timeout: 20_000 });
    await consoleSignIn(page, reviewer);
    await nav(page).getByRole('link', { name: 'Application review' }).click();
    await page.getByRole('link', { name: new RegExp(b.orderNo) }).click();
    const detail = page.getByRole('region', { name: `Application ${b.orderNo}` });
    await detail.getByLabel(/^Reason/).fill('Income and history checked by phone');
    await detail.getByRole('button', { name: 'Approve application' }).click();
    await expect(page.getByRole('region', { name: `Application ${b.orderNo}` })).toContainText('Approved');
    await expect.poll(() => latestStatus(b.token), { timeout: 20_000 }).toBe(OrderStatus.Confirm);
    await getMoney(b);
    await page.getByRole('button', { name: 'Sign out' }).click();
  });

  await test.step("the borrower's proof accepted by an agent: their detail shows it credited", async () => {
    const before = await repaymentDetail(b);
    const up = await call('proofUpload', { orderNo: b.orderNo }, { token: b.token, file: { data: RECEIPT_PNG, type: 'image/png', name: 'receipt.png' } });
    expect(up.code, JSON.stringify(up)).toBe(0);
    const ref = `TRX${Date.now() % 1e8}`;
    const sent = await ok('saveAdditional', { orderNo: b.orderNo, fileId: up.data.fileId, amount: 1000, transactionRef: ref }, { token: b.token });
    const proofId = sent.proof.proofId as number;
    await consoleSignIn(page, agent);
    await nav(page).getByRole('link', { name: 'Proofs of repayment' }).click();
    await page.getByRole('link', { name: new RegExp(`#${proofId} `) }).click();
    const detail = page.getByRole('region', { name: `Proof #${proofId}` });
    await expect(detail).toContainText(ref);
    await detail.getByRole('button', { name: 'Accept proof' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Decided for order' })).toContainText(b.orderNo);
    const after = await repaymentDetail(b);
    expect(after.amountDue).toBe(before.amountDue - 1000);
    await loginInBrowser(phone, b.token);
    await phone.goto('/#/repay/repay_detail');
    await expect(phone.getByTestId('repay-amount-due')).toHaveText(formatMoney(after.amountDue));
  });

  await test.step('a complaint answered in Urdu and resolved: the borrower reads the reply in Urdu', async () => {
    const made = await ok('createComplaint', { category: 'charges', text: 'مجھ سے ایک ادائیگی کے دو بار پیسے کاٹے گئے۔' }, { token: b.token, lang: 'ur' });
    const ticketNo = made.complaint.ticketNo as string;
    await nav(page).getByRole('link', { name: 'Complaints' }).click();
    await page.getByRole('link', { name: new RegExp(ticketNo) }).click();
    const ticket = page.getByRole('region', { name: `Ticket ${ticketNo}` });
    const reply = ticket.getByRole('form', { name: 'Reply' });
    await reply.getByLabel('Reply to the borrower').fill(REPLY);
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expect(ticket).toContainText('Reply sent');
    await ticket.getByRole('button', { name: 'Mark resolved' }).click();
    await expect.poll(async () => (await ok('complaintList', {}, { token: b.token })).complaints[0].status).toBe('resolved');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await borrowerSignIn(phone, b, { lang: 'ur' });
    await phone.goto('/#/me');
    await phone.getByTestId('me-complaints').click();
    await expect(phone.getByTestId('complaint-reply')).toContainText(REPLY);
    await expect(phone.getByTestId('complaint-ticket')).toContainText('حل شدہ');
  });

  let proposalId = 0;
  await test.step('a waiver: refused to its maker and to an agent, applied by another supervisor, in the statement', async () => {
    await consoleSignIn(page, maker);
    await nav(page).getByRole('link', { name: 'Money proposals' }).click();
    const form = page.getByRole('form', { name: 'Propose a money action' });
    await form.getByLabel('Order number').fill(b.orderNo);
    await form.getByLabel('Waive from').selectOption('fee');
    await form.getByLabel('Amount (Rs)').fill('20');
    await form.getByLabel('Reason', { exact: true }).fill('Goodwill after a complaint');
    await form.getByRole('button', { name: 'Propose' }).click();
    const checkerToken = await staffToken(checker);
    await expect.poll(async () => (await staffCall('GET', `/proposals?status=pending&orderNo=${b.orderNo}`, checkerToken)).body.proposals?.length).toBe(1);
    proposalId = (await staffCall('GET', `/proposals?status=pending&orderNo=${b.orderNo}`, checkerToken)).body.proposals[0].id;
    await page.getByRole('button', { name: `Decide proposal ${proposalId}` }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('A different supervisor must approve your own proposal')).toBeVisible();
    const byAgent = await staffCall('POST', `/proposals/${proposalId}/approve`, await staffToken(agent, 1));
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.error).toBe('forbidden');
    await page.getByRole('button', { name: 'Sign out' }).click();
    // each 30 s step's code signs in once: the console takes the next step's (the token above took this one's)
    await consoleSignIn(page, checker, totpOf(checker, 1));
    await nav(page).getByRole('link', { name: 'Money proposals' }).click();
    await page.getByRole('button', { name: `Decide proposal ${proposalId}` }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(async () => (await staffCall('GET', `/proposals?status=applied&orderNo=${b.orderNo}`, checkerToken)).body.proposals?.length).toBe(1);
    const statement = await ok('repaymentStatement', { orderNo: b.orderNo }, { token: b.token });
    expect(statement.lines.some((l: { event: string; fee: number }) => l.event === 'waiver' && l.fee === -20)).toBe(true);
  });

  await test.step('the audit trail in the console lists every step', async () => {
    await nav(page).getByRole('link', { name: 'Audit trail' }).click();
    const entries = page.getByRole('table', { name: 'Entries' });
    for (const action of ['staff.create', 'review.approve', 'proof.accept', 'complaint.reply', 'complaint.resolve', 'proposal.create', 'proposal.approve'])
      await expect(entries.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
    await expect(
      entries
        .getByRole('row')
        .filter({ hasText: `proposal:${proposalId}` })
        .first(),
    ).toBeVisible();
  });
  await phone.close();
});
