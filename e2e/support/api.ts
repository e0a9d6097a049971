/**
 * The e2e suites' one client of the marketplace API, over the wire protocol with the shared
 * contract (as the app does), for putting borrowers into real server states: register,
 * onboard, apply; plus the server's dev controls.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import * as NS from 'shared/contract';
import { API, FIXED_OTP, PAYOUT_DELAY_MS, REVIEW_DELAY_MS, freshMobile } from './fixtures';

// shared has no "type": "module": under Node its TS source loads as CommonJS
export const C = ((NS as unknown as { default?: typeof NS }).default ?? NS) as typeof NS;
const KEY = C.deriveKey(C.DEFAULT_PACKAGE_NAME);

export const { OrderStatus } = C;
export type EndpointName = keyof typeof C.endpoints;
export interface Answer {
  code: number;
  msg: string;
  data: any;
}
/** a fresh idempotency key: one per intent, as the app makes them */
export const newKey = () => crypto.randomBytes(16).toString('hex');
/** An upload: a Buffer is sent as a JPEG photo. */
export type Upload = Buffer | { data: Buffer; type: string; name: string };
export interface CallOptions {
  token?: string;
  file?: Upload;
  /** the app's language header (default en) */
  lang?: 'en' | 'ur';
}

/** One call; answers the envelope whatever its code. */
export async function call(name: EndpointName, params: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<Answer> {
  const ep = C.endpoints[name];
  const { path, rest } = C.fillPath(ep.path, params);
  const req = C.sealRequest(KEY, ep.prefix, path, rest);
  const headers: Record<string, string> = { packageName: C.DEFAULT_PACKAGE_NAME, appName: 'LoanMarket', afid: 'e2e', lang: opts.lang ?? 'en' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let res: Response;
  if (ep.multipart) {
    const file = Buffer.isBuffer(opts.file) ? { data: opts.file, type: 'image/jpeg', name: 'photo.jpg' } : opts.file;
    const fd = new FormData();
    if (file) fd.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    fd.append(req.field, req.sealed);
    res = await fetch(`${API}${req.url}`, { method: 'POST', headers, body: fd });
  } else if (ep.method === 'POST') {
    res = await fetch(`${API}${req.url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ [req.field]: req.sealed }),
    });
  } else {
    res = await fetch(`${API}${req.url}?${req.field}=${encodeURIComponent(req.sealed)}`, { headers });
  }
  return (await res.json()) as Answer;
}

/** What a request the app sent says, opened as the server opens it: its logical path and params. */
export function openSent(url: string, body: string | null): { path: string; params: Record<string, unknown> } | null {
  const u = new URL(url);
  const m = u.pathname.match(/^\/(api|cou)\/([^/]+)$/);
  if (!m) return null;
  const path = C.openPath(KEY, decodeURIComponent(m[2]));
  return { path, params: C.openParams(KEY, Object.fromEntries(u.searchParams), body ? JSON.parse(body) : undefined) };
}

/** One call that must succeed; answers its data. */
export async function ok(name: EndpointName, params: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<any> {
  const a = await call(name, params, opts);
  if (a.code !== 0) throw new Error(`${name}: ${a.code} ${a.msg} ${JSON.stringify(a.data)}`);
  return a.data;
}

/** The server's dev controls (server/README.md): GET without a body, POST with one. */
export async function dev(path: string, body?: unknown): Promise<any> {
  const r = await fetch(
    `${API}/__dev/${path}`,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return r.json();
}

/**
 * Moves one order back past the review and payout delays and runs the jobs at once (dev control `order/shift`; the shared
 * clock stays, so no other test's order moves): what is due to it happens now instead of after a wait.
 */
export async function pastDelays(orderNo: string) {
  const r = await dev('order/shift', { orderNo, days: Math.max(REVIEW_DELAY_MS, PAYOUT_DELAY_MS) / 86_400_000 });
  if (!r.ok) throw new Error(`order/shift ${orderNo}: ${r.error}`);
}

export interface Borrower {
  mobile: string;
  token: string;
  user: Record<string, any>;
}

/** A fresh borrower registered with the fixed test code. */
export async function registerBorrower(): Promise<Borrower> {
  const mobile = freshMobile();
  await ok('getVerifyCode', { mobile, type: 'register' });
  const r = await ok('register', { mobile, code: FIXED_OTP });
  return { mobile, token: r.token, user: r.user };
}

/** The raw token of a fresh borrower. */
export async function loginByApi(): Promise<string> {
  return (await registerBorrower()).token;
}

/** Logs the page in before it loads, the way the app stores a session (token = {Authorization}). */
export async function useSessionIn(page: Page, token: string, lang: 'en' | 'ur' = 'en') {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${t}` }));
      localStorage.setItem('language', l);
    },
    [token, lang],
  );
}

let photos: Promise<{ jpeg: Buffer; face: Buffer }> | null = null;
/** a small blank real photo for the card (the server decodes every upload; nothing on it for OCR to read) and a real selfie (the server checks for one face) */
function idPhotos() {
  photos ??= (async () => {
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#d9d2c3' } })
      .jpeg()
      .toBuffer();
    return { jpeg, face: fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'onboarding', 'face.jpg')) };
  })();
  return photos;
}
/** the test borrower's answers: the contract's, the server's QA fixtures' too */
const { basic: BASIC, addition: ADDITION, card: CARD, answers: ANSWERS } = C.TEST_BORROWER;

export type Step = 'basic' | 'images' | 'addition' | 'card' | 'questionnaire';

/**
 * The code an account change (bankAccount) or a money action asked again (moneyAction) needs, sent
 * to the borrower's registered number: the one-code-a-minute wait of that number ended (dev control:
 * the shared clock stays, so no other test's order moves on), then asked. The fixed test code is the answer.
 */
export async function codeFor(token: string, type: 'bankAccount' | 'moneyAction' = 'bankAccount'): Promise<string> {
  const { mobile } = await ok('getUserInfo', {}, { token });
  await dev('otp/wait-over', { mobile });
  await ok('getVerifyCode', { mobile, type }, { token });
  return FIXED_OTP;
}

/** Agrees to the device permissions the market asks for (all, or only the required ones), as the permissions screen does. */
export async function agreeToPermissions(token: string, which: 'all' | 'required' = 'all') {
  const { version } = await ok('consent', {}, { token });
  const cfg = await ok('marketConfig');
  const permissions = cfg.permissions.filter((p: any) => p.enabled && (which === 'all' || p.required)).map((p: any) => p.key);
  return ok('saveConsent', { version, permissions }, { token });
}

/**
 * Completes the onboarding steps (all but `skip`) through the API, after the agreement the app asks before the camera.
 * `accountCode`: the bank account step's code (default: the fixed test code, asked through the dev controls).
 */
export async function onboard(token: string, skip: Step[] = [], accountCode: (token: string) => Promise<string> = codeFor) {
  await agreeToPermissions(token);
  if (!skip.includes('basic')) await ok('saveBasicInfo', BASIC, { token });
  if (!skip.includes('images')) {
    const { jpeg, face } = await idPhotos();
    await ok('uploadOtherCardFront', {}, { token, file: { data: jpeg, type: 'image/jpeg', name: 'front.jpg' } });
    await ok('uploadOtherCardBack', {}, { token, file: { data: jpeg, type: 'image/jpeg', name: 'back.jpg' } });
    // the selfie check runs in a pool of workers with a time limit: busy or past it on a loaded machine, the server answers
    // faceBusy with a wait, and the app sends the photo again after it; so does this
    for (let attempt = 1; ; attempt++) {
      const r = await call('saveFaceImage', {}, { token, file: { data: face, type: 'image/jpeg', name: 'face.jpg' } });
      if (r.code === 0) break;
      if (attempt === 10 || r.code !== C.ErrorCode.faceBusy) throw new Error(`saveFaceImage: ${r.code} ${r.msg} ${JSON.stringify(r.data)}`);
      await new Promise((resolve) => setTimeout(resolve, r.data.retryAfterMs));
    }
    await ok('finishUploadAllImg', { agree: true }, { token });
  }
  if (!skip.includes('addition')) await ok('saveAdditionInfo', ADDITION, { token });
  if (!skip.includes('card')) await ok('addBankCard', { ...CARD, accountCode: await accountCode(token) }, { token });
  if (!skip.includes('questionnaire')) await ok('saveQuestionnaire', { answers: ANSWERS }, { token });
}
