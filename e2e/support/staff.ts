/** The staff API (server/src/http/staffRoutes.ts, docs/operations-api.md) for the e2e tests: accounts from the dev controls, real TOTP sign-in. */
import * as OTPAuth from 'otpauth';
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
