/** One-time codes: their keyed hash and checking one (single use, expiry, lock after maxTries); what a code is for: domain/otp.ts, its budgets: otpBudgets.ts. */
import type { Deps } from '../context/deps';
import { POLICY } from '../settings/policy';
import { ErrorCode, fail } from '../core/errors';
import { hmac, safeEqualHex } from '../core/secrets';
import { addWrongTry, currentCode, useCode } from '../repos/otps';
import { purposeOf } from '../domain/otp';

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
