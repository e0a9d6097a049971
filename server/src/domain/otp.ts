/** One-time codes: what a code is for, its keyed hash, and checking one (single use, expiry, lock after maxTries). */
import type { Deps } from '../app/deps';
import { POLICY } from '../settings/policy';
import { ErrorCode, fail } from '../core/errors';
import { hmac, safeEqualHex } from '../core/secrets';
import { addWrongTry, currentCode, useCode } from '../repos/otps';
import C from '../api/contract';

/**
 * Codes asked for to log in or to register are one kind: asking for one answers the same whether
 * the number is registered or not, so the answer cannot be used to enumerate borrowers. Whether the
 * number is registered is said only once its code is verified (login / register), and that code
 * stays good for the other call.
 */
export const purposeOf = (type: string) => (type === 'login' || type === 'register' ? 'auth' : type);

/**
 * Whose budgets a code request spends (otpBudgets.ts): `auth`, login/register asked by anyone for any
 * number; `own`, a signed-in borrower's codes to their registered number (money step-up, account
 * changes); `named`, a signed-in borrower's codes to a number they name (a wallet's, a new phone's).
 */
export type SendClass = 'auth' | 'own' | 'named';
export const sendClassOf = (type: string): SendClass => (purposeOf(type) === 'auth' ? 'auth' : C.REGISTERED_NUMBER_PURPOSES.includes(type) ? 'own' : 'named');
/** the stored purposes of a class's codes */
export const purposesOf = (cls: SendClass): string[] => [...new Set(C.OTP_PURPOSES.filter((t) => sendClassOf(t) === cls).map(purposeOf))];

export const otpHash = (deps: Deps, mobile: string, purpose: string, code: string) => hmac(deps.cfg.secret, `otp:${mobile}:${purpose}:${code}`);

/** checks and consumes a code (kept when `consume` is false): single use, expiry, lock after maxTries wrong tries */
export async function verifyOtp(deps: Deps, mobile: string, type: string, code: string, consume = true): Promise<void> {
  const { db, clock } = deps;
  const purpose = purposeOf(type);
  const now = clock.now();
  const row = await currentCode(db, mobile, purpose);
  if (!row) fail(ErrorCode.otpInvalid, { triesLeft: 0 });
  const max = POLICY.otp.maxTries;
  if (row.attempts >= max) fail(ErrorCode.otpLocked);
  if (row.expires_at <= now) fail(ErrorCode.otpExpired);
  if (!safeEqualHex(row.code_hash, otpHash(deps, mobile, purpose, code))) {
    const attempts = (await addWrongTry(db, row.id)) ?? max;
    if (attempts >= max) fail(ErrorCode.otpLocked);
    fail(ErrorCode.otpInvalid, { triesLeft: max - attempts });
  }
  if (!consume) return;
  if (!(await useCode(db, row.id, now, max))) fail(ErrorCode.otpInvalid, { triesLeft: 0 });
}
