/** One-time codes: their keyed hash, checking one (single use, expiry, lock after maxTries), the send ceilings (what a code is for: domain/otp.ts). */
import type { Config } from '../settings/config';
import type { Db } from '../db';
import type { Deps } from '../app/deps';
import { POLICY } from '../settings/policy';
import { ErrorCode, fail } from '../core/errors';
import { hmac, safeEqualHex } from '../core/secrets';
import { addWrongTry, currentCode, useCode } from '../repos/otps';
import { hitRow } from '../repos/hitCounters';
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

/**
 * Counts one code sent against the global and the operator-prefix (3XX) ceilings, in the sender's
 * transaction: over a ceiling the transaction is refused and rolled back, the count with it.
 */
export async function countSendCeilings(trx: Db, cfg: Config, mobile: string): Promise<void> {
  const windowMs = POLICY.otpAbuse.ceilingWindowSeconds * 1000;
  const now = Date.now();
  for (const [key, max] of [
    ['otp-sent:all', cfg.otpGlobalMaxPerHour],
    [`otp-sent:${mobile.slice(0, 3)}`, cfg.otpPrefixMaxPerHour],
  ] as const) {
    if (max <= 0) continue;
    const h = await hitRow(trx, key, windowMs, now);
    if (h.n > max) fail(ErrorCode.otpThrottled, { retryAfterSeconds: Math.ceil((h.resetAt - now) / 1000) });
  }
}
