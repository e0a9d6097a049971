/**
 * Code budgets per class (issue 38 items 2 and 3): a stranger's login-code requests for a number never
 * use up the borrower's step-up codes nor lock the holder out of signing in; filling the login/register
 * ceilings sheds codes to unregistered numbers first, answered alike for every number, and never
 * refuses a signed-in borrower's step-up; every refusal's retryAfterSeconds is the moment its budget
 * frees. On PostgreSQL two instances share the database and the budgets hold under parallel requests.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTest, newMobile, register, solveChallenge, FIXED, type Answer, type Client } from './helpers';
import type { OtpProvider } from '../src/providers/otpDelivery';
import { POLICY } from '../src/settings/policy';
import { loadConfig } from '../src/settings/config';
import C from '../src/api/contract';

const { ErrorCode: E } = C;
type Srv = Awaited<ReturnType<typeof startTest>>;

/** every code handed to the SMS provider: number and purpose */
const sent: { mobile: string; type: string }[] = [];
const recording: OtpProvider = {
  async send(mobile, _code, _channel, type) {
    sent.push({ mobile, type });
  },
  async notify() {},
};
const sentTo = (mobile: string, type?: string) => sent.filter((s) => s.mobile === C.normalizeMobile(mobile) && (!type || s.type === type)).length;

/** addresses never challenged: the test's own (register helper) and three that ask in parallel */
const EXEMPT = ['127.0.0.1', '192.0.2.201', '192.0.2.202', '192.0.2.203'];
const base = { trustProxy: '127.0.0.1', otpChallengeAfter: 2, otpChallengeBits: 8, otpChallengeExempt: EXEMPT };
const srv: Srv[] = [];
before(async () => {
  srv.push(await startTest(base, { otp: recording }));
  // a second instance on the same PostgreSQL (PGlite: one process only)
  if (process.env.DATABASE_URL) srv.push(await startTest(base, { otp: recording }, srv[0].root));
});
after(async () => {
  for (const s of srv) await s.close();
});
const on = (i: number): Client => srv[i % srv.length].client;
/** the business clock of every instance */
const advance = (ms: number) => {
  for (const s of srv) s.deps.clock.advance(ms);
};
const pastResendWait = () => advance((POLICY.otp.resendSeconds + 1) * 1000);
let ipSeq = 0;
const freshIp = () => `198.51.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** a code request from `ip` as a phone makes it: a challenge asked is solved and the request made again */
async function ask(client: Client, params: Record<string, unknown>, ip: string, token?: string): Promise<Answer> {
  const a = await client('getVerifyCode', params, { ip, token });
  if (a.code !== E.challengeRequired) return a;
  const { challenge, bits } = a.data as { challenge: string; bits: number };
  return client('getVerifyCode', { ...params, challenge, solution: solveChallenge(challenge, bits) }, { ip, token });
}

const waitOf = (a: Answer) => {
  assert.equal(a.code, E.otpThrottled, JSON.stringify(a));
  return a.data.retryAfterSeconds as number;
};

/** the refusal's wait is the real one: 2 s before it the request is still refused, at it the code is sent */
async function freesAfter(wait: number, again: () => Promise<Answer>) {
  assert.ok(wait > 2, `wait ${wait}`);
  advance((wait - 2) * 1000);
  assert.ok(waitOf(await again()) <= 2, 'still refused just before the wait ends');
  advance(2000);
  assert.equal((await again()).code, 0, 'sent once the wait has passed');
}

test("a stranger's login codes for a borrower's number leave the borrower's step-up and sign-in on a new phone", async () => {
  const b = await register(on(0));
  const stranger = freshIp();
  const answers: Answer[] = [];
  for (let i = 0; i < 8; i++) {
    pastResendWait();
    answers.push(await ask(on(i), { mobile: b.mobile, type: 'login' }, stranger));
  }
  const share = POLICY.otp.authPerAddressPerDay;
  assert.deepEqual(
    answers.map((a) => a.code),
    [...Array(share).fill(0), ...Array(8 - share).fill(E.otpThrottled)],
  );
  // the step-up at once: another purpose's wait and day are its own
  assert.equal((await on(1)('getVerifyCode', { mobile: b.mobile, type: 'moneyAction' }, { token: b.token })).code, 0);
  assert.equal(sentTo(b.mobile, 'moneyAction'), 1);
  // the borrower signs in on a new phone (another address)
  pastResendWait();
  const phone = freshIp();
  assert.equal((await ask(on(0), { mobile: b.mobile, type: 'login' }, phone)).code, 0);
  assert.equal((await on(1)('login', { mobile: b.mobile, code: FIXED }, { ip: phone })).code, 0);
  // the stranger's wait is that of its share: a day after its first code
  pastResendWait();
  const again = () => ask(on(0), { mobile: b.mobile, type: 'login' }, stranger);
  await freesAfter(waitOf(await again()), again);
});

test("strangers from several addresses fill a number's login codes: each new address, the holder's too, still gets one", async () => {
  const b = await register(on(0));
  const [x, y, z, phone] = [freshIp(), freshIp(), freshIp(), freshIp()];
  const askFrom = async (ip: string) => {
    pastResendWait();
    return ask(on(ipSeq), { mobile: b.mobile, type: 'login' }, ip);
  };
  const codes = async (ip: string, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await askFrom(ip)).code);
    return out;
  };
  const T = E.otpThrottled;
  assert.deepEqual(await codes(x, 6), [0, 0, 0, 0, 0, T], 'one address: its share');
  assert.deepEqual(await codes(y, 5), [0, 0, 0, 0, T], 'the register code and 9 login codes: the day is full');
  assert.deepEqual(await codes(z, 2), [0, T], 'a new address gets one');
  assert.equal((await askFrom(phone)).code, 0, 'the holder on a new phone gets one');
  assert.equal((await on(1)('login', { mobile: b.mobile, code: FIXED }, { ip: phone })).code, 0);
  assert.equal(sentTo(b.mobile), 1 + 5 + 4 + 1 + 1);
  // y's wait: until all but 9 of the day's codes are a day old (the register code and x's first two)
  const again = () => ask(on(0), { mobile: b.mobile, type: 'login' }, y);
  await freesAfter(waitOf(await askFrom(y)), again);
});

test("the borrower's own codes: a wait per purpose and a day of their own, each refusal naming when it ends", async () => {
  const b = await register(on(0));
  let calls = 0;
  const money = () => on(calls++)('getVerifyCode', { mobile: b.mobile, type: 'moneyAction' }, { token: b.token });
  assert.equal((await money()).code, 0, 'the register code just sent does not hold the step-up');
  await freesAfter(waitOf(await money()), money);
  for (let i = 2; i < POLICY.otp.maxPerDay; i++) {
    pastResendWait();
    assert.equal((await money()).code, 0);
  }
  pastResendWait();
  assert.equal((await on(0)('getVerifyCode', { mobile: b.mobile, type: 'bankAccount' }, { token: b.token })).code, E.otpThrottled, 'one day for both');
  // the day frees when its first code is a day old
  await freesAfter(waitOf(await money()), money);
  assert.equal(sentTo(b.mobile, 'moneyAction') + sentTo(b.mobile, 'bankAccount'), POLICY.otp.maxPerDay + 1);
});

test('under parallel requests across instances an address gets its share of a number and a borrower their day', async () => {
  const mobile = newMobile();
  for (let round = 0; round < 8; round++) {
    await Promise.all(Array.from({ length: 6 }, (_, i) => on(i)('getVerifyCode', { mobile, type: 'login' }, { ip: EXEMPT[1] })));
    pastResendWait();
  }
  assert.equal(sentTo(mobile), POLICY.otp.authPerAddressPerDay);

  const b = await register(on(0));
  for (let round = 0; round < 12; round++) {
    await Promise.all(Array.from({ length: 5 }, (_, i) => on(i)('getVerifyCode', { mobile: b.mobile, type: 'moneyAction' }, { token: b.token })));
    pastResendWait();
  }
  assert.equal(sentTo(b.mobile, 'moneyAction'), POLICY.otp.maxPerDay);
});

/** a server of its own ceilings (on PostgreSQL the same database: a fresh one would pull it from under the others), the ceilings' counts reset */
async function ceilingServer(ceilings: { otpGlobalMaxPerHour: number; otpPrefixMaxPerHour: number }) {
  const s = await startTest({ ...base, ...ceilings }, { otp: recording }, process.env.DATABASE_URL ? srv[0].root : undefined);
  return Object.assign(s, {
    resetCeilings: () => s.deps.db.deleteFrom('rate_hits').where('key', 'like', 'otp-sent:%').execute(),
    /** a refusal by the ceiling `key`: its wait is the time left of the ceiling's window when it was answered */
    refusedUntilEnd: async (key: string, request: () => Promise<Answer>) => {
      const before = Date.now();
      const wait = waitOf(await request());
      const after = Date.now();
      const row = await s.deps.db.selectFrom('rate_hits').select('reset_at').where('key', '=', key).executeTakeFirstOrThrow();
      const ends = Number(row.reset_at);
      assert.ok(wait >= (ends - after) / 1000 && wait <= (ends - before) / 1000 + 1, `${wait} s, the window ends in ${(ends - after) / 1000} s`);
      return wait;
    },
  });
}

test("an unauthenticated flood of the global ceiling sheds unregistered numbers, answered alike, and never refuses a borrower's step-up", async (t) => {
  const s = await ceilingServer({ otpGlobalMaxPerHour: 20, otpPrefixMaxPerHour: 0 });
  try {
    const borrowers = [];
    for (let i = 0; i < 12; i++) {
      await s.resetCeilings();
      borrowers.push(await register(s.client));
    }
    await s.resetCeilings();
    s.deps.clock.advance((POLICY.otp.resendSeconds + 1) * 1000); // the register codes' wait (the ceilings count wall-clock hours)
    // two addresses ask register codes for 30 numbers, 10 at a time, solving each challenge
    const flood = Array.from({ length: 30 }, () => newMobile());
    const started = Date.now();
    for (let i = 0; i < flood.length; i += 10) {
      const answers = await Promise.all(
        flood.slice(i, i + 10).map((mobile, j) => ask(s.client, { mobile, type: 'register' }, j % 2 ? '203.0.113.1' : '203.0.113.2')),
      );
      assert.deepEqual(new Set(answers.map((a) => a.code)), new Set([0]), 'every request answered as sent');
    }
    const floodSent = flood.filter((m) => sentTo(m) > 0).length;
    assert.equal(floodSent, 10, 'unregistered numbers: half the ceiling');
    // the borrowers: a step-up, and a sign-in from a new address
    const [payer, signer] = borrowers;
    assert.equal((await s.client('getVerifyCode', { mobile: payer.mobile, type: 'moneyAction' }, { token: payer.token })).code, 0);
    assert.equal(sentTo(payer.mobile, 'moneyAction'), 1);
    const phone = freshIp();
    const known = await ask(s.client, { mobile: signer.mobile, type: 'login' }, phone);
    assert.equal(known.code, 0);
    assert.equal(sentTo(signer.mobile, 'login'), 1);
    assert.equal((await s.client('login', { mobile: signer.mobile, code: FIXED }, { ip: phone })).code, 0);
    // a new registration now: answered as the registered number was, nothing sent, its code no one has
    const newcomer = newMobile();
    const shed = await ask(s.client, { mobile: newcomer, type: 'register' }, phone);
    assert.deepEqual(shed, known);
    assert.equal(sentTo(newcomer), 0);
    assert.equal((await s.client('register', { mobile: newcomer, code: FIXED }, { ip: phone })).code, E.otpInvalid);
    // registered numbers fill the rest: then every number is refused alike, until the ceiling's window ends
    for (const b of borrowers.slice(2, 11)) assert.equal((await s.client('getVerifyCode', { mobile: b.mobile, type: 'login' })).code, 0);
    for (const mobile of [borrowers[11].mobile, newMobile()])
      await s.refusedUntilEnd('otp-sent:auth', () => s.client('getVerifyCode', { mobile, type: 'login' }));
    // and still the step-up, and a code to a number a signed-in borrower names (its own ceiling)
    assert.equal((await s.client('getVerifyCode', { mobile: payer.mobile, type: 'bankAccount' }, { token: payer.token })).code, 0);
    assert.equal((await s.client('getVerifyCode', { mobile: newMobile(), type: 'bindCard' }, { token: payer.token })).code, 0);
    t.diagnostic(`flood of 30 register requests from 2 addresses in ${Date.now() - started} ms: ${floodSent} codes sent, ${30 - floodSent} shed`);
  } finally {
    await s.close();
  }
});

test('the prefix ceiling sheds unregistered numbers first, counts only codes sent, and refuses all numbers of the prefix alike when full', async () => {
  const s = await ceilingServer({ otpGlobalMaxPerHour: 0, otpPrefixMaxPerHour: 4 });
  try {
    const stamp = String(Date.now()).slice(-3);
    const num = (prefix: string, i: number) => `0${prefix}${stamp}${String(i).padStart(4, '0')}`;
    const known = [];
    for (let i = 1; i <= 3; i++) {
      await s.resetCeilings();
      known.push(await register(s.client, num('300', i)));
    }
    await s.resetCeilings();
    s.deps.clock.advance((POLICY.otp.resendSeconds + 1) * 1000);
    const code = async (mobile: string, type = 'register') => (await s.client('getVerifyCode', { mobile, type })).code;
    for (let i = 10; i < 15; i++) assert.equal(await code(num('300', i)), 0);
    assert.equal([10, 11, 12, 13, 14].filter((i) => sentTo(num('300', i)) > 0).length, 2, 'unregistered numbers: half the prefix');
    assert.equal(await code(known[0].mobile, 'login'), 0);
    assert.equal(await code(num('345', 1)), 0, 'another prefix');
    assert.equal(await code(num('345', 1)), E.otpThrottled, 'the resend wait');
    assert.equal(sentTo(num('345', 1)), 1);
    assert.equal(await code(known[1].mobile, 'login'), 0, 'the 4th code sent in 300');
    for (const mobile of [num('300', 20), known[2].mobile])
      await s.refusedUntilEnd('otp-sent:auth:300', () => s.client('getVerifyCode', { mobile, type: 'login' }));
  } finally {
    await s.close();
  }
});

test('OTP_UNKNOWN_SHARE_PERCENT: 50 unless set, a whole number 1..100', () => {
  assert.equal(loadConfig({}).otpUnknownSharePercent, 50);
  assert.equal(loadConfig({ OTP_UNKNOWN_SHARE_PERCENT: '100' }).otpUnknownSharePercent, 100);
  for (const v of ['0', '101', '12.5', '-5']) assert.throws(() => loadConfig({ OTP_UNKNOWN_SHARE_PERCENT: v }), /OTP_UNKNOWN_SHARE_PERCENT/);
});
