/**
 * The production-mode suite's helpers (playwright.production.config.ts): its explicit test secrets, the first admin the
 * CLI made, staff accounts that admin creates, and borrowers signed up with the codes the SMS gateway (the rails
 * sandbox's inbox) delivered: no dev controls.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SANDBOX_PORT } from '../../apps.config.mjs';
import { OrderStatus, call, newKey, ok, onboard, type Borrower } from './api';
import { freshMobile } from './fixtures';
import { staffCall, type StaffAccount, type StaffRole } from './staff';

/** what production refuses to start without: test values, never anyone's real ones */
export const PRODUCTION_SECRETS = {
  OTP_SECRET: 'e2e-production-otp-secret-0123456789abcdef',
  DATA_KEY: 'e2e-production-data-key-0123456789abcdef',
  RAILS_INTEGRITY_SALT: 'e2e-production-rails-salt-0123456789',
  SMS_API_KEY: 'e2e-production-sms-key-0123456789abcdef',
  SMS_SECRET: 'e2e-production-sms-secret-0123456789abcdef',
  BUREAU_MEMBER_CODE: 'LM-E2E',
  BUREAU_SECRET: 'e2e-production-bureau-secret-0123456789',
  VAPID_PUBLIC_KEY: 'BG96iLcOUfcUk-PdpBnznJF-3-QL6X9feIWmrCNCYxPl4IpmD4fnjJYFzmBis2dPj8De_xqnNMO4E48LjL5a4KA',
  VAPID_PRIVATE_KEY: 'NlfGqH-gkO06K_TEtObTaUvFUH8aEV3Bb-TVbXn2zMg',
  VAPID_SUBJECT: 'mailto:ops@e2e-lender.pk',
  LENDER_CORPORATE_NAME: 'E2E Test Finance (Private) Limited',
  LENDER_LICENCE: 'SECP/LRD/E2E/0001',
};
/** the CLI's output, in the stack's data folder (the config writes it there) */
export const ADMIN_FILE = 'first-admin.txt';

/** the first admin, read from what `create-admin` printed (its password and TOTP secret, shown once) */
export function firstAdmin(): StaffAccount {
  const out = fs.readFileSync(path.join(process.env.LM_E2E_PROD_DATA_DIR!, ADMIN_FILE), 'utf8');
  const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(out)?.[1] ?? '';
  const username = /admin "([^"]+)"/.exec(out)?.[1] ?? '';
  if (!username || !field('password') || !field('TOTP secret')) throw new Error(`create-admin printed no account: ${out}`);
  return { staff: { username }, password: field('password'), totpSecret: field('TOTP secret') };
}

let made = 0;
/** a new account of `role` created by the admin through the staff API (its password and TOTP secret as answered) */
export async function createStaff(adminToken: string, role: StaffRole): Promise<StaffAccount> {
  const username = `${role}.${Date.now().toString(36)}${made++}`;
  const r = await staffCall('POST', '/accounts', adminToken, { username, name: `E2E ${role}`, role });
  if (r.status !== 200) throw new Error(`staff account: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** the codes the SMS gateway (the sandbox) delivered to `mobile`, oldest first: a code's text begins with it */
async function codesTo(mobile: string): Promise<string[]> {
  const texts = (await (await fetch(`http://127.0.0.1:${SANDBOX_PORT}/__sandbox/sms?to=${mobile}`)).json()) as { text: string }[];
  return texts.flatMap((m) => /^(\d{6}) /.exec(m.text)?.[1] ?? []);
}

/** the code texted to `mobile` after `ask` (the request for it) */
export async function smsCode(mobile: string, ask: () => Promise<unknown>): Promise<string> {
  const before = (await codesTo(mobile)).length;
  await ask();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const codes = await codesTo(mobile);
      code = codes.length > before ? codes.at(-1) : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** signed up with the code the gateway delivered */
export async function signedUpBorrower(): Promise<Borrower> {
  const mobile = freshMobile();
  const code = await smsCode(mobile, () => ok('getVerifyCode', { mobile, type: 'register' }));
  const r = await ok('register', { mobile, code });
  return { mobile, token: r.token, user: r.user };
}

/** onboarded (the bank account's code from the gateway), the risk warning acknowledged, applied for Rs 5,000 over 30 days */
export async function applyingBorrower(): Promise<Borrower & { orderNo: string }> {
  const b = await signedUpBorrower();
  await onboard(b.token, [], (token) => smsCode(b.mobile, () => ok('getVerifyCode', { mobile: b.mobile, type: 'bankAccount' }, { token })));
  await ok('acknowledgeRiskWarning', { version: (await call('marketConfig')).data.profile.riskWarningVersion, lang: 'en' }, { token: b.token });
  const ap = await ok('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 30 }, { token: b.token });
  return { ...b, orderNo: ap.order.orderNo };
}

export const latestStatus = async (token: string) => (await ok('latestOrder', {}, { token })).order.status as number;

/** gets the money of an approved order and waits for the payout (through the sandbox, with the jobs the server runs itself) */
export async function getMoney(b: Borrower & { orderNo: string }) {
  await ok('getMoney', { orderNo: b.orderNo, agree: true, idempotencyKey: newKey() }, { token: b.token });
  await expect.poll(() => latestStatus(b.token), { timeout: 30_000 }).toBe(OrderStatus.Repaying);
}
