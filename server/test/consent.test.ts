/** The agreement to the device permissions: stored with its version and time, read back anywhere, and needed before data collection. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, agreeToPermissions } from './helpers';
import { POLICY } from '../src/settings/policy';
import C from '../src/api/contract';

const { ErrorCode: E } = C;
const { srv, call } = serverForFile();

const required = Object.entries(POLICY.permissions)
  .filter(([, p]) => p.enabled && p.required)
  .map(([k]) => k);

test('consent: none at first; the required permissions must be ticked; stored with version and time, read back by another session', async () => {
  const u = await register(call);
  const first = await call('consent', {}, { token: u.token });
  assert.equal(first.code, 0);
  assert.deepEqual(first.data, { version: POLICY.permissionsAgreementVersion, consent: null });
  assert.equal((await call('consent')).code, E.notLoggedIn);

  const missing = await call('saveConsent', { version: first.data.version, permissions: ['location'] }, { token: u.token, lang: 'ur' });
  assert.equal(missing.code, E.consentIncomplete);
  assert.deepEqual(missing.data.missing, required);
  assert.equal(missing.msg, C.ERROR_MESSAGES[E.consentIncomplete].ur);
  const old = await call('saveConsent', { version: 'old', permissions: required }, { token: u.token });
  assert.equal(old.code, E.consentIncomplete);
  assert.equal(old.data.version, POLICY.permissionsAgreementVersion);

  // sms is not asked in this market: it cannot be agreed to
  const saved = await call('saveConsent', { version: first.data.version, permissions: [...required, 'sms', 'location'] }, { token: u.token });
  assert.equal(saved.code, 0);
  assert.equal(saved.data.consent.version, POLICY.permissionsAgreementVersion);
  assert.deepEqual([...saved.data.consent.permissions].sort(), [...required, 'location'].sort());
  assert.ok(Math.abs(Date.parse(saved.data.consent.agreedAt) - Date.now()) < 60_000);

  // another device: a new session of the same number sees the stored agreement
  await srv.dev('clock/advance', { ms: 61_000, runJobs: false }); // one code a minute per number
  assert.equal((await call('getVerifyCode', { mobile: u.mobile, type: 'login' })).code, 0);
  const again = await call('login', { mobile: u.mobile, code: '123456' });
  assert.equal(again.code, 0, JSON.stringify(again.data));
  const there = await call('consent', {}, { token: again.data.token });
  assert.deepEqual(there.data.consent, saved.data.consent);
});

test("consent: data collection (time/upload, package list) is refused without it, in the borrower's language", async () => {
  const u = await register(call);
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  const orderNo = ap.data.order.orderNo;
  for (const [name, params] of [
    ['uploadEnable', { orderNo }],
    ['uploadStatus', { orderNo }],
    ['uploadReport', { orderNo, flags: { sms: true } }],
    ['devicePackageList', {}],
  ] as const) {
    const r = await call(name, params, { token: u.token, lang: 'ur' });
    assert.equal(r.code, E.consentRequired, name);
    assert.equal(r.msg, C.ERROR_MESSAGES[E.consentRequired].ur, name);
  }
  assert.equal((await call('uploadStatus', { orderNo }, { token: u.token })).data, null);

  await agreeToPermissions(call, u.token, 'required');
  assert.equal((await call('uploadEnable', { orderNo }, { token: u.token })).code, 0);
  assert.equal((await call('uploadReport', { orderNo, flags: { sms: true } }, { token: u.token })).data.sms, true);
  assert.equal((await call('uploadStatus', { orderNo }, { token: u.token })).data.sms, true);
});

test('package list: the lending apps to report only when the market asks for installed apps and the borrower agreed to it', async () => {
  const u = await register(call);
  await agreeToPermissions(call, u.token);
  const pl = await call('devicePackageList', {}, { token: u.token });
  assert.equal(pl.code, 0);
  // this market does not ask for installed apps: nothing to look for
  assert.equal(POLICY.permissions.installedApps.enabled, false);
  assert.deepEqual(pl.data, { enabled: false, packages: [] });

  const saved = { ...POLICY.permissions.installedApps };
  POLICY.permissions.installedApps = { enabled: true, required: false };
  try {
    const refused = await register(call);
    await agreeToPermissions(call, refused.token, 'required');
    assert.deepEqual((await call('devicePackageList', {}, { token: refused.token })).data, { enabled: false, packages: [] });
    const agreed = await register(call);
    await agreeToPermissions(call, agreed.token, 'all');
    assert.deepEqual((await call('devicePackageList', {}, { token: agreed.token })).data, { enabled: true, packages: POLICY.lendingAppPackages });
  } finally {
    POLICY.permissions.installedApps = saved;
  }
});
