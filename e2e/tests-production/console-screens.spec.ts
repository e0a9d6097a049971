/**
 * Every console screen with work in it, on a 1024 px tablet in English and in Urdu (right to left): the page never
 * scrolls sideways, no table header breaks inside a word, the transfers table fits without scrolling, and a claimed
 * item says who works on it. With SCREENSHOTS_DIR set, each screen is also saved there at 1024x768 and 1440x900 for a
 * person to look at:
 *   cd e2e && SCREENSHOTS_DIR=../.tmp/console-screens npx playwright test -c playwright.production.config.ts tests-production/console-screens.spec.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { SANDBOX_PORT } from '../../apps.config.mjs';
import { C, OrderStatus, call, ok } from '../support/api';
import { RECEIPT_PNG } from '../support/repay';
import { CONSOLE, staffCall, totpOf, type StaffAccount } from '../support/staff';
import { applyingBorrower, createStaff, firstAdmin, getMoney } from '../support/production';

test.setTimeout(300_000);
const SHOTS = process.env.SCREENSHOTS_DIR;
const SIZES = SHOTS
  ? [
      { width: 1024, height: 768 },
      { width: 1440, height: 900 },
    ]
  : [{ width: 1024, height: 768 }];

interface Session {
  token: string;
  staff: { id: number; username: string; name: string; role: string };
  expiresAt: string;
}
/** signed in through the API once (each 30 s step's code signs in once: the next step's if this one's was used) */
async function session(a: StaffAccount): Promise<Session> {
  for (const ahead of [0, 1, 2]) {
    const s = await staffCall('POST', '/session', undefined, { username: a.staff.username, password: a.password, totp: totpOf(a, ahead) });
    if (s.status === 200) return s.body;
  }
  throw new Error(`${a.staff.username} could not sign in`);
}

/** a console page of `who`, in `lang`, at `size` (the session as the console keeps it: this tab's sessionStorage) */
async function consolePage(browser: Browser, who: Session | null, lang: 'en' | 'ur', size: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: size });
  await context.addInitScript(
    ([s, l]) => {
      if (s) sessionStorage.setItem('ops.session', s);
      localStorage.setItem('ops.language', l);
    },
    [who ? JSON.stringify({ token: who.token, staff: who.staff, expiresAt: who.expiresAt }) : '', lang] as const,
  );
  return context.newPage();
}

/** the screen's calls answered: no "Loading…" left (shell/ui.tsx Loading) */
const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('p.ops-muted[role="status"]')).toHaveCount(0);
};

/** what is wrong with the layout now: the page scrolling sideways, a header broken inside a word */
const layoutFaults = (page: Page) =>
  page.evaluate(() => {
    const faults: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) faults.push(`the page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
    for (const th of document.querySelectorAll('th')) {
      const text = th.textContent ?? '';
      const node = [...th.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
      if (!node) continue;
      let at = 0;
      for (const word of text.split(/\s+/).filter(Boolean)) {
        const start = text.indexOf(word, at);
        at = start + word.length;
        const r = document.createRange();
        r.setStart(node, start);
        r.setEnd(node, at);
        const lines = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
        if (lines.size > 1) faults.push(`header "${text}" breaks inside "${word}"`);
      }
    }
    return faults;
  });

test('every console screen fits a 1024 px tablet in English and Urdu, and says who works on a claimed item', async ({ browser }) => {
  const admin = firstAdmin();
  const adminSession = await session(admin);
  const [agentAccount, supervisorAccount] = [await createStaff(adminSession.token, 'agent'), await createStaff(adminSession.token, 'supervisor')];
  const [agent, supervisor] = [await session(agentAccount), await session(supervisorAccount)];

  // work in every queue the production start can have: an application waiting, proofs (two of one reference), complaints,
  // a failed payout with a retry proposed, a waiver proposed (no overdue loan: the production clock does not move)
  /** approved by the supervisor once the review job has held it for a person */
  const approve = async (orderNo: string) => {
    await expect
      .poll(async () => (await staffCall('GET', '/reviews', supervisor.token)).body.reviews.some((r: { orderNo: string }) => r.orderNo === orderNo), {
        timeout: 20_000,
      })
      .toBe(true);
    expect((await staffCall('POST', `/reviews/${orderNo}/approve`, supervisor.token, { reason: 'checked by phone' })).status).toBe(200);
  };
  const waiting = await applyingBorrower();
  const paid = await applyingBorrower();
  await approve(paid.orderNo);
  await expect.poll(async () => (await ok('latestOrder', {}, { token: paid.token })).order.status, { timeout: 20_000 }).toBe(OrderStatus.Confirm);
  await getMoney(paid);
  const reference = `TRX${Date.now() % 1e8}`;
  for (const amount of [1000, 1000]) {
    const up = await call('proofUpload', { orderNo: paid.orderNo }, { token: paid.token, file: { data: RECEIPT_PNG, type: 'image/png', name: 'receipt.png' } });
    await ok('saveAdditional', { orderNo: paid.orderNo, fileId: up.data.fileId, amount, transactionRef: reference }, { token: paid.token });
  }
  await ok('createComplaint', { category: 'charges', text: 'I was charged twice for one payment, please refund the second one.' }, { token: paid.token });
  await ok('createComplaint', { category: 'collection', text: 'مجھے رات کو وصولی کی کالیں آتی ہیں۔' }, { token: paid.token, lang: 'ur' });
  const failing = await applyingBorrower();
  await fetch(`http://127.0.0.1:${SANDBOX_PORT}/__sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // the sandbox's rule for the number every transfer of the borrower's carries (as the dev controls' forceAtRails)
    body: JSON.stringify({ account: C.normalizeMobile(failing.mobile), disburse: 'fail' }),
  });
  await approve(failing.orderNo);
  await expect.poll(async () => (await ok('latestOrder', {}, { token: failing.token })).order.status, { timeout: 20_000 }).toBe(OrderStatus.Confirm);
  await ok('getMoney', { orderNo: failing.orderNo, agree: true, idempotencyKey: `fail-${Date.now()}` }, { token: failing.token });
  await expect.poll(async () => (await ok('latestOrder', {}, { token: failing.token })).order.status, { timeout: 30_000 }).toBe(OrderStatus.PayFail);
  await staffCall('POST', '/proposals', agent.token, { kind: 'payoutRetry', orderNo: failing.orderNo, reason: 'the bank fixed the account, send again' });
  await staffCall('POST', '/proposals', agent.token, {
    kind: 'waiver',
    orderNo: paid.orderNo,
    account: 'fee',
    amount: 20,
    reason: 'Goodwill after a complaint',
  });
  // claims: the waiting application the supervisor's own, the first proof the agent's
  await expect.poll(async () => (await staffCall('POST', `/reviews/${waiting.orderNo}/claim`, supervisor.token)).status, { timeout: 20_000 }).toBe(200);
  const [proof] = (await staffCall('GET', '/proofs', supervisor.token)).body.proofs.filter((p: { orderNo: string }) => p.orderNo === paid.orderNo);
  expect((await staffCall('POST', `/proofs/${proof.proofId}/claim`, agent.token)).status).toBe(200);

  const screens: { name: string; who: Session | null; route: string; open?: RegExp }[] = [
    { name: 'sign-in', who: null, route: '#/sign-in' },
    { name: 'queues', who: supervisor, route: '#/' },
    { name: 'reviews', who: supervisor, route: '#/reviews', open: new RegExp(waiting.orderNo) },
    { name: 'proofs', who: supervisor, route: '#/proofs', open: new RegExp(`#${proof.proofId} `) },
    { name: 'complaints', who: supervisor, route: '#/complaints?status=open', open: /./ },
    { name: 'collections', who: supervisor, route: '#/collections' },
    { name: 'borrowers', who: supervisor, route: `#/borrowers?q=${paid.orderNo}` },
    { name: 'proposals', who: supervisor, route: '#/proposals' },
    { name: 'rails', who: supervisor, route: '#/rails' },
    { name: 'accounts', who: adminSession, route: '#/accounts' },
    { name: 'audit', who: supervisor, route: '#/audit' },
    { name: 'password', who: supervisor, route: '#/password' },
  ];
  const faults: string[] = [];
  for (const lang of ['en', 'ur'] as const)
    for (const size of SIZES)
      for (const s of screens) {
        const page = await consolePage(browser, s.who, lang, size);
        await page.goto(`${CONSOLE}${s.route}`);
        await expect(page.locator('h1').first()).toBeVisible();
        await settled(page);
        if (s.open) {
          await page.locator('.ops-list a').filter({ hasText: s.open }).first().click();
          await settled(page);
        }
        if (s.name === 'borrowers') {
          await page.locator('.ops-list a').first().click();
          await settled(page);
        }
        await page.evaluate(() => document.fonts.ready);
        for (const f of await layoutFaults(page)) faults.push(`${s.name} ${lang} ${size.width}px: ${f}`);
        if (s.name === 'rails')
          for (const box of await page.locator('.ops-table-box').all()) {
            const [scroll, client] = await box.evaluate((e) => [e.scrollWidth, e.clientWidth]);
            if (scroll > client + 1) faults.push(`${s.name} ${lang} ${size.width}px: the transfers table scrolls sideways (${scroll} > ${client})`);
          }
        if (s.name === 'reviews' && lang === 'en') await expect(page.getByRole('status').filter({ hasText: 'You are working on this until' })).toBeVisible();
        if (s.name === 'proofs' && lang === 'en')
          await expect(page.getByRole('status').filter({ hasText: new RegExp(`${agent.staff.name}\u2069 is working on this until`) })).toBeVisible();
        if (SHOTS) {
          fs.mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: path.join(SHOTS, `${s.name}-${lang}-${size.width}.png`), fullPage: true });
        }
        await page.context().close();
      }
  expect(faults).toEqual([]);
});
