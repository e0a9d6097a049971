/**
 * The second factor: TOTP (RFC 6238; SHA-1, 6 digits, 30 s, what every authenticator app reads) by the
 * `otpauth` library. A code is accepted for the current step or one step either side (clock drift),
 * and each step only once: the caller keeps the last step accepted and passes it back.
 */
import * as OTPAuth from 'otpauth';

const PERIOD = 30;
const ISSUER = 'LoanMarket operations';

const totpOf = (secret: string, username: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });

/** a new random secret (160 bits, base32) and the otpauth:// URL an authenticator app scans */
export function newTotp(username: string): { secret: string; url: string } {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return { secret, url: totpOf(secret, username).toString() };
}

/** the time step a valid code belongs to, or null (wrong code, or a step at or before `lastStep`: already used) */
export function totpStep(secret: string, code: string, now: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = OTPAuth.TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** the code of a secret at a moment (the CLI's check, tests) */
export const totpCode = (secret: string, at: number): string => totpOf(secret, '').generate({ timestamp: at });
