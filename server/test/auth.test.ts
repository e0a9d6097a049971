import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, newMobile, codeFor, FIXED, BASIC, DAY, PROD } from './helpers';
import { loadConfig } from '../src/settings/config';
import C from '../src/api/contract';
import type { Handler } from '../src/api/handler';

const { ErrorCode: E } = C;
const { srv, call } = serverForFile();
const wait = (ms: number) => srv.dev('clock/advance', { ms, runJobs: false });

test('asking for a code does not tell a registered number from an unknown one; login/register say it once the code is verified, and the code stays good for the other', async () => {
  const mobile = newMobile();
  const known = await register(call);
  await wait(61_000);
  assert.equal((await call('existsByMobile', { mobile })).data.exists, false);
  for (const type of ['login', 'register']) {
    const unknown = await call('getVerifyCode', { mobile, type });
    const registered = await call('getVerifyCode', { mobile: known.mobile, type });
    assert.equal(unknown.code, 0, JSON.stringify(unknown));
    assert.deepEqual(
      [unknown.status, unknown.code, unknown.msg, unknown.data],
      [registered.status, registered.code, registered.msg, registered.data],
      `${type}: the same answer`,
    );
    await wait(61_000);
  }
  assert.equal((await call('login', { mobile, code: '000000' })).code, E.otpInvalid, 'a wrong code says nothing about the number');
  assert.equal((await call('login', { mobile, code: FIXED })).code, E.notRegistered, 'said once the code is verified');
  const u = await call('register', { mobile, code: FIXED });
  assert.equal(u.code, 0, 'the same code registers');
  assert.equal(u.data.user.mobile, mobile.replace(/^0/, ''));
  assert.equal(u.data.user.nextStep, 'personalInfomation');
  assert.equal((await call('existsByMobile', { mobile: '+92' + mobile.slice(1) })).data.exists, true);
  await wait(61_000);
  await call('getVerifyCode', { mobile, type: 'register' });
  const again = await call('register', { mobile, code: FIXED });
  assert.equal(again.code, E.alreadyRegistered);
  assert.match(again.msg, /login directly/);
  const ur = await call('register', { mobile, code: FIXED }, { lang: 'ur' });
  assert.equal(ur.msg, C.ERROR_MESSAGES[E.alreadyRegistered].ur);
  const login = await call('login', { mobile, code: FIXED });
  assert.equal(login.code, 0, 'and logs in with the same code');
  assert.equal((await call('login', { mobile, code: FIXED })).code, E.otpInvalid, 'which is then used');
  const info = await call('getUserInfo', {}, { token: login.data.token });
  assert.equal(info.code, 0);
  assert.equal(info.data.creditLimit, 5000);
});

test('OTP: throttle, voice variant, wrong code tries lock after 5, single use, 10-minute expiry', async () => {
  const mobile = newMobile();
  const s = await call('getVerifyCode', { mobile, type: 'register', channel: 'voice' });
  assert.equal(s.code, 0);
  assert.equal(s.data.channel, 'voice');
  assert.equal(s.data.expiresInSeconds, 600);
  const t = await call('getVerifyCode', { mobile, type: 'register' });
  assert.equal(t.code, E.otpThrottled);
  assert.ok(t.data.retryAfterSeconds > 0);
  for (let i = 1; i <= 4; i++) {
    const r = await call('register', { mobile, code: '000000' });
    assert.equal(r.code, E.otpInvalid);
    assert.equal(r.data.triesLeft, 5 - i);
  }
  assert.equal((await call('register', { mobile, code: '000000' })).code, E.otpLocked);
  assert.equal((await call('register', { mobile, code: FIXED })).code, E.otpLocked, 'locked even with the right code');
  await wait(61_000);
  assert.equal((await call('getVerifyCode', { mobile, type: 'register' })).code, 0);
  await wait(10 * 60_000 + 1000);
  assert.equal((await call('register', { mobile, code: FIXED })).code, E.otpExpired);
  await wait(61_000);
  await call('getVerifyCode', { mobile, type: 'register' });
  const ok = await call('register', { mobile, code: FIXED });
  assert.equal(ok.code, 0);
  // single use: a second login with the used code fails
  await wait(61_000);
  await call('getVerifyCode', { mobile, type: 'login' });
  assert.equal((await call('login', { mobile, code: FIXED })).code, 0);
  assert.equal((await call('login', { mobile, code: FIXED })).code, E.otpInvalid);
});

test('the four logout codes', async () => {
  assert.equal((await call('getUserInfo', {})).code, E.notLoggedIn);
  assert.equal((await call('getUserInfo', {}, { token: 'nonsense-token' })).code, E.tokenInvalid);
  const u = await register(call);
  assert.equal((await call('getUserInfo', {}, { token: u.token })).code, 0);
  // a new login elsewhere
  await wait(61_000);
  await call('getVerifyCode', { mobile: u.mobile, type: 'login' });
  const second = await call('login', { mobile: u.mobile, code: FIXED });
  assert.equal(second.code, 0);
  const old = await call('getUserInfo', {}, { token: u.token });
  assert.equal(old.code, E.loggedInElsewhere);
  assert.equal(old.msg, 'The account is logged in from another device');
  // logout makes the token invalid
  assert.equal((await call('logout', {}, { token: second.data.token })).code, 0);
  assert.equal((await call('getUserInfo', {}, { token: second.data.token })).code, E.tokenInvalid);
  // expiry
  const v = await register(call);
  await wait(31 * DAY);
  assert.equal((await call('getUserInfo', {}, { token: v.token })).code, E.tokenExpired);
  // public calls ignore a bad token
  assert.equal((await call('marketIndex', {}, { token: v.token })).code, 0);
  assert.deepEqual(C.LOGOUT_CODES, [10010301, 10010303, 10010304, 100103]);
});

test('bank card with another mobile needs a bindCard code', async () => {
  const u = await register(call);
  assert.equal((await call('saveBasicInfo', BASIC, { token: u.token })).code, 0);
  const card = {
    cardType: 'Jazzcash',
    accountNumber: '03111234567',
    confirmAccountNumber: '03111234567',
    cardHolder: 'Ali Khan',
    mobile: '03111234567',
    accountCode: await codeFor(call, u.token),
  };
  assert.equal((await call('addBankCard', card, { token: u.token })).code, E.cardCodeRequired);
  assert.equal((await call('getVerifyCode', { mobile: '03111234567', type: 'bindCard' }, { token: u.token })).code, 0);
  const ok = await call('addBankCard', { ...card, code: FIXED }, { token: u.token });
  assert.equal(ok.code, 0, JSON.stringify(ok));
  assert.equal(ok.data.card.bankIndex, 31);
  const mism = await call('addBankCard', { ...card, confirmAccountNumber: '03111234568' }, { token: u.token });
  assert.equal(mism.code, E.validationFailed);
  assert.equal(mism.data.fields.confirmAccountNumber, 'validation.accountMismatch');
  const bk = await call(
    'bindBackupBankCard',
    {
      cardType: 'IBAN',
      accountNumber: 'PK10MEZN0001010123456789',
      confirmAccountNumber: 'PK10MEZN0001010123456789',
      cardHolder: 'Ali Khan',
      accountCode: await codeFor(call, u.token),
    },
    { token: u.token },
  );
  assert.equal(bk.code, 0, JSON.stringify(bk));
  const d = await call('backupBankCardDetail', {}, { token: u.token });
  assert.equal(d.data.backup.cardType, 'IBAN');
  assert.equal(d.data.primary.cardType, 'Jazzcash');
});

test('production refuses a fixed OTP code and dev controls', () => {
  assert.throws(() => loadConfig({ NODE_ENV: 'production', OTP_FIXED_CODE: '123456', OTP_SECRET: 'x' }), /OTP_FIXED_CODE/);
  assert.throws(() => loadConfig({ NODE_ENV: 'production', DEV_CONTROLS: '1', OTP_SECRET: 'x' }), /DEV_CONTROLS/);
  assert.ok(
    loadConfig({
      ...PROD,
      OTP_SECRET: 'x',
      DATA_KEY: 'k'.repeat(32),
    }),
  );
});

// the handler types read the catalogue: a call marked `auth` gets a user that is there, an open call may have none
type UserOf<N extends keyof typeof C.endpoints> = Parameters<Handler<N>>[1]['user'];
const typesHold: [null extends UserOf<'latestOrder'> ? false : true, null extends UserOf<'login'> ? true : false] = [true, true];

test('every call marked auth answers notLoggedIn without a session, before reading anything (the handler types rely on it)', async () => {
  assert.deepEqual(typesHold, [true, true]);
  const authed = Object.values(C.endpoints).filter((ep) => ep.auth);
  assert.ok(authed.length > 30);
  for (const ep of authed) {
    const a = await call(ep.name, { id: 1, orderNo: 'LM1' } as never);
    assert.equal(a.code, E.notLoggedIn, `${ep.name}: ${JSON.stringify(a)}`);
  }
});
