/**
 * Repay e2e helpers: a wire-protocol client (the same contract the app uses), a borrower
 * driven through the API to a disbursed loan, the server's dev controls, and logging in
 * the browser with the borrower's token.
 */
import { expect, type Page } from '@playwright/test';
import { endpoints, sealRequest, fillPath, deriveKey, DEFAULT_PACKAGE_NAME, OrderStatus } from '../../shared/src/contract/index';
import { API, FIXED_OTP, freshMobile } from './fixtures';

type EndpointName = keyof typeof endpoints;
export interface Answer { code: number; msg: string; data: any }

const KEY = deriveKey(DEFAULT_PACKAGE_NAME);

export async function api(name: EndpointName, params: Record<string, unknown> = {}, opts: { token?: string; file?: Buffer } = {}): Promise<Answer> {
  const ep = endpoints[name];
  const { path: logical, rest } = fillPath(ep.path, params);
  const req = sealRequest(KEY, ep.prefix, logical, rest);
  const headers: Record<string, string> = { packageName: DEFAULT_PACKAGE_NAME, appName: 'LoanMarket', afid: 'e2e', lang: 'en' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let init: RequestInit = { method: ep.method, headers };
  let url = `${API}${req.url}`;
  if (ep.multipart) {
    const fd = new FormData();
    if (opts.file) fd.append('file', new Blob([new Uint8Array(opts.file)], { type: 'image/jpeg' }), 'photo.jpg');
    fd.append(req.field, req.sealed);
    init = { ...init, body: fd };
  } else if (ep.method === 'POST') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify({ [req.field]: req.sealed });
  } else {
    url += `?${req.field}=${encodeURIComponent(req.sealed)}`;
  }
  const r = await fetch(url, init);
  return (await r.json()) as Answer;
}

async function ok(name: EndpointName, params: Record<string, unknown>, opts: { token?: string; file?: Buffer } = {}): Promise<any> {
  const a = await api(name, params, opts);
  if (a.code !== 0) throw new Error(`${name}: ${a.code} ${a.msg} ${JSON.stringify(a.data)}`);
  return a.data;
}

export async function dev(path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${API}/__dev/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}

export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

export interface Borrower { mobile: string; token: string; orderNo?: string }

export async function registerBorrower(): Promise<Borrower> {
  const mobile = freshMobile();
  await ok('getVerifyCode', { mobile, type: 'register' });
  const r = await ok('register', { mobile, code: FIXED_OTP });
  return { mobile, token: r.token };
}

const BASIC = {
  firstName: 'Ali', lastName: 'Khan', gender: 1, inputBirthday: '1990-05-01', nationalId: '3520112345671', education: 'bachelors',
  maritalStatus: 'married', loanPurpose: 'health', residenceType: 'ownHouse', state: 'Punjab', city: 'Lahore', address: 'House 12, Street 4, Model Town',
  email: 'ali.khan@example.pk', previouslyBorrowed: 'no',
};
const ADDITION = {
  employmentType: 'employee', industryCategory: 'retail', company: 'Metro Store', designation: 'manager', jobExperience: 'moreThan3Years',
  monthlySalary: 60000, payFrequency: 'Monthly', monthlyPayday: 1, incomeSource: 'ownself',
  emergencyContactName1: 'Sara Khan', emergencyContactMobile1: '03001111111', emergencyContactRelation1: 'siblings',
  emergencyContactName2: 'Omar Khan', emergencyContactMobile2: '03002222222', emergencyContactRelation2: 'parents',
};
const CARD = { cardType: 'Easypaisa', accountNumber: '0345 1234567', confirmAccountNumber: '03451234567', cardHolder: 'Ali Khan' };
const ANSWERS = Array.from({ length: 11 }, (_, i) => ({ question: i + 1, answer: i < 2 ? 'no' : i === 2 ? 'good' : 'none' }));

async function statusOf(token: string): Promise<{ status: number; orderNo: string }> {
  const d = await ok('latestOrder', {}, { token });
  return d.order;
}

/** Polls (running the server's jobs) until the latest order reaches a status. */
async function waitForStatus(token: string, want: number, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const o = await statusOf(token);
    if (o.status === want) return;
    if (Date.now() > end) throw new Error(`order ${o.orderNo} stuck at status ${o.status}, wanted ${want}`);
    await dev('jobs/run', {});
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A fresh borrower with a disbursed loan being repaid (status 2), without moving the shared clock. */
export async function repayingBorrower(amount = 5000): Promise<Borrower & { orderNo: string }> {
  const b = await registerBorrower();
  const token = b.token;
  await ok('saveBasicInfo', BASIC, { token });
  await ok('uploadOtherCardFront', {}, { token, file: JPEG });
  await ok('uploadOtherCardBack', {}, { token, file: JPEG });
  await ok('saveFaceImage', {}, { token, file: JPEG });
  await ok('finishUploadAllImg', { agree: true }, { token });
  await ok('saveAdditionInfo', ADDITION, { token });
  await ok('addBankCard', CARD, { token });
  await ok('saveQuestionnaire', { answers: ANSWERS }, { token });
  await dev('force', { mobile: b.mobile, review: 'approve', payout: 'ok' });
  const ap = await ok('applyMarket', { productId: 'P001', amount, tenureDays: 91 }, { token });
  const orderNo = ap.order.orderNo as string;
  await waitForStatus(token, OrderStatus.Confirm);
  await ok('getMoney', { orderNo, agree: true }, { token });
  await waitForStatus(token, OrderStatus.Repaying);
  return { ...b, orderNo };
}

/**
 * Stores the session the way the app does (spec's localStorage keys) before any page script
 * runs; the language is set only when none is stored, so a test can switch it and reload.
 */
export async function loginInBrowser(page: Page, token: string, lang: 'en' | 'ur' = 'en') {
  await page.addInitScript(({ t, l }) => {
    localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${t}` }));
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, { t: token, l: lang });
}

/** Switches the stored language and reloads (the app reads it at start). */
export async function switchLanguage(page: Page, lang: 'en' | 'ur') {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The app's money format (one formatter, from the shared kit). */
export { formatMoney } from '../../shared/src/ui/format';

/** A sentence with a value interpolated: the app isolates values (U+2068..U+2069) so they stay LTR in Urdu. */
export function sentence(before: string, value: string, after = ''): RegExp {
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${esc(before)}\u2068?${esc(value)}\u2069?${esc(after)}`);
}

export async function repaymentDetail(b: { token: string; orderNo: string }) {
  return ok('repaymentDetail', { orderNo: b.orderNo }, { token: b.token });
}

/** A real 1x1 PNG (the app decodes and re-encodes it before upload). */
export const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
