/**
 * Per-address limits count a client (core/address.ts): an IPv4 address, or an IPv6 /64, which a phone may rotate
 * addresses within. The limit of calls that act on or reveal an account (AUTH_RATE_LIMIT_MAX) and the code
 * challenge meet the rotating phone as one client.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clientOf } from '../src/core/address';
import { serverForFile, newMobile, solveChallenge } from './helpers';
import C from '../src/api/contract';

const { ErrorCode: E } = C;
const MAX = 5;
const { call } = serverForFile({ trustProxy: '127.0.0.1', authRateLimitMax: MAX, otpChallengeAfter: 2, otpChallengeBits: 8 });

test('clientOf: IPv4 as it is, IPv4-mapped as IPv4, IPv6 as its /64 whatever its spelling', () => {
  assert.equal(clientOf('203.0.113.7'), '203.0.113.7');
  assert.equal(clientOf('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(clientOf('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
  assert.equal(clientOf('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64');
  assert.notEqual(clientOf('2001:db8:1:3::1'), clientOf('2001:db8:1:2::1'));
});

let net = 0;
/** `n` addresses of one fresh /64 */
const rotating = (n: number) => {
  net++;
  return Array.from({ length: n }, (_, i) => `2001:db8:${net.toString(16)}:1:${(i + 1).toString(16)}::${i + 7}`);
};

test('the account-call limit counts a /64 once: its rotating addresses are refused together; another /64 is not', async () => {
  const addresses = rotating(MAX + 1);
  const codes: number[] = [];
  for (const ip of addresses) codes.push((await call('existsByMobile', { mobile: newMobile() }, { ip })).code);
  assert.deepEqual(codes.slice(0, MAX), Array(MAX).fill(0), JSON.stringify(codes));
  assert.equal(codes[MAX], E.rateLimited, 'the fourth address of the same /64');
  const [elsewhere] = rotating(1);
  assert.equal((await call('existsByMobile', { mobile: newMobile() }, { ip: elsewhere })).code, 0, 'another /64');
  // IPv4 addresses stay apart
  for (let i = 0; i <= MAX; i++) assert.equal((await call('existsByMobile', { mobile: newMobile() }, { ip: `198.51.100.${10 + i}` })).code, 0);
});

test('the code challenge meets a rotating phone as one client, and its solution is good from any address of the /64', async () => {
  const ips = rotating(4);
  for (const ip of ips.slice(0, 2)) assert.equal((await call('getVerifyCode', { mobile: newMobile(), type: 'register' }, { ip })).code, 0);
  const mobile = newMobile();
  const asked = await call('getVerifyCode', { mobile, type: 'register' }, { ip: ips[2] });
  assert.equal(asked.code, E.challengeRequired, 'the third code from the /64, from a new address');
  const { challenge, bits } = asked.data as { challenge: string; bits: number };
  assert.equal((await call('getVerifyCode', { mobile, type: 'register', challenge, solution: solveChallenge(challenge, bits) }, { ip: ips[3] })).code, 0);
});
