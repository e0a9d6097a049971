/** The configuration schema (src/settings/config.ts): defaults, refused values named by variable, production refusals, the README's table. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import { loadConfig, SETTINGS } from '../src/settings/config';
import { POLICY } from '../src/settings/policy';
import { PROD } from './helpers';
import { DEV_VAPID_PRIVATE_KEY, DEV_VAPID_PUBLIC_KEY } from '../src/providers/push';

test('an empty environment gives the documented defaults', () => {
  const c = loadConfig({});
  const { profile, dataDir, uploadDir, corsOrigins, staffOrigins, ...rest } = c;
  assert.deepEqual(staffOrigins, ['http://localhost:3105', 'http://127.0.0.1:3105']);
  assert.equal(profile.id, 'spec');
  assert.match(dataDir, /server\/data\/pglite$/);
  assert.match(uploadDir, /server\/data\/uploads$/);
  assert.equal(corsOrigins.length, 10);
  assert.ok(corsOrigins.includes('http://localhost:3100') && corsOrigins.includes('http://127.0.0.1:3104'));
  assert.deepEqual(rest, {
    port: 4000,
    host: '127.0.0.1',
    nodeEnv: 'development',
    databaseUrl: null,
    clockSpeed: 1,
    otpFixedCode: null,
    dataCollection: false,
    reviewDelayMs: 60_000,
    reviewManualBand: null,
    payoutDelayMs: 60_000,
    railsUrl: 'http://127.0.0.1:4900',
    railsMerchantId: 'MC-SANDBOX',
    railsIntegritySalt: 'dev-only-rails-salt',
    railsCallbackUrl: null,
    railsTimeoutMs: 10_000,
    railsInquiryAfterMs: 120_000,
    railsReconcileEveryMs: 300_000,
    smsProvider: 'gateway',
    smsUrl: null,
    smsApiKey: 'dev-only-sms-key',
    smsSecret: 'dev-only-sms-secret',
    smsSender: 'LoanMarket',
    smsReportUrl: null,
    smsTimeoutMs: 5000,
    vapidPublicKey: DEV_VAPID_PUBLIC_KEY,
    vapidPrivateKey: DEV_VAPID_PRIVATE_KEY,
    vapidSubject: 'mailto:operations@loanmarket.example.pk',
    bureauUrl: null,
    bureauMemberCode: 'LM-SANDBOX',
    bureauSecret: 'dev-only-bureau-secret',
    bureauTimeoutMs: 30_000,
    bureauInquiryTimeoutMs: 5_000,
    retentionDays: POLICY.retentionDays,
    moneyIdleSeconds: POLICY.moneyIdleSeconds,
    sessionTtlDays: 30,
    sessionIdleDays: POLICY.sessionIdleDays,
    jobIntervalMs: 1000,
    devControls: false,
    opsToken: null,
    staffSessionIdleMinutes: 15,
    staffSessionMaxMinutes: 480,
    staffLockoutTries: 5,
    staffPasswordCost: 16,
    staffSignInRateMax: 20,
    logLevel: 'info',
    bodyLimit: 1024 * 1024,
    uploadMaxBytes: 5 * 1024 * 1024,
    uploadQuotaBytes: 20 * 1024 * 1024,
    uploadMinFreeBytes: 50 * 1024 * 1024,
    rateLimitMax: 1200,
    authRateLimitMax: 30,
    secret: 'dev-only-secret-change-me',
    dataKey: 'dev-only-data-key-change-me-0123456789',
    validateResponses: true,
    ocrEnabled: true,
    faceWorkers: os.availableParallelism(),
    trustProxy: null,
    dbPoolMax: 10,
    dbConnectTimeoutMs: 5000,
    statementTimeoutMs: 10_000,
    lockTimeoutMs: 3000,
    idleTxTimeoutMs: 30_000,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 60_000,
    connectionTimeoutMs: 120_000,
    keepAliveTimeoutMs: 72_000,
    borrowerMaxConcurrent: 8,
    wireTWindowSeconds: 300,
    otpGlobalMaxPerHour: 2000,
    otpPrefixMaxPerHour: 500,
    otpUnknownSharePercent: 50,
    otpChallengeAfter: 3,
    otpChallengeBits: 16,
    otpChallengeExempt: [],
  });
  // an empty value is no value
  assert.equal(loadConfig({ PORT: '', HOST: ' ' }).port, 4000);
});

test('values are read by type', () => {
  const c = loadConfig({
    PORT: '4100',
    DATA_COLLECTION: '1',
    OCR_ENABLED: '0',
    CORS_ORIGINS: ' https://a.pk, https://b.pk ,',
    OTP_CHALLENGE_EXEMPT: '127.0.0.1',
    BUREAU_INQUIRY_TIMEOUT_MS: '2500',
    ...PROD,
  });
  assert.equal(c.port, 4100);
  assert.equal(c.dataCollection, true);
  assert.equal(c.ocrEnabled, false);
  assert.deepEqual(c.corsOrigins, ['https://a.pk', 'https://b.pk']);
  assert.deepEqual(c.otpChallengeExempt, ['127.0.0.1']);
  assert.equal(c.bureauInquiryTimeoutMs, 2500);
  assert.equal(c.validateResponses, false, 'off in production unless VALIDATE_RESPONSES=1');
  assert.equal(loadConfig({ VALIDATE_RESPONSES: '0' }).validateResponses, false);
});

test('a value a setting refuses stops the start, naming the variable', () => {
  const refused: [Record<string, string>, RegExp][] = [
    [{ PORT: 'abc' }, /PORT: must be a number \(got "abc"\)/],
    [{ PORT: '4000.5' }, /PORT: .*expected int/],
    [{ DB_POOL_MAX: '0' }, /DB_POOL_MAX: /],
    [{ CLOCK_SPEED: '0' }, /CLOCK_SPEED: /],
    [{ RAILS_TIMEOUT_MS: '0' }, /RAILS_TIMEOUT_MS: /],
    [{ RAILS_CALLBACK_URL: 'not a url' }, /RAILS_CALLBACK_URL: must be a URL/],
    [{ BUREAU_URL: 'bureau' }, /BUREAU_URL: must be a URL/],
    [{ DEV_CONTROLS: 'true' }, /DEV_CONTROLS: must be 0 or 1/],
    [{ OTP_FIXED_CODE: '12345' }, /OTP_FIXED_CODE: must be 6 digits/],
    [{ OTP_CHALLENGE_BITS: '33' }, /OTP_CHALLENGE_BITS: /],
    [{ OPS_TOKEN: 'short' }, /OPS_TOKEN: must be at least 32 characters/],
    [{ DATA_KEY: 'short' }, /DATA_KEY: must be at least 32 characters/],
    [{ BUREAU_INQUIRY_TIMEOUT_MS: '0' }, /BUREAU_INQUIRY_TIMEOUT_MS: /],
    [{ VAPID_PUBLIC_KEY: 'abc' }, /VAPID_PUBLIC_KEY: must be a VAPID public key/],
    [{ VAPID_PRIVATE_KEY: 'abc' }, /VAPID_PRIVATE_KEY: must be a VAPID private key/],
    [{ VAPID_SUBJECT: 'ops@lender.pk' }, /VAPID_SUBJECT: must be a mailto: or https:\/\/ address/],
    [{ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' }, /REQUEST_TIMEOUT_MS must be at least HEADERS_TIMEOUT_MS/],
    [{ MARKET_PROFILE: 'pk-xx' }, /MARKET_PROFILE must be one of spec, pk-secp/],
  ];
  for (const [env, message] of refused) assert.throws(() => loadConfig(env), message, JSON.stringify(env));
  // every problem at once
  assert.throws(() => loadConfig({ PORT: 'x', JOB_INTERVAL_MS: '-1' }), /PORT: .*; JOB_INTERVAL_MS: /);
});

test('production refuses the development settings and the shipped secrets', () => {
  assert.throws(() => loadConfig({ ...PROD, SMS_PROVIDER: 'log' }), /SMS_PROVIDER=log is not allowed when NODE_ENV=production/);
  assert.throws(() => loadConfig({ ...PROD, SMS_SECRET: '' }), /SMS_URL, SMS_API_KEY and SMS_SECRET must be set when NODE_ENV=production/);
  assert.throws(() => loadConfig({ ...PROD, SMS_URL: undefined }), /SMS_URL, SMS_API_KEY and SMS_SECRET must be set/);
  assert.throws(() => loadConfig({ SMS_PROVIDER: 'email' }), /SMS_PROVIDER: must be gateway or log/);
  for (const unset of ['BUREAU_URL', 'BUREAU_MEMBER_CODE', 'BUREAU_SECRET'])
    assert.throws(
      () => loadConfig({ ...PROD, [unset]: undefined }),
      /BUREAU_URL, BUREAU_MEMBER_CODE and BUREAU_SECRET must be set when NODE_ENV=production/,
      unset,
    );
  for (const unset of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'])
    assert.throws(
      () => loadConfig({ ...PROD, [unset]: undefined }),
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set when NODE_ENV=production/,
      unset,
    );
  assert.equal(loadConfig({ SMS_PROVIDER: 'log' }).smsProvider, 'log', 'the log provider outside production');
  assert.doesNotThrow(() => loadConfig(PROD));
  assert.throws(() => loadConfig({ ...PROD, RAILS_INTEGRITY_SALT: '' }), /RAILS_INTEGRITY_SALT must be set when NODE_ENV=production/);
  assert.throws(() => loadConfig({ ...PROD, OTP_FIXED_CODE: '123456' }), /OTP_FIXED_CODE is not allowed when NODE_ENV=production/);
  assert.throws(() => loadConfig({ ...PROD, DEV_CONTROLS: '1' }), /DEV_CONTROLS is not allowed when NODE_ENV=production/);
  assert.throws(() => loadConfig({ ...PROD, STAFF_PASSWORD_COST: '15' }), /STAFF_PASSWORD_COST 15 is below 16/);
  assert.throws(() => loadConfig({ ...PROD, OTP_SECRET: '' }), /OTP_SECRET must be set when NODE_ENV=production/);
  assert.throws(() => loadConfig({ ...PROD, DATA_KEY: undefined }), /DATA_KEY must be set when NODE_ENV=production/);
  assert.throws(() => loadConfig({ ...PROD, MARKET_PROFILE: 'pk-secp' }), /LENDER_CORPORATE_NAME and LENDER_LICENCE must be set when NODE_ENV=production/);
  // the refusals hold for settings a test or the bench sets directly too
  assert.throws(() => loadConfig(PROD, { devControls: true }), /DEV_CONTROLS is not allowed/);
});

test("server/README.md's configuration table names exactly the schema's variables", () => {
  const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  const documented = new Set(
    table
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .flatMap((l) => [...l.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])),
  );
  const inSchema = new Set(Object.values(SETTINGS).map((s) => s.env));
  assert.deepEqual(
    [...inSchema].filter((v) => !documented.has(v)),
    [],
    'settings missing from the README table',
  );
  assert.deepEqual(
    [...documented].filter((v) => !inSchema.has(v)),
    [],
    'README rows of no setting',
  );
});
