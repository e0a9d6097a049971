/**
 * Helpers for the user-centre specs: a registered borrower made through the real API (over
 * the sealed wire protocol, as the browser client does), and a logged-in page.
 */
import type { Page } from '@playwright/test';
import { deriveKey, DEFAULT_PACKAGE_NAME, sealRequest } from 'shared/contract';
import { API, FIXED_OTP, freshMobile } from './fixtures';

const key = deriveKey(DEFAULT_PACKAGE_NAME);

/** One call through the wire protocol; returns `data` or throws with the server's code. */
export async function apiCall<T = any>(method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}, token?: string): Promise<T> {
  const s = sealRequest(key, '/api', path, params);
  const url = `${API}${s.url}?${s.field}=${encodeURIComponent(s.sealed)}`;
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      packageName: DEFAULT_PACKAGE_NAME,
      appName: 'LoanMarket',
      afid: '',
      lang: 'en',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: method === 'POST' ? JSON.stringify({ [s.field]: s.sealed }) : undefined,
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 0) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

export interface Borrower {
  mobile: string;
  token: string;
  maskedMobile: string;
}

/** A fresh borrower registered with the fixed one-time code. */
export async function registerBorrower(): Promise<Borrower> {
  const mobile = freshMobile();
  await apiCall('POST', '/security/getVerifyCode', { mobile, type: 'register' });
  const r = await apiCall<{ token: string; user: { maskedMobile: string } }>('POST', '/security/register', { mobile, code: FIXED_OTP });
  return { mobile, token: r.token, maskedMobile: r.user.maskedMobile };
}

/** Stores the borrower's session the way the app does, before any page script runs. */
export async function loginPage(page: Page, b: Borrower, lang: 'en' | 'ur' = 'en'): Promise<void> {
  await page.addInitScript(([token, user, l]) => {
    if (sessionStorage.getItem('__ucSeeded')) return; // only once: later reloads keep what the app wrote
    sessionStorage.setItem('__ucSeeded', '1');
    localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${token}` }));
    localStorage.setItem('userInfo', JSON.stringify(user));
    localStorage.setItem('language', l);
  }, [b.token, { maskedMobile: b.maskedMobile }, lang] as const);
}

/** Stores only a language before the app starts (logged out). */
export async function presetLanguage(page: Page, lang: 'en' | 'ur'): Promise<void> {
  await page.addInitScript((l) => {
    if (sessionStorage.getItem('__ucLang')) return;
    sessionStorage.setItem('__ucLang', '1');
    localStorage.setItem('language', l);
  }, lang);
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) throw new Error(`axe: ${bad.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`).join('; ')}`);
}
