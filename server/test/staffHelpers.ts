/** Staff API helpers for the tests: accounts made through /__dev/staff, sign-in with a real TOTP code, JSON calls. */
import assert from 'node:assert/strict';
import { totpCode } from '../src/staff/totp';
import type { StaffRole } from '../src/staff/roles';

export interface StaffAccount {
  staff: { id: number; username: string; name: string; role: StaffRole };
  password: string;
  totpSecret: string;
}
export type StaffAnswer = { status: number; body: any; headers: Headers };

export function staffApi(base: string) {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<StaffAnswer> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(`${base}/staff${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
    const text = await r.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* an export: the text itself */
    }
    return { status: r.status, body, headers: r.headers };
  }
  async function account(role: StaffRole): Promise<StaffAccount> {
    const r = await fetch(`${base}/__dev/staff`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ role }) });
    const a = (await r.json()) as StaffAccount & { ok: boolean };
    assert.ok(a.ok, JSON.stringify(a));
    return a;
  }
  /** a code of the current step; `ahead` 1 is the next step's (accepted once: each step is used once) */
  const code = (a: StaffAccount, ahead = 0) => totpCode(a.totpSecret, Date.now() + ahead * 30_000);
  const signIn = (a: StaffAccount, over: Record<string, unknown> = {}) =>
    call('POST', '/session', { body: { username: a.staff.username, password: a.password, totp: code(a), ...over } });
  /** an account of the role, signed in: its token */
  async function member(role: StaffRole) {
    const a = await account(role);
    const r = await signIn(a);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return { ...a, token: r.body.token as string };
  }
  return { call, account, code, signIn, member };
}
