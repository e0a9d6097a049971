/**
 * OTP abuse (issue 25 item 4): the per-number limits hold under parallel requests on one or two
 * instances (one code per window), and the proof-of-work challenge an address meets after repeated
 * login/register code requests. The budgets per class and the ceilings: otp-budgets.test.ts.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startTest, newMobile, solveChallenge as solve, type Client } from './helpers';
import type { OtpProvider } from '../src/providers/otpDelivery';
import C from '../src/api/contract';

const { ErrorCode: E, challengeInput, leadingZeroBits } = C;
type Srv = Awaited<ReturnType<typeof startTest>>;

/** every code handed to the SMS provider, by number */
const sent: string[] = [];
const recording: OtpProvider = {
  async send(mobile) {
    sent.push(mobile);
  },
  async notify() {}, // notices are not codes
};
const sentTo = (mobile: string) => sent.filter((m) => m === C.normalizeMobile(mobile)).length;

const srv: Srv[] = [];
before(async () => {
  const cfg = { trustProxy: '127.0.0.1', otpChallengeAfter: 2, otpChallengeBits: 8, otpChallengeExempt: ['192.0.2.200'] };
  srv.push(await startTest(cfg, { otp: recording }));
  // a second instance on the same PostgreSQL (PGlite: one process only)
  if (process.env.DATABASE_URL) srv.push(await startTest(cfg, { otp: recording }, srv[0].root));
});
after(async () => {
  for (const s of srv) await s.close();
});
const on = (i: number): Client => srv[i % srv.length].client;
let ipSeq = 0;
/** a fresh client address, so the challenge's count starts at 0 */
const freshIp = () => `198.51.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

test('20 parallel code requests for one number send exactly one code, across instances', async () => {
  const counts: number[] = [];
  for (let round = 0; round < 5; round++) {
    const mobile = newMobile();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => on(i)('getVerifyCode', { mobile, type: 'register' }, { ip: freshIp() })));
    counts.push(sentTo(mobile));
    assert.ok(
      answers.every((a) => a.code === 0 || a.code === E.otpThrottled),
      JSON.stringify(answers.map((a) => a.code)),
    );
    assert.equal(answers.filter((a) => a.code === 0).length, sentTo(mobile));
  }
  assert.deepEqual(counts, [1, 1, 1, 1, 1], `codes sent per round of 20 parallel requests: ${counts.join(', ')}`);
});

test('after repeated requests from one address a solved challenge is needed, once per challenge, bound to the address', async () => {
  const ip = freshIp();
  for (let i = 0; i < 2; i++) assert.equal((await on(i)('getVerifyCode', { mobile: newMobile(), type: 'register' }, { ip })).code, 0);
  const mobile = newMobile();
  const asked = await on(0)('getVerifyCode', { mobile, type: 'register' }, { ip });
  assert.equal(asked.code, E.challengeRequired, JSON.stringify(asked));
  assert.equal(sentTo(mobile), 0);
  const { challenge, bits } = asked.data as { challenge: string; bits: number };
  assert.equal(bits, 8);
  const solution = solve(challenge, bits);
  let wrong = Number(solution) + 1;
  while (
    leadingZeroBits(
      createHash('sha256')
        .update(challengeInput(challenge, String(wrong)))
        .digest(),
    ) >= bits
  )
    wrong++;
  assert.equal(
    (await on(1)('getVerifyCode', { mobile, type: 'register', challenge, solution: String(wrong) }, { ip })).code,
    E.challengeRequired,
    'not solved',
  );
  const other = freshIp();
  for (let i = 0; i < 2; i++) await on(i)('getVerifyCode', { mobile: newMobile(), type: 'register' }, { ip: other });
  assert.equal((await on(0)('getVerifyCode', { mobile, type: 'register', challenge, solution }, { ip: other })).code, E.challengeRequired, 'another address');
  assert.equal((await on(1)('getVerifyCode', { mobile, type: 'register', challenge, solution }, { ip })).code, 0);
  assert.equal(sentTo(mobile), 1);
  const again = await on(0)('getVerifyCode', { mobile: newMobile(), type: 'register', challenge, solution }, { ip });
  assert.equal(again.code, E.challengeRequired, 'a solution is good for one request');
  // logged-in purposes and exempt addresses are never challenged
  for (let i = 0; i < 4; i++) assert.equal((await on(i)('getVerifyCode', { mobile: newMobile(), type: 'register' }, { ip: '192.0.2.200' })).code, 0);
});
