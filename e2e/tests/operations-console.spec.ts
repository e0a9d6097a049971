/**
 * The operations console (mf-operations, its own origin) in a browser, against the staff API: sign-in needs the
 * second factor; a proof a borrower sent is accepted and the borrower's detail shows it credited; a waiver proposed
 * by an agent is refused to its maker and to an agent, applied by a supervisor, and shows in the statement; the
 * audit trail lists each step. Staff accounts come from the dev controls (production has none: server/README.md).
 */
import { test, expect, type Page } from '@playwright/test';
import { call, dev } from '../support/api';
import { consoleSignIn as signIn, staffAccount as account, staffCall, staffToken, totpOf as codeOf } from '../support/staff';
import { loginInBrowser, repaymentDetail, repayingBorrower, RECEIPT_PNG, formatMoney } from '../support/repay';

// each sets up a borrower with a loan paid out (onboarding, review, payout) before the console's part
test.describe.configure({ mode: 'serial', timeout: 150_000 });
// the console is laid out for tablets and desktops (the suite's default is a phone)
test.use({ viewport: { width: 1024, height: 768 } });
/** opens a proposal's decision; dispatched to its button, which the table's sticky header covers once Playwright scrolls it into view */
const decide = (page: Page, id: number) => page.getByRole('button', { name: `Decide proposal ${id}` }).dispatchEvent('click');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Screens' });

test('sign-in without the second factor is refused; with it the console opens', async ({ page }) => {
  const agent = await account('agent');
  await signIn(page, agent, null);
  // the field is required: the browser keeps the form; the API refuses it too
  await expect(page.getByRole('form', { name: 'Staff sign-in' })).toBeVisible();
  const bare = await staffCall('POST', '/session', undefined, { username: agent.staff.username, password: agent.password });
  expect(bare.status).toBe(400);
  expect(bare.body.error).toBe('secondFactorRequired');
  await signIn(page, agent, '000000');
  await expect(page.getByRole('alert')).toBeVisible();
  await signIn(page, agent);
  await expect(nav(page).getByRole('link', { name: 'Proofs of repayment' })).toBeVisible();
});

test("a borrower's proof accepted in the console: the borrower's detail shows it credited, the audit trail lists it", async ({ page, browser }) => {
  const b = await repayingBorrower();
  const before = await repaymentDetail(b);
  const up = await call('proofUpload', { orderNo: b.orderNo }, { token: b.token, file: { data: RECEIPT_PNG, type: 'image/png', name: 'receipt.png' } });
  expect(up.code, JSON.stringify(up)).toBe(0);
  const ref = `TRX${Date.now() % 1e8}`;
  const sent = await call('saveAdditional', { orderNo: b.orderNo, fileId: up.data.fileId, amount: 1000, transactionRef: ref }, { token: b.token });
  expect(sent.code, JSON.stringify(sent)).toBe(0);
  const proofId = sent.data.proof.proofId as number;

  const agent = await account('agent');
  await signIn(page, agent);
  await nav(page).getByRole('link', { name: 'Proofs of repayment' }).click();
  await page.getByRole('link', { name: new RegExp(`#${proofId} `) }).click();
  const detail = page.getByRole('region', { name: `Proof #${proofId}` });
  await expect(detail).toContainText(ref);
  await expect(detail).toContainText(formatMoney(1000));
  await detail.getByRole('button', { name: 'Accept proof' }).click();
  await expect(page.getByRole('status')).toContainText(`Decided for order ${b.orderNo}`);

  const after = await repaymentDetail(b);
  expect(after.amountDue).toBe(before.amountDue - 1000);
  const phone = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await loginInBrowser(phone, b.token);
  await phone.goto('/#/repay/repay_detail');
  await expect(phone.getByTestId('repay-amount-due')).toHaveText(formatMoney(after.amountDue));
  await phone.close();

  const sup = await account('supervisor');
  const trail = await staffCall('GET', `/audit?action=proof.accept&subject=proof:${proofId}`, await staffToken(sup));
  expect(trail.status).toBe(200);
  expect(JSON.stringify(trail.body)).toContain(`proof:${proofId}`);
});

test("a waiver: refused to its maker and to an agent, applied by another supervisor; the borrower's statement shows it", async ({ page }) => {
  const b = await repayingBorrower();
  await dev('clock/advance', { ms: 10 * 86_400_000 });
  const maker = await account('supervisor');
  await signIn(page, maker);
  await nav(page).getByRole('link', { name: 'Money proposals' }).click();
  const form = page.getByRole('form', { name: 'Propose a money action' });
  await form.getByLabel('Order number').fill(b.orderNo);
  await form.getByLabel('Waive from').selectOption('interest');
  await form.getByLabel('Amount (Rs)').fill('20');
  await form.getByLabel('Reason', { exact: true }).fill('Goodwill after a complaint');
  await form.getByRole('button', { name: 'Propose' }).click();
  const checker = await account('supervisor');
  const checkerToken = await staffToken(checker);
  await expect.poll(async () => (await staffCall('GET', `/proposals?status=pending&orderNo=${b.orderNo}`, checkerToken)).body.proposals?.length).toBe(1);
  const [mine] = (await staffCall('GET', `/proposals?status=pending&orderNo=${b.orderNo}`, checkerToken)).body.proposals;

  // its maker tries in the console: the API's refusal is shown, nothing applied
  await decide(page, mine.id);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('A different supervisor must approve your own proposal')).toBeVisible();
  // an agent may not approve at all
  const agent = await account('agent');
  const byAgent = await staffCall('POST', `/proposals/${mine.id}/approve`, await staffToken(agent));
  expect(byAgent.status).toBe(403);
  expect(byAgent.body.error).toBe('forbidden');

  // another supervisor approves it in the console
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, checker, codeOf(checker, 1));
  await nav(page).getByRole('link', { name: 'Money proposals' }).click();
  await decide(page, mine.id);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(async () => (await staffCall('GET', `/proposals?status=applied&orderNo=${b.orderNo}`, checkerToken)).body.proposals?.length).toBe(1);

  const statement = await call('repaymentStatement', { orderNo: b.orderNo }, { token: b.token });
  expect(statement.code).toBe(0);
  expect(statement.data.lines.some((l: { event: string; interest: number }) => l.event === 'waiver' && l.interest === -20)).toBe(true);
  // the audit trail lists the proposal and its approval, each with who did it
  const created = JSON.stringify((await staffCall('GET', `/audit?action=proposal.create&subject=order:${b.orderNo}`, checkerToken)).body);
  expect(created).toContain(`order:${b.orderNo}`);
  const approved = JSON.stringify((await staffCall('GET', `/audit?action=proposal.approve&subject=proposal:${mine.id}`, checkerToken)).body);
  expect(approved).toContain(`proposal:${mine.id}`);
});
