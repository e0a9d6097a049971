/**
 * Every setting of the server, from environment variables with documented defaults.
 * Product figures (amounts, rates, tenures...) are NOT here: see policy.ts.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { POLICY } from './policy';
import { lenderIsExample, loadProfile, type MarketProfile } from '../market/profile';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Config {
  /**
   * MARKET_PROFILE: the market's rules (market/profile.ts): `spec` (default) or `pk-secp`; checked at start.
   * LENDER_CORPORATE_NAME and LENDER_LICENCE (both or neither): the licensed lender's, in place of the
   * profile's example (required in production under a profile that names a lender)
   */
  profile: MarketProfile;
  /**
   * CREDIT_BUREAU_STUB: the stub credit bureau's answers (market/creditBureau.ts), JSON of mobile number to
   * rupees outstanding with other lenders, e.g. {"03001234567":80000}; default none (only what borrowers declare)
   */
  bureauStub: Record<string, number>;
  /** PORT, default 4000 (0 = random, used by tests) */
  port: number;
  /** HOST, default 127.0.0.1 */
  host: string;
  /** NODE_ENV, default development */
  nodeEnv: string;
  /** DATA_DIR: PGlite data directory, default server/data/pglite */
  dataDir: string;
  /** DATABASE_URL: use PostgreSQL instead of PGlite when set */
  databaseUrl: string | null;
  /** UPLOAD_DIR: uploaded images, default server/data/uploads (outside any web root) */
  uploadDir: string;
  /** CLOCK_SPEED: business clock speed factor, default 1 (60 = one real second is a minute) */
  clockSpeed: number;
  /** OTP_FIXED_CODE: a 6-digit code every OTP takes (development only; refused in production) */
  otpFixedCode: string | null;
  /** DATA_COLLECTION: 1 turns the upload-time gate on (the native SDK must collect before a step) */
  dataCollection: boolean;
  /** REVIEW_DELAY_MS: business time from submission to the review decision, default 60000 */
  reviewDelayMs: number;
  /** PAYOUT_DELAY_MS: business time from get-money to the payout result, default 60000 */
  payoutDelayMs: number;
  /** PAYOUT_FAILURE_RATE: 0..1 probability that a payout fails (PayFail 10), default 0 */
  payoutFailureRate: number;
  /** CASHIER_FAILURE_RATE: 0..1 probability the simulated gateway declines a payment, default 0 */
  cashierFailureRate: number;
  /** RETENTION_DAYS: rejected/never-disbursed applicants' data deleted after this, default 7 */
  retentionDays: number;
  /** MONEY_IDLE_SECONDS: money actions after this long without a code or money action ask for a code again (wall clock) */
  moneyIdleSeconds: number;
  /** SESSION_TTL_DAYS: login token lifetime, default 30 */
  sessionTtlDays: number;
  /** SESSION_IDLE_DAYS: a session with no call for this long (wall clock) ends (tokenExpired), default POLICY.sessionIdleDays (0 = no idle limit) */
  sessionIdleDays: number;
  /** JOB_INTERVAL_MS: how often (real time) scheduled jobs run, default 1000; 0 = never (tests run them via dev controls) */
  jobIntervalMs: number;
  /** DEV_CONTROLS=1: enable the /__dev/ routes (never in production) */
  devControls: boolean;
  /** OPS_TOKEN: the bearer token of the operations routes (/__ops/: the release tooling's reads), 32+ characters; none = those routes off */
  opsToken: string | null;
  /** CORS_ORIGINS: comma-separated, default http://localhost:3100..3104 and 127.0.0.1 */
  corsOrigins: string[];
  /** STAFF_ORIGINS: comma-separated origins of the operations console, the only ones CORS allows on /staff/ (default http://localhost:3105 and 127.0.0.1) */
  staffOrigins: string[];
  /** STAFF_SESSION_IDLE_MINUTES: a staff session unused this long ends, default 15 */
  staffSessionIdleMinutes: number;
  /** STAFF_SESSION_MAX_MINUTES: a staff session ends this long after sign-in, default 480 (a shift) */
  staffSessionMaxMinutes: number;
  /** STAFF_LOCKOUT_TRIES: wrong staff sign-ins in a row that lock the account (POLICY.staff.lockoutMinutes), default 5 */
  staffLockoutTries: number;
  /** STAFF_SIGNIN_RATE_MAX: staff sign-in attempts per minute per address, default 20 (0 = off) */
  staffSignInRateMax: number;
  /** LOG_LEVEL: default info (silent for none) */
  logLevel: string;
  /** BODY_LIMIT_BYTES: JSON body limit, default 1 MB */
  bodyLimit: number;
  /** UPLOAD_MAX_BYTES: image upload limit, default 5 MB */
  uploadMaxBytes: number;
  /** UPLOAD_QUOTA_BYTES: all of one user's stored photos together, default 20 MB */
  uploadQuotaBytes: number;
  /** UPLOAD_MIN_FREE_BYTES: below this free space on UPLOAD_DIR's disk the instance is not ready (/ready 503), default 50 MB */
  uploadMinFreeBytes: number;
  /** RATE_LIMIT_MAX: requests per minute per IP on the API, default 1200 (0 = off) */
  rateLimitMax: number;
  /** AUTH_RATE_LIMIT_MAX: login/register/getVerifyCode per minute per IP, default 30 (0 = off) */
  authRateLimitMax: number;
  /** OTP_SECRET: HMAC key for stored OTP and token hashes, default a development constant */
  secret: string;
  /** DATA_KEY: secret (32+ characters) the keys for data encrypted at rest are derived from; default a development constant */
  dataKey: string;
  /** VALIDATE_RESPONSES: check every answer against the catalogue's response schema; default on outside production */
  validateResponses: boolean;
  /** OCR_ENABLED: default 1; 0 answers ocrFailed without loading tesseract */
  ocrEnabled: boolean;
  /** FACE_WORKERS: selfie-check worker threads, default the cores this process may use (os.availableParallelism) */
  faceWorkers: number;
  /** TRUST_PROXY: address(es) of the load balancer whose X-Forwarded-For gives the client address (limits per IP); default none */
  trustProxy: string | null;
  /** DB_POOL_MAX: PostgreSQL connections per instance, default 10 */
  dbPoolMax: number;
  /** DB_CONNECT_TIMEOUT_MS: longest wait for a pooled connection (or a new one), default 5000 */
  dbConnectTimeoutMs: number;
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL statement_timeout of every connection, default 10000 (0 = none) */
  statementTimeoutMs: number;
  /** DB_LOCK_TIMEOUT_MS: PostgreSQL lock_timeout of every connection, default 3000 (0 = none) */
  lockTimeoutMs: number;
  /** DB_IDLE_TX_TIMEOUT_MS: PostgreSQL idle_in_transaction_session_timeout, default 30000 (0 = none) */
  idleTxTimeoutMs: number;
  /** HEADERS_TIMEOUT_MS: a request's headers must arrive within this, default 10000 */
  headersTimeoutMs: number;
  /** REQUEST_TIMEOUT_MS: a whole request (headers and body) must arrive within this, default 60000 */
  requestTimeoutMs: number;
  /** CONNECTION_TIMEOUT_MS: a socket idle this long is closed, default 120000 */
  connectionTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this, default 72000 (above the balancer's) */
  keepAliveTimeoutMs: number;
  /** BORROWER_MAX_CONCURRENT: calls of one session in progress at once on an instance, default 8: above the 6 connections a browser opens to one origin, so one tab never meets it (0 = off) */
  borrowerMaxConcurrent: number;
  /** WIRE_T_WINDOW_SECONDS: a sealed request's `t` may differ from the server's time by this much, default 300 (0 = no check) */
  wireTWindowSeconds: number;
  /** OTP_GLOBAL_MAX_PER_HOUR: login/register codes sent per hour to all numbers together, and apart codes signed-in borrowers ask to a number they name, default 2000 each (0 = no ceiling; step-up codes have none) */
  otpGlobalMaxPerHour: number;
  /** OTP_PREFIX_MAX_PER_HOUR: the same per operator prefix (3XX), default 500 (0 = no ceiling) */
  otpPrefixMaxPerHour: number;
  /** OTP_UNKNOWN_SHARE_PERCENT: the part of the login/register ceilings codes to unregistered numbers may use, default 50 (1-100); beyond it they are shed */
  otpUnknownSharePercent: number;
  /** OTP_CHALLENGE_AFTER: login/register codes one address may ask per hour before a challenge, default 3 (0 = never challenged) */
  otpChallengeAfter: number;
  /** OTP_CHALLENGE_BITS: the challenge's work, leading zero bits of SHA-256, default 16 (about 65,000 hashes) */
  otpChallengeBits: number;
  /** OTP_CHALLENGE_EXEMPT: comma-separated addresses never challenged (test and e2e machines), default none */
  otpChallengeExempt: string[];
}

const DEV_DATA_KEY = 'dev-only-data-key-change-me-0123456789';

function num(v: string | undefined, d: number): number {
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`invalid number: ${v}`);
  return n;
}

/** a comma-separated list, or null when unset */
const listOf = (v: string | undefined): string[] | null =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;

function lenderOf(env: NodeJS.ProcessEnv): { corporateName: string; licence: string } | null {
  const corporateName = env.LENDER_CORPORATE_NAME?.trim() ?? '';
  const licence = env.LENDER_LICENCE?.trim() ?? '';
  if (!corporateName && !licence) return null;
  if (!corporateName || !licence) throw new Error('LENDER_CORPORATE_NAME and LENDER_LICENCE must be set together');
  return { corporateName, licence };
}

function bureauStubOf(v: string | undefined): Record<string, number> {
  if (!v) return {};
  let o: unknown;
  try {
    o = JSON.parse(v);
  } catch {
    throw new Error('CREDIT_BUREAU_STUB must be JSON: {"<mobile>": <rupees outstanding>}');
  }
  const ok = o && typeof o === 'object' && !Array.isArray(o) && Object.values(o).every((x) => Number.isInteger(x) && (x as number) >= 0);
  if (!ok) throw new Error('CREDIT_BUREAU_STUB must map mobile numbers to whole rupees (0 or more)');
  return o as Record<string, number>;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const ports = [3100, 3101, 3102, 3103, 3104];
  const cfg: Config = {
    profile: loadProfile(env.MARKET_PROFILE, lenderOf(env)),
    bureauStub: bureauStubOf(env.CREDIT_BUREAU_STUB),
    port: num(env.PORT, 4000),
    host: env.HOST || '127.0.0.1',
    nodeEnv,
    dataDir: path.resolve(env.DATA_DIR || path.join(serverRoot, 'data', 'pglite')),
    databaseUrl: env.DATABASE_URL || null,
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(serverRoot, 'data', 'uploads')),
    clockSpeed: num(env.CLOCK_SPEED, 1),
    otpFixedCode: env.OTP_FIXED_CODE || null,
    dataCollection: env.DATA_COLLECTION === '1',
    reviewDelayMs: num(env.REVIEW_DELAY_MS, 60_000),
    payoutDelayMs: num(env.PAYOUT_DELAY_MS, 60_000),
    payoutFailureRate: num(env.PAYOUT_FAILURE_RATE, 0),
    cashierFailureRate: num(env.CASHIER_FAILURE_RATE, 0),
    retentionDays: num(env.RETENTION_DAYS, POLICY.retentionDays),
    moneyIdleSeconds: num(env.MONEY_IDLE_SECONDS, POLICY.moneyIdleSeconds),
    sessionTtlDays: num(env.SESSION_TTL_DAYS, 30),
    sessionIdleDays: num(env.SESSION_IDLE_DAYS, POLICY.sessionIdleDays),
    jobIntervalMs: num(env.JOB_INTERVAL_MS, 1000),
    devControls: env.DEV_CONTROLS === '1',
    opsToken: env.OPS_TOKEN || null,
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : ports.flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]),
    staffOrigins: listOf(env.STAFF_ORIGINS) ?? ['http://localhost:3105', 'http://127.0.0.1:3105'],
    staffSessionIdleMinutes: num(env.STAFF_SESSION_IDLE_MINUTES, 15),
    staffSessionMaxMinutes: num(env.STAFF_SESSION_MAX_MINUTES, 480),
    staffLockoutTries: num(env.STAFF_LOCKOUT_TRIES, 5),
    staffSignInRateMax: num(env.STAFF_SIGNIN_RATE_MAX, 20),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimit: num(env.BODY_LIMIT_BYTES, 1024 * 1024),
    uploadMaxBytes: num(env.UPLOAD_MAX_BYTES, 5 * 1024 * 1024),
    uploadQuotaBytes: num(env.UPLOAD_QUOTA_BYTES, 20 * 1024 * 1024),
    uploadMinFreeBytes: num(env.UPLOAD_MIN_FREE_BYTES, 50 * 1024 * 1024),
    rateLimitMax: num(env.RATE_LIMIT_MAX, 1200),
    authRateLimitMax: num(env.AUTH_RATE_LIMIT_MAX, 30),
    secret: env.OTP_SECRET || 'dev-only-secret-change-me',
    dataKey: env.DATA_KEY || DEV_DATA_KEY,
    validateResponses: env.VALIDATE_RESPONSES ? env.VALIDATE_RESPONSES === '1' : nodeEnv !== 'production',
    ocrEnabled: env.OCR_ENABLED !== '0',
    faceWorkers: Math.max(1, Math.floor(num(env.FACE_WORKERS, os.availableParallelism()))),
    trustProxy: env.TRUST_PROXY || null,
    dbPoolMax: num(env.DB_POOL_MAX, 10),
    dbConnectTimeoutMs: num(env.DB_CONNECT_TIMEOUT_MS, 5000),
    statementTimeoutMs: num(env.DB_STATEMENT_TIMEOUT_MS, 10_000),
    lockTimeoutMs: num(env.DB_LOCK_TIMEOUT_MS, 3000),
    idleTxTimeoutMs: num(env.DB_IDLE_TX_TIMEOUT_MS, 30_000),
    headersTimeoutMs: num(env.HEADERS_TIMEOUT_MS, 10_000),
    requestTimeoutMs: num(env.REQUEST_TIMEOUT_MS, 60_000),
    connectionTimeoutMs: num(env.CONNECTION_TIMEOUT_MS, 120_000),
    keepAliveTimeoutMs: num(env.KEEP_ALIVE_TIMEOUT_MS, 72_000),
    borrowerMaxConcurrent: num(env.BORROWER_MAX_CONCURRENT, 8),
    wireTWindowSeconds: num(env.WIRE_T_WINDOW_SECONDS, 300),
    otpGlobalMaxPerHour: num(env.OTP_GLOBAL_MAX_PER_HOUR, 2000),
    otpPrefixMaxPerHour: num(env.OTP_PREFIX_MAX_PER_HOUR, 500),
    otpUnknownSharePercent: num(env.OTP_UNKNOWN_SHARE_PERCENT, 50),
    otpChallengeAfter: num(env.OTP_CHALLENGE_AFTER, 3),
    otpChallengeBits: num(env.OTP_CHALLENGE_BITS, 16),
    otpChallengeExempt: (env.OTP_CHALLENGE_EXEMPT ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    ...overrides,
  };
  checkConfig(cfg);
  return cfg;
}

/** Refuses unsafe settings: throws with a clear message. */
export function checkConfig(cfg: Config): void {
  const prod = cfg.nodeEnv === 'production';
  if (prod && cfg.otpFixedCode) throw new Error('OTP_FIXED_CODE is not allowed when NODE_ENV=production');
  if (prod && cfg.devControls) throw new Error('DEV_CONTROLS is not allowed when NODE_ENV=production');
  if (prod && cfg.secret === 'dev-only-secret-change-me') throw new Error('OTP_SECRET must be set when NODE_ENV=production');
  if (prod && cfg.dataKey === DEV_DATA_KEY)
    throw new Error('DATA_KEY must be set when NODE_ENV=production (account numbers, CNICs and photos are encrypted with it)');
  if (prod && lenderIsExample(cfg.profile))
    throw new Error(
      `LENDER_CORPORATE_NAME and LENDER_LICENCE must be set when NODE_ENV=production under MARKET_PROFILE=${cfg.profile.id} (the shipped lender is an example)`,
    );
  if (cfg.dataKey.length < 32) throw new Error('DATA_KEY must be at least 32 characters');
  if (cfg.opsToken !== null && cfg.opsToken.length < 32) throw new Error('OPS_TOKEN must be at least 32 characters (or unset: no /__ops/ routes)');
  if (cfg.otpFixedCode && !/^\d{6}$/.test(cfg.otpFixedCode)) throw new Error('OTP_FIXED_CODE must be 6 digits');
  if (!(cfg.clockSpeed > 0)) throw new Error('CLOCK_SPEED must be > 0');
  if (!(cfg.staffSessionIdleMinutes > 0 && cfg.staffSessionMaxMinutes >= cfg.staffSessionIdleMinutes))
    throw new Error('STAFF_SESSION_IDLE_MINUTES must be > 0 and STAFF_SESSION_MAX_MINUTES at least as long');
  if (!(Number.isInteger(cfg.staffLockoutTries) && cfg.staffLockoutTries >= 1)) throw new Error('STAFF_LOCKOUT_TRIES must be a whole number >= 1');
  if (cfg.staffOrigins.some((o) => cfg.corsOrigins.includes(o)))
    throw new Error('STAFF_ORIGINS must not share an origin with CORS_ORIGINS: the console is served apart from the borrower apps');
  if (!(cfg.headersTimeoutMs > 0 && cfg.requestTimeoutMs >= cfg.headersTimeoutMs))
    throw new Error('HEADERS_TIMEOUT_MS must be > 0 and REQUEST_TIMEOUT_MS at least as long');
  if (!(Number.isInteger(cfg.otpUnknownSharePercent) && cfg.otpUnknownSharePercent >= 1 && cfg.otpUnknownSharePercent <= 100))
    throw new Error('OTP_UNKNOWN_SHARE_PERCENT must be a whole number 1..100');
  if (!(Number.isInteger(cfg.otpChallengeBits) && cfg.otpChallengeBits >= 1 && cfg.otpChallengeBits <= 32)) throw new Error('OTP_CHALLENGE_BITS must be 1..32');
  for (const [k, v] of [
    ['PAYOUT_FAILURE_RATE', cfg.payoutFailureRate],
    ['CASHIER_FAILURE_RATE', cfg.cashierFailureRate],
  ] as const) {
    if (v < 0 || v > 1) throw new Error(`${k} must be between 0 and 1`);
  }
}
