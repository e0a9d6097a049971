/**
 * Helpers of the loan specs: a wire-protocol client for the API (to put a borrower into a
 * given loan state through the real server), the server's dev controls, and a browser
 * session for that borrower.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import * as NS from 'shared/contract';
import { API, FIXED_OTP, freshMobile } from './fixtures';

// shared has no "type": "module": under Node its TS source loads as CommonJS
const C = ((NS as unknown as { default?: typeof NS }).default ?? NS) as typeof NS;
const KEY = C.deriveKey(C.DEFAULT_PACKAGE_NAME);

type Name = keyof typeof C.endpoints;
export interface Answer { code: number; msg: string; data: any }

export async function api(name: Name, params: Record<string, unknown> = {}, token?: string, file?: { data: Buffer; type: string; name: string }): Promise<Answer> {
  const ep = C.endpoints[name];
  const { path, rest } = C.fillPath(ep.path, params);
  const req = C.sealRequest(KEY, ep.prefix, path, rest);
  const headers: Record<string, string> = { packageName: C.DEFAULT_PACKAGE_NAME, appName: 'LoanMarket', afid: 'e2e', lang: 'en' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  if (ep.multipart) {
    const fd = new FormData();
    if (file) fd.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    fd.append(req.field, req.sealed);
    res = await fetch(`${API}${req.url}`, { method: 'POST', headers, body: fd });
  } else if (ep.method === 'POST') {
    res = await fetch(`${API}${req.url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ [req.field]: req.sealed }) });
  } else {
    res = await fetch(`${API}${req.url}?${req.field}=${encodeURIComponent(req.sealed)}`, { headers });
  }
  return (await res.json()) as Answer;
}

async function ok(name: Name, params: Record<string, unknown>, token?: string, file?: { data: Buffer; type: string; name: string }) {
  const a = await api(name, params, token, file);
  if (a.code !== 0) throw new Error(`${name}: ${a.code} ${a.msg} ${JSON.stringify(a.data)}`);
  return a.data;
}

export async function dev(path: string, body?: unknown) {
  const r = await fetch(`${API}/__dev/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}

export interface Borrower { mobile: string; token: string; user: Record<string, unknown> }

export async function registerBorrower(): Promise<Borrower> {
  const mobile = freshMobile();
  await ok('getVerifyCode', { mobile, type: 'register' });
  const r = await ok('register', { mobile, code: FIXED_OTP });
  return { mobile, token: r.token, user: r.user };
}

/** A new session for the borrower (sessions expire when the server clock is moved on). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 2)]);
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

export type Step = 'basic' | 'images' | 'addition' | 'card' | 'questionnaire';

/** Completes the onboarding steps (all but `skip`) through the API. */
export async function onboard(token: string, skip: Step[] = []) {
  if (!skip.includes('basic')) await ok('saveBasicInfo', BASIC, token);
  if (!skip.includes('images')) {
    await ok('uploadOtherCardFront', {}, token, { data: JPEG, type: 'image/jpeg', name: 'front.jpg' });
    await ok('uploadOtherCardBack', {}, token, { data: JPEG, type: 'image/jpeg', name: 'back.jpg' });
    await ok('saveFaceImage', {}, token, { data: PNG, type: 'image/png', name: 'face.png' });
    await ok('finishUploadAllImg', { agree: true }, token);
  }
  if (!skip.includes('addition')) await ok('saveAdditionInfo', ADDITION, token);
  if (!skip.includes('card')) await ok('addBankCard', CARD, token);
  if (!skip.includes('questionnaire')) await ok('saveQuestionnaire', { answers: ANSWERS }, token);
}

export async function apply(token: string, productId = 'P001', amount = 5000, tenureDays = 91) {
  return (await ok('applyMarket', { productId, amount, tenureDays }, token)).order as { orderNo: string; status: number };
}

export async function latest(token: string) {
  return (await ok('latestOrder', {}, token)).order as { orderNo: string; status: number } | null;
}

/** Waits until the borrower's latest order has `status` (the server's jobs run every second). */
export async function waitStatus(token: string, status: number) {
  await expect.poll(async () => (await latest(token))?.status, { timeout: 20_000 }).toBe(status);
}

export async function force(mobile: string, f: { review?: 'approve' | 'reject'; payout?: 'ok' | 'fail' }) {
  await dev('force', { mobile, ...f });
}

/** A fully onboarded borrower whose loan is approved and waiting for confirmation (14). */
export async function approvedBorrower(): Promise<Borrower & { orderNo: string }> {
  const b = await registerBorrower();
  await onboard(b.token);
  await force(b.mobile, { review: 'approve' });
  const o = await apply(b.token);
  await waitStatus(b.token, C.OrderStatus.Confirm);
  return { ...b, orderNo: o.orderNo };
}

/** An approved borrower who confirmed; the payout is forced to `payout` and awaited. */
export async function disbursedBorrower(payout: 'ok' | 'fail' = 'ok') {
  const b = await approvedBorrower();
  await force(b.mobile, { payout });
  await ok('getMoney', { orderNo: b.orderNo, agree: true }, b.token);
  await waitStatus(b.token, payout === 'ok' ? C.OrderStatus.Repaying : C.OrderStatus.PayFail);
  return b;
}

/** Opens the app as this borrower (token and user info in the spec's storage keys). */
export async function signIn(page: Page, b: Borrower, opts: { lang?: 'en' | 'ur'; base?: string } = {}) {
  await page.goto(`${opts.base ?? '/'}#/user_center/language`);
  await page.evaluate(({ token, user, lang }) => {
    localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${token}` }));
    localStorage.setItem('userInfo', JSON.stringify(user));
    localStorage.setItem('language', lang);
  }, { token: b.token, user: b.user, lang: opts.lang ?? 'en' });
  // the app reads storage at start: leave the page so the next goto (even to another hash) starts it afresh
  await page.goto('about:blank');
}

/** Makes a visible screen refresh as when the app returns to the foreground. */
export async function foreground(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

export const OrderStatus = C.OrderStatus;

/** Waits until the locator's text, without the bidi isolation marks the app puts around figures, contains `text`. */
export async function expectText(locator: Locator, text: string) {
  await expect.poll(async () => ((await locator.allTextContents()).join(' ')).replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ')).toContain(text);
}
