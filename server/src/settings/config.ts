/**
 * Every setting of the server: one schema (`SETTINGS`), each entry naming its environment variable,
 * its type and default (a zod schema over the variable's text) and a line of what it does; the
 * production refusals (`REFUSALS`) below it. Product figures (amounts, rates, tenures...) are NOT
 * here: see policy.ts. Adding a setting is one entry in `SETTINGS` (and a row of server/README.md's
 * configuration table: test/config.test.ts fails while the two disagree).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { POLICY } from './policy';
import { lenderIsExample, loadProfile, type MarketProfile } from '../market/profile';
import { SANDBOX_MERCHANT, SANDBOX_SALT } from '../providers/rails/protocol';
import { SANDBOX_SMS_KEY, SANDBOX_SMS_SECRET } from '../providers/sms/protocol';
import { SANDBOX_BUREAU_MEMBER, SANDBOX_BUREAU_SECRET } from '../providers/bureau/protocol';
import { DEV_VAPID_PRIVATE_KEY, DEV_VAPID_PUBLIC_KEY } from '../providers/push';

/** server/: the folder above this module (src/settings/ under tsx, dist/ in the bundle) holding package.json */
function serverRootOf(from: string): string {
  for (let d = from; d !== path.dirname(d); d = path.dirname(d)) if (fs.existsSync(path.join(d, 'package.json'))) return d;
  throw new Error(`no package.json above ${from}`);
}
const serverRoot = serverRootOf(path.dirname(fileURLToPath(import.meta.url)));
const DEV_SECRET = 'dev-only-secret-change-me';
const DEV_DATA_KEY = 'dev-only-data-key-change-me-0123456789';

/** a variable's text: unset and empty are the same (no value) */
const raw = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** text, `d` when unset */
const text = (d: string) => raw.transform((v) => v ?? d);
/** text, null when unset */
const optional = (check?: z.ZodString) => raw.pipe((check ?? z.string()).optional()).transform((v) => v ?? null);
/** a number, `d` when unset; `check` refines it (range, integer) */
const number = (d: number, check: z.ZodNumber = z.number()) =>
  raw
    .transform((v, ctx) => {
      if (v === undefined) return d;
      const n = Number(v);
      if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: `must be a number (got "${v}")` });
      return n;
    })
    .pipe(check);
const count = (d: number) => number(d, z.number().int().min(0));
const ms = count;
/** `1` on, `0` off; unset: `d` */
const flag = <D extends boolean | null>(d: D) =>
  raw.pipe(z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional()).transform((v) => (v === undefined ? d : v === '1'));
/** comma-separated; unset: `d` */
const list = (d: string[]) =>
  raw.transform((v) =>
    v === undefined
      ? d
      : v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
  );
const directory = (d: string) => raw.transform((v) => path.resolve(v ?? d));
const lenderPart = raw.transform((v) => v ?? '');

/** an inclusive range of review scores, `min-max` (negative scores allowed); unset: none */
const scoreBand = raw.transform((v, ctx): { min: number; max: number } | null => {
  if (v === undefined) return null;
  const m = /^(-?\d{1,4})\s*-\s*(-?\d{1,4})$/.exec(v);
  if (!m || Number(m[1]) > Number(m[2])) {
    ctx.addIssue({ code: 'custom', message: `must be two whole scores, the lower first: "40-59" (got "${v}")` });
    return null;
  }
  return { min: Number(m[1]), max: Number(m[2]) };
});

const setting = <S extends z.ZodType<unknown, string | undefined>>(env: string, schema: S, doc: string) => ({ env, schema, doc });

/** The settings: Config's field name -> its variable, schema (type and default) and what it does. */
export const SETTINGS = {
  marketProfile: setting('MARKET_PROFILE', text('spec'), "the market's rules (market/profile.ts): `spec` or `pk-secp`; checked at start"),
  lenderCorporateName: setting('LENDER_CORPORATE_NAME', lenderPart, "the licensed lender's corporate name, with LENDER_LICENCE (both or neither)"),
  lenderLicence: setting(
    'LENDER_LICENCE',
    lenderPart,
    "the licensed lender's licence, with LENDER_CORPORATE_NAME; production needs both under a profile naming a lender",
  ),
  port: setting('PORT', number(4000, z.number().int().min(0).max(65535)), 'listen port (0 = a free one, used by tests)'),
  host: setting('HOST', text('127.0.0.1'), 'listen address'),
  nodeEnv: setting('NODE_ENV', text('development'), '`production` turns on the refusals below'),
  dataDir: setting('DATA_DIR', directory(path.join(serverRoot, 'data', 'pglite')), 'PGlite data directory'),
  databaseUrl: setting('DATABASE_URL', optional(), 'PostgreSQL instead of PGlite when set'),
  uploadDir: setting('UPLOAD_DIR', directory(path.join(serverRoot, 'data', 'uploads')), 'uploaded images (outside any web root)'),
  clockSpeed: setting('CLOCK_SPEED', number(1, z.number().positive()), 'business clock speed (60 = one real second is a minute)'),
  otpFixedCode: setting('OTP_FIXED_CODE', optional(z.string().regex(/^\d{6}$/, 'must be 6 digits')), 'a code every OTP takes (development only)'),
  dataCollection: setting('DATA_COLLECTION', flag(false), '1: steps wait until the native SDK has collected'),
  reviewDelayMs: setting('REVIEW_DELAY_MS', ms(60_000), 'business time from submission to the review decision'),
  reviewManualBand: setting(
    'REVIEW_MANUAL_BAND',
    scoreBand,
    'review scores (`min-max`, inclusive) whose application waits for a reviewer (operations console) instead of the rule; unset: none',
  ),
  payoutDelayMs: setting('PAYOUT_DELAY_MS', ms(60_000), 'business time from get-money to the payout result'),
  railsUrl: setting('RAILS_URL', text('http://127.0.0.1:4900'), "the payment provider's gateway (default: the local sandbox, server/sandbox/)"),
  railsMerchantId: setting('RAILS_MERCHANT_ID', text(SANDBOX_MERCHANT), 'our merchant id at the provider'),
  railsIntegritySalt: setting('RAILS_INTEGRITY_SALT', text(SANDBOX_SALT), "the provider's integrity salt: signs requests, notices and the settlement drop"),
  railsCallbackUrl: setting(
    'RAILS_CALLBACK_URL',
    optional(z.string().url('must be a URL')),
    "where the provider posts its notices (…/rails/notify as the provider reaches it); unset: this server's own address",
  ),
  railsTimeoutMs: setting(
    'RAILS_TIMEOUT_MS',
    number(10_000, z.number().int().positive()),
    'longest wait for an answer of the provider; then the transfer is `unknown`',
  ),
  railsInquiryAfterMs: setting(
    'RAILS_INQUIRY_AFTER_MS',
    number(120_000, z.number().int().positive()),
    "business time after the provider's last word before a transfer without a result is asked about",
  ),
  railsReconcileEveryMs: setting(
    'RAILS_RECONCILE_EVERY_MS',
    ms(300_000),
    "how often (real time) the provider's settlement drop is looked at (0 = every job run)",
  ),
  smsProvider: setting(
    'SMS_PROVIDER',
    raw.pipe(z.enum(['gateway', 'log'], { error: 'must be gateway or log' }).optional()).transform((v) => v ?? 'gateway'),
    '`gateway`: codes and notices through the SMS gateway (SMS_URL); `log`: written to the server log (development only)',
  ),
  smsUrl: setting('SMS_URL', optional(z.string().url('must be a URL')), 'the SMS gateway; unset: the sandbox at RAILS_URL, which plays the gateway too'),
  smsApiKey: setting('SMS_API_KEY', text(SANDBOX_SMS_KEY), 'our api key at the SMS gateway'),
  smsSecret: setting('SMS_SECRET', text(SANDBOX_SMS_SECRET), "the SMS gateway account's secret: signs our requests and its delivery reports"),
  smsSender: setting('SMS_SENDER', text('LoanMarket'), 'the sender id (masking) registered at the gateway'),
  smsReportUrl: setting(
    'SMS_REPORT_URL',
    optional(z.string().url('must be a URL')),
    "where the gateway posts delivery reports (…/sms/report as the gateway reaches it); unset: this server's own address",
  ),
  smsTimeoutMs: setting('SMS_TIMEOUT_MS', number(5_000, z.number().int().positive()), 'longest wait for the SMS gateway to take a text'),
  vapidPublicKey: setting(
    'VAPID_PUBLIC_KEY',
    text(DEV_VAPID_PUBLIC_KEY).pipe(z.string().regex(/^B[\w-]{86}$/, 'must be a VAPID public key (an uncompressed P-256 point, base64url)')),
    "web push: our VAPID public key (browsers subscribe with it); the development pair's by default",
  ),
  vapidPrivateKey: setting(
    'VAPID_PRIVATE_KEY',
    text(DEV_VAPID_PRIVATE_KEY).pipe(z.string().regex(/^[\w-]{43}$/, 'must be a VAPID private key (32 bytes, base64url)')),
    'web push: the VAPID private key that signs each push',
  ),
  vapidSubject: setting(
    'VAPID_SUBJECT',
    text('mailto:operations@loanmarket.example.pk').pipe(z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address')),
    'web push: the contact the push services may reach us at (mailto: or https:)',
  ),
  bureauUrl: setting(
    'BUREAU_URL',
    optional(z.string().url('must be a URL')),
    "the credit bureau's service (the monthly file and the inquiries before lending); unset: the sandbox at RAILS_URL, which plays the bureau too",
  ),
  bureauMemberCode: setting('BUREAU_MEMBER_CODE', text(SANDBOX_BUREAU_MEMBER), 'our member code at the credit bureau'),
  bureauSecret: setting('BUREAU_SECRET', text(SANDBOX_BUREAU_SECRET), "the bureau member's secret: signs our files and checks the bureau's answers"),
  bureauTimeoutMs: setting(
    'BUREAU_TIMEOUT_MS',
    number(30_000, z.number().int().positive()),
    "longest wait for the bureau's answer to a file; then it is sent again later under the same reference",
  ),
  bureauInquiryTimeoutMs: setting(
    'BUREAU_INQUIRY_TIMEOUT_MS',
    number(5_000, z.number().int().positive()),
    "longest wait for the bureau's answer to an inquiry (a borrower is waiting); then the application is taken and its review waits for the bureau",
  ),
  retentionDays: setting('RETENTION_DAYS', number(POLICY.retentionDays, z.number().min(0)), "rejected/never-disbursed applicants' data deleted after this"),
  moneyIdleSeconds: setting(
    'MONEY_IDLE_SECONDS',
    count(POLICY.moneyIdleSeconds),
    'money actions after this long without a code or money action ask for a code again',
  ),
  sessionTtlDays: setting('SESSION_TTL_DAYS', number(30, z.number().positive()), 'login token lifetime'),
  sessionIdleDays: setting(
    'SESSION_IDLE_DAYS',
    number(POLICY.sessionIdleDays, z.number().min(0)),
    'a session with no call for this long (wall clock) ends (0 = no idle limit)',
  ),
  jobIntervalMs: setting('JOB_INTERVAL_MS', ms(1000), 'how often (real time) scheduled jobs run; 0 = never (tests run them via dev controls)'),
  devControls: setting('DEV_CONTROLS', flag(false), '1: the /__dev/ routes (never in production)'),
  opsToken: setting(
    'OPS_TOKEN',
    optional(z.string().min(32, 'must be at least 32 characters (or unset: no /__ops/ routes)')),
    'bearer token of /__ops/ and /metrics',
  ),
  corsOrigins: setting(
    'CORS_ORIGINS',
    list([3100, 3101, 3102, 3103, 3104].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])),
    'allowed origins',
  ),
  staffOrigins: setting(
    'STAFF_ORIGINS',
    list(['http://localhost:3105', 'http://127.0.0.1:3105']),
    'origins of the operations console, the only ones CORS allows on /staff/',
  ),
  staffSessionIdleMinutes: setting('STAFF_SESSION_IDLE_MINUTES', number(15, z.number().positive()), 'a staff session unused this long ends'),
  staffSessionMaxMinutes: setting('STAFF_SESSION_MAX_MINUTES', number(480, z.number().positive()), 'a staff session ends this long after sign-in (a shift)'),
  staffLockoutTries: setting(
    'STAFF_LOCKOUT_TRIES',
    number(5, z.number().int().min(1)),
    'wrong staff sign-ins in a row that lock the account (POLICY.staff.lockoutMinutes)',
  ),
  staffPasswordCost: setting(
    'STAFF_PASSWORD_COST',
    number(POLICY.staff.passwordCost, z.number().int().min(10).max(20)),
    "scrypt's cost of new staff passwords, log2 N (lower than the default refused in production; the tests lower it)",
  ),
  staffSignInRateMax: setting('STAFF_SIGNIN_RATE_MAX', count(20), 'staff sign-in attempts per minute per address (0 = off)'),
  logLevel: setting('LOG_LEVEL', text('info'), 'pino level, silent for none'),
  bodyLimit: setting('BODY_LIMIT_BYTES', count(1024 * 1024), 'JSON body limit'),
  uploadMaxBytes: setting('UPLOAD_MAX_BYTES', count(5 * 1024 * 1024), 'image upload limit'),
  uploadQuotaBytes: setting('UPLOAD_QUOTA_BYTES', count(20 * 1024 * 1024), "all of one user's stored photos together"),
  uploadMinFreeBytes: setting(
    'UPLOAD_MIN_FREE_BYTES',
    count(50 * 1024 * 1024),
    "below this free space on UPLOAD_DIR's disk the instance is not ready (/ready 503)",
  ),
  rateLimitMax: setting('RATE_LIMIT_MAX', count(1200), 'requests per minute per IP on the API (0 = off)'),
  authRateLimitMax: setting('AUTH_RATE_LIMIT_MAX', count(30), 'login/register/getVerifyCode per minute per IP (0 = off)'),
  secret: setting('OTP_SECRET', text(DEV_SECRET), 'HMAC key for stored OTP and token hashes'),
  dataKey: setting(
    'DATA_KEY',
    text(DEV_DATA_KEY).pipe(z.string().min(32, 'must be at least 32 characters')),
    'secret the keys of data encrypted at rest are derived from',
  ),
  validateResponses: setting('VALIDATE_RESPONSES', flag(null), "check every answer against the catalogue's response schema; unset: on outside production"),
  ocrEnabled: setting('OCR_ENABLED', flag(true), '0 answers ocrFailed without loading tesseract'),
  faceWorkers: setting(
    'FACE_WORKERS',
    number(os.availableParallelism()).transform((n) => Math.max(1, Math.floor(n))),
    'selfie-check worker threads',
  ),
  trustProxy: setting('TRUST_PROXY', optional(), "the load balancer's address(es): its X-Forwarded-For gives the client address"),
  dbPoolMax: setting('DB_POOL_MAX', number(10, z.number().int().min(1)), 'PostgreSQL connections per instance'),
  dbConnectTimeoutMs: setting('DB_CONNECT_TIMEOUT_MS', ms(5000), 'longest wait for a pooled (or new) connection'),
  statementTimeoutMs: setting('DB_STATEMENT_TIMEOUT_MS', ms(10_000), 'PostgreSQL statement_timeout (0 = none)'),
  lockTimeoutMs: setting('DB_LOCK_TIMEOUT_MS', ms(3000), 'PostgreSQL lock_timeout (0 = none)'),
  idleTxTimeoutMs: setting('DB_IDLE_TX_TIMEOUT_MS', ms(30_000), 'PostgreSQL idle_in_transaction_session_timeout (0 = none)'),
  headersTimeoutMs: setting('HEADERS_TIMEOUT_MS', number(10_000, z.number().positive()), "a request's headers must arrive within this"),
  requestTimeoutMs: setting('REQUEST_TIMEOUT_MS', ms(60_000), 'a whole request (headers and body) must arrive within this'),
  connectionTimeoutMs: setting('CONNECTION_TIMEOUT_MS', ms(120_000), 'a socket idle this long is closed'),
  keepAliveTimeoutMs: setting('KEEP_ALIVE_TIMEOUT_MS', ms(72_000), "an idle keep-alive connection is closed after this (above the balancer's)"),
  borrowerMaxConcurrent: setting('BORROWER_MAX_CONCURRENT', count(8), 'calls of one session in progress at once on an instance (0 = off)'),
  wireTWindowSeconds: setting('WIRE_T_WINDOW_SECONDS', count(300), "a sealed request's `t` may differ from the server's time by this much (0 = no check)"),
  otpGlobalMaxPerHour: setting(
    'OTP_GLOBAL_MAX_PER_HOUR',
    count(2000),
    'login/register codes sent per hour to all numbers together, and apart codes signed-in borrowers ask to a number they name (0 = no ceiling; step-up codes have none)',
  ),
  otpPrefixMaxPerHour: setting('OTP_PREFIX_MAX_PER_HOUR', count(500), 'the same per operator prefix, 3XX (0 = no ceiling)'),
  otpUnknownSharePercent: setting(
    'OTP_UNKNOWN_SHARE_PERCENT',
    number(50, z.number().int().min(1).max(100)),
    'the part of the login/register ceilings codes to unregistered numbers may use; beyond it they are shed',
  ),
  otpChallengeAfter: setting('OTP_CHALLENGE_AFTER', count(3), 'login/register codes one address may ask per hour before a challenge (0 = never)'),
  otpChallengeBits: setting('OTP_CHALLENGE_BITS', number(16, z.number().int().min(1).max(32)), "the challenge's work: leading zero bits of SHA-256"),
  otpChallengeExempt: setting('OTP_CHALLENGE_EXEMPT', list([]), 'comma-separated addresses never challenged'),
};

type Settings = { [K in keyof typeof SETTINGS]: z.output<(typeof SETTINGS)[K]['schema']> };

/** What the rest of the server reads: the settings, with the market profile loaded in place of its three variables. */
export type Config = Omit<Settings, 'marketProfile' | 'lenderCorporateName' | 'lenderLicence' | 'validateResponses'> & {
  /** MARKET_PROFILE with the lender of LENDER_CORPORATE_NAME and LENDER_LICENCE (or the profile's example) */
  profile: MarketProfile;
  validateResponses: boolean;
};

/** Refused whatever each setting holds alone: production's, and settings that contradict each other. */
const REFUSALS: { when: (c: Config) => boolean; message: (c: Config) => string }[] = [
  { when: (c) => prod(c) && !!c.otpFixedCode, message: () => 'OTP_FIXED_CODE is not allowed when NODE_ENV=production' },
  { when: (c) => prod(c) && c.devControls, message: () => 'DEV_CONTROLS is not allowed when NODE_ENV=production' },
  {
    when: (c) => prod(c) && c.staffPasswordCost < POLICY.staff.passwordCost,
    message: (c) => `STAFF_PASSWORD_COST ${c.staffPasswordCost} is below ${POLICY.staff.passwordCost}, the least allowed when NODE_ENV=production`,
  },
  { when: (c) => prod(c) && c.secret === DEV_SECRET, message: () => 'OTP_SECRET must be set when NODE_ENV=production' },
  {
    when: (c) => prod(c) && c.dataKey === DEV_DATA_KEY,
    message: () => 'DATA_KEY must be set when NODE_ENV=production (account numbers, CNICs and photos are encrypted with it)',
  },
  {
    when: (c) => prod(c) && lenderIsExample(c.profile),
    message: (c) =>
      `LENDER_CORPORATE_NAME and LENDER_LICENCE must be set when NODE_ENV=production under MARKET_PROFILE=${c.profile.id} (the shipped lender is an example)`,
  },
  {
    when: (c) => prod(c) && c.railsIntegritySalt === SANDBOX_SALT,
    message: () => "RAILS_INTEGRITY_SALT must be set when NODE_ENV=production (the sandbox's salt signs anyone's notices)",
  },
  {
    when: (c) => prod(c) && c.smsProvider === 'log',
    message: () => 'SMS_PROVIDER=log is not allowed when NODE_ENV=production (codes would reach no one): use the gateway',
  },
  {
    when: (c) => prod(c) && c.smsProvider === 'gateway' && (!c.smsUrl || c.smsSecret === SANDBOX_SMS_SECRET || c.smsApiKey === SANDBOX_SMS_KEY),
    message: () => "SMS_URL, SMS_API_KEY and SMS_SECRET must be set when NODE_ENV=production (the sandbox's secret signs anyone's reports)",
  },
  {
    when: (c) => prod(c) && (!c.bureauUrl || c.bureauSecret === SANDBOX_BUREAU_SECRET || c.bureauMemberCode === SANDBOX_BUREAU_MEMBER),
    message: () => "BUREAU_URL, BUREAU_MEMBER_CODE and BUREAU_SECRET must be set when NODE_ENV=production (the sandbox's secret signs anyone's answers)",
  },
  {
    when: (c) => prod(c) && (c.vapidPrivateKey === DEV_VAPID_PRIVATE_KEY || c.vapidPublicKey === DEV_VAPID_PUBLIC_KEY || c.vapidSubject.includes('.example.')),
    message: () =>
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set when NODE_ENV=production (the development pair would let anyone push as us)',
  },
  { when: (c) => c.requestTimeoutMs < c.headersTimeoutMs, message: () => 'REQUEST_TIMEOUT_MS must be at least HEADERS_TIMEOUT_MS' },
  {
    when: (c) => c.staffSessionMaxMinutes < c.staffSessionIdleMinutes,
    message: () => 'STAFF_SESSION_MAX_MINUTES must be at least STAFF_SESSION_IDLE_MINUTES',
  },
  {
    when: (c) => c.staffOrigins.some((o) => c.corsOrigins.includes(o)),
    message: () => 'STAFF_ORIGINS must not share an origin with CORS_ORIGINS: the console is served apart from the borrower apps',
  },
];
const prod = (c: Config) => c.nodeEnv === 'production';

/** The settings of `env`; a value a setting's schema refuses stops the start with a message naming its variable. */
export function parseSettings(env: NodeJS.ProcessEnv): Settings {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [field, s] of Object.entries(SETTINGS)) {
    const r = s.schema.safeParse(env[s.env]);
    if (r.success) out[field] = r.data;
    else problems.push(...r.error.issues.map((i) => `${s.env}: ${i.message}`));
  }
  if (problems.length) throw new Error(`invalid configuration: ${problems.join('; ')}`);
  return out as Settings;
}

/** `overrides` (tests, bench) replace settings after parsing; the refusals apply to the result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const { marketProfile, lenderCorporateName: corporateName, lenderLicence: licence, validateResponses, ...rest } = parseSettings(env);
  if (!corporateName !== !licence) throw new Error('LENDER_CORPORATE_NAME and LENDER_LICENCE must be set together');
  const cfg: Config = {
    ...rest,
    profile: loadProfile(marketProfile, corporateName ? { corporateName, licence } : null),
    validateResponses: validateResponses ?? rest.nodeEnv !== 'production',
    ...overrides,
  };
  checkConfig(cfg);
  return cfg;
}

/** Refuses unsafe settings: throws with a clear message. */
export function checkConfig(cfg: Config): void {
  for (const r of REFUSALS) if (r.when(cfg)) throw new Error(r.message(cfg));
}
