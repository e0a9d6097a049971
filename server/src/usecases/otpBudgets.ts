/**
 * What a code request may spend, so that no one can use up another's codes (issue 38 items 2 and 3).
 * Each class of request (otp.ts `sendClassOf`) has budgets of its own: what strangers ask for a number
 * never uses up the borrower's step-up codes, and what fills the login/register ceilings never stops
 * them. Every refusal names the moment its own budget frees (retryAfterSeconds). Called in the
 * sender's transaction under the number's lock: a refused request is rolled back, its counts with it.
 */
import { sql } from 'kysely';
import type { Deps } from '../context/deps';
import type { Db } from '../db';
import { POLICY } from '../settings/policy';
import { ErrorCode, fail } from '../core/errors';
import { DAY_MS } from '../core/time';
import { hmac } from '../core/secrets';
import { hitRow, sweepRows } from '../repos/hitCounters';
import { lastSentAt, sentTimesSince } from '../repos/otps';
import { findUserByMobile } from '../repos/users';
import { purposesOf, type SendClass } from '../domain/otp';
import { clientOf } from '../core/address';

/** refuses with the wait until `at` (ms, the clock `now` was read from) */
const throttled = (at: number, now: number): never => fail(ErrorCode.otpThrottled, { retryAfterSeconds: Math.ceil((at - now) / 1000) });

const ASKER = 'otp-asker:';
const SWEEP_EVERY = 1000;
let askerCounts = 0;

/**
 * The number's own limits, per class: one code a minute per purpose, and maxPerDay a day per class.
 * A login/register code also spends the asking address's share of the number
 * (authPerAddressPerDay); past the number's maxPerDay only an address that has not asked for it
 * today gets one, so a stranger cannot lock the holder out (their next code costs them a new address).
 */
export async function takeNumberBudget(trx: Db, deps: Deps, r: { mobile: string; purpose: string; cls: SendClass; ip: string; now: number }): Promise<void> {
  const { mobile, now } = r;
  const o = POLICY.otp;
  const last = await lastSentAt(trx, mobile, r.purpose);
  if (last !== undefined && now - last < o.resendSeconds * 1000) throttled(last + o.resendSeconds * 1000, now);
  const day = await sentTimesSince(trx, mobile, purposesOf(r.cls), now - DAY_MS);
  const full = day.length >= o.maxPerDay;
  // a full day frees when all but maxPerDay - 1 of its codes are a day old
  const numberFrees = full ? day[day.length - o.maxPerDay] + DAY_MS : now;
  if (r.cls !== 'auth') {
    if (full) throttled(numberFrees, now);
    return;
  }
  // keyed by a hash: the counters keep no number beside an address. Their ended rows go now and then (on
  // PGlite too, whose other counters are in memory); only these keys, each locked only under its number's lock
  if (++askerCounts % SWEEP_EVERY === 0) await sweepRows(trx, now, ASKER);
  const asker = await hitRow(trx, `${ASKER}${hmac(deps.cfg.secret, `${mobile}|${clientOf(r.ip)}`).slice(0, 32)}`, DAY_MS, now);
  if (asker.n > o.authPerAddressPerDay) throttled(asker.resetAt, now);
  if (full && asker.n > 1) throttled(Math.min(numberFrees, asker.resetAt), now);
}

/**
 * The ceilings of codes sent per hour, over all numbers and per operator prefix (3XX), per class:
 * `own` codes have none (bounded per number, and only a signed-in borrower asks them), so no traffic
 * of others refuses a step-up. Of the `auth` ceilings, codes to numbers not registered may use
 * OTP_UNKNOWN_SHARE_PERCENT; past it such a request is shed: answered as sent, its code stored but
 * not sent (false), so the answer never tells a registered number from another. A full `auth`
 * ceiling refuses every number alike. Counts use the wall clock; a shed code counts nowhere.
 */
export async function countSendCeilings(trx: Db, deps: Deps, mobile: string, cls: SendClass): Promise<boolean> {
  if (cls === 'own') return true;
  const { otpGlobalMaxPerHour: all, otpPrefixMaxPerHour: prefix, otpUnknownSharePercent: share } = deps.cfg;
  const windowMs = POLICY.otpAbuse.ceilingWindowSeconds * 1000;
  const now = Date.now();
  // a ceiling of 0 is none; the unknown numbers' share of one is rounded down
  const ceilings = (kind: string, share = 100): [string, number][] =>
    (
      [
        [`otp-sent:${kind}`, all],
        [`otp-sent:${kind}:${mobile.slice(0, 3)}`, prefix],
      ] as [string, number][]
    )
      .filter(([, max]) => max > 0)
      .map(([key, max]) => [key, Math.floor((max * share) / 100)]);
  const over = async ([key, max]: [string, number]) => {
    const h = await hitRow(trx, key, windowMs, now);
    return h.n > max ? h : undefined;
  };
  const unknown = cls === 'auth' && !(await findUserByMobile(trx, mobile));
  if (unknown) await sql`savepoint otp_ceilings`.execute(trx);
  for (const c of ceilings(cls)) {
    const h = await over(c);
    if (h) throttled(h.resetAt, now);
  }
  if (!unknown) return true;
  for (const c of ceilings('auth-unknown', share)) {
    if (await over(c)) {
      await sql`rollback to savepoint otp_ceilings`.execute(trx);
      return false;
    }
  }
  return true;
}
