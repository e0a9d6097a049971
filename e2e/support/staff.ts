/**
 * The staff API (server/src/http/staffRoutes.ts, docs/operations-api.md) for the e2e tests: real TOTP sign-in; accounts from the
 * dev controls (`staffMember`) or, on the production-mode stack, made by its admin (support/production.ts).
 */
import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { STAFF_APPS } from '../../apps.config.mjs';
import { API } from './fixtures';
import { dev } from './api';

export type StaffRole = 'agent' | 'reviewer' | 'collections' | 'supervisor' | 'admin';

/** one JSON call under /staff; answers the status and the body */
export async function staffCall(method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${API}/staff${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

/** a new account of the role (dev controls), signed in with its password and the current TOTP code: its token */
export async function staffMember(role: StaffRole): Promise<{ token: string; username: string }> {
  const a = await dev('staff', { role });
  if (!a.ok) throw new Error(`staff account: ${JSON.stringify(a)}`);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(a.totpSecret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const s = await staffCall('POST', '/session', undefined, { username: a.staff.username, password: a.password, totp });
  if (s.status !== 200) throw new Error(`staff sign-in: ${s.status} ${JSON.stringify(s.body)}`);
  return { token: s.body.token, username: a.staff.username };
}

/** a waiver proposed by an agent and approved by a supervisor (maker-checker): the approval's answer */
export async function approvedWaiver(w: { orderNo: string; account: 'interest' | 'penalty' | 'fee'; amount: number; reason: string }) {
  const [agent, supervisor] = [await staffMember('agent'), await staffMember('supervisor')];
  const p = await staffCall('POST', '/proposals', agent.token, { kind: 'waiver', ...w });
  if (p.status !== 200) throw new Error(`proposal: ${p.status} ${JSON.stringify(p.body)}`);
  return staffCall('POST', `/proposals/${p.body.id}/approve`, supervisor.token);
}

/** the operations console's page (its own origin) */
export const CONSOLE = `http://localhost:${STAFF_APPS[0].port}/`;

export interface StaffAccount {
  staff: { username: string };
  password: string;
  totpSecret: string;
}
/** the code of the current 30 s step, or of the next (`ahead` 1): each step's code signs in once */
export const totpOf = (a: StaffAccount, ahead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(a.totpSecret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });
/** signs `a` in to the console in the browser (`code` null: none typed) */
export async function consoleSignIn(page: Page, a: StaffAccount, code: string | null = totpOf(a)) {
  await page.goto(CONSOLE);
  const form = page.getByRole('form', { name: 'Staff sign-in' });
  await form.getByLabel('Username').fill(a.staff.username);
  await form.getByLabel('Password').fill(a.password);
  if (code !== null) await form.getByLabel('6-digit code').fill(code);
  await form.getByRole('button', { name: 'Sign in' }).click();
}
/** a token of `a` signed in through the API with the code `ahead` steps on */
export async function staffToken(a: StaffAccount, ahead = 0): Promise<string> {
  const s = await staffCall('POST', '/session', undefined, { username: a.staff.username, password: a.password, totp: totpOf(a, ahead) });
  if (s.status !== 200) throw new Error(`staff sign-in: ${s.status} ${JSON.stringify(s.body)}`);
  return s.body.token;
}
