/**
 * The challenge after repeated code requests from one address (SMS bombing, SMS cost): past
 * OTP_CHALLENGE_AFTER login/register codes asked in an hour, a request must carry a solved proof of
 * work (shared contract's challenge.ts). A challenge is signed (no storage until used), bound to the
 * address, short-lived and good for one request.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../context/deps';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import { ErrorCode, fail } from '../core/errors';
import { hmac, safeEqualHex } from '../core/secrets';
import { clientOf } from '../core/address';

const { challengeInput, leadingZeroBits } = C;

/** `<expires s>.<bits>.<nonce>.<mac>`: the mac binds all three to the address */
function issue(deps: Deps, ip: string): { challenge: string; bits: number } {
  const expires = Math.floor(Date.now() / 1000) + POLICY.otpAbuse.challengeTtlSeconds;
  const bits = deps.cfg.otpChallengeBits;
  const body = `${expires}.${bits}.${randomBytes(12).toString('hex')}`;
  return { challenge: `${body}.${hmac(deps.cfg.secret, `challenge:${ip}:${body}`).slice(0, 32)}`, bits };
}

/** a solution of a challenge issued to this address, in time, with the work asked now, used for the first time */
async function solved(deps: Deps, ip: string, challenge: string, solution: string): Promise<boolean> {
  const parts = challenge.split('.');
  if (parts.length !== 4) return false;
  const [expires, bits, nonce, mac] = parts;
  const body = `${expires}.${bits}.${nonce}`;
  if (!safeEqualHex(mac, hmac(deps.cfg.secret, `challenge:${ip}:${body}`).slice(0, 32))) return false;
  const now = Date.now();
  if (Number(expires) * 1000 <= now || Number(bits) < deps.cfg.otpChallengeBits) return false;
  const digest = createHash('sha256').update(challengeInput(challenge, solution)).digest();
  if (leadingZeroBits(digest) < Number(bits)) return false;
  const used = await deps.hits.hit(`challenge:${nonce}`, POLICY.otpAbuse.challengeTtlSeconds * 1000, now);
  return used.n === 1;
}

/** counts a login/register code request from `ip`; past the free ones it needs a solved challenge, else challengeRequired */
export async function passChallenge(deps: Deps, ip: string, p: { challenge?: string; solution?: string }): Promise<void> {
  const { otpChallengeAfter, otpChallengeExempt } = deps.cfg;
  if (otpChallengeAfter <= 0 || otpChallengeExempt.includes(ip)) return;
  // counted, and the challenge bound, per client (an IPv6 /64), so a phone's rotating addresses are one
  const client = clientOf(ip);
  if (p.challenge && p.solution && (await solved(deps, client, p.challenge, p.solution))) return;
  const asked = await deps.hits.hit(`otp-ip:${client}`, POLICY.otpAbuse.challengeWindowSeconds * 1000, Date.now());
  if (asked.n > otpChallengeAfter) fail(ErrorCode.challengeRequired, issue(deps, client));
}
