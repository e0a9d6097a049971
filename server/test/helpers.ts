/** Test harness: a real server on a random port with a temporary PGlite dir (or DATABASE_URL), and a wire client. */
import { after, before } from 'node:test';
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import sharp from 'sharp';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/settings/config';
import { openDb } from '../src/db';
import { startServer, type BuildOptions } from '../src/app/server';
import C from '../src/api/contract';
import type { EndpointName } from '../src/api/contract';
import { replayedFaceCheck } from './faceReplay';
import { ADDITION, ANSWERS, BASIC, CARD } from '../src/dev/borrower';
import { startSandbox } from '../sandbox/sandbox';

const { endpoints, deriveKey, sealRequest, fillPath, DEFAULT_PACKAGE_NAME, challengeInput, leadingZeroBits } = C;
export const FIXED = '123456';
export const KEY = deriveKey(DEFAULT_PACKAGE_NAME);

export type Answer = { status: number; code: number; msg: string; data: any };

export async function resetPostgres(url: string) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('drop schema public cascade; create schema public;');
  await c.end();
}

/**
 * On PostgreSQL, each test file (its own process) gets its own database in the cluster of DATABASE_URL,
 * so files run side by side (test/run.mjs); DATABASE_URL names it from here on.
 */
async function ownDatabase(url: string): Promise<string> {
  const pg = (await import('pg')).default;
  const u = new URL(url);
  const name = `${u.pathname.slice(1)}_${process.pid}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`drop database if exists ${name}`);
  await c.query(`create database ${name}`);
  await c.end();
  u.pathname = `/${name}`;
  return u.toString();
}
if (process.env.DATABASE_URL) process.env.DATABASE_URL = await ownDatabase(process.env.DATABASE_URL);

/**
 * PGlite: a new database's initdb is most of a server's start (seconds of CPU), so it is made once, and each directory
 * starts as a copy: migrated for a server, bare for the tests of migrating itself (migrations, ledger-backfill). Kept in
 * the temporary folder under a name from PGlite's version (and the migrations, for the migrated one); made in a folder of
 * its own, then renamed, so files side by side never see half of one.
 */
async function pgliteTemplate(migrated: boolean): Promise<string> {
  const migrations = new URL('../src/db/migrations/', import.meta.url);
  const sources = [
    ...(migrated
      ? fs
          .readdirSync(migrations)
          .sort()
          .map((f) => new URL(f, migrations))
      : []),
    new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
  ].map((u) => fs.readFileSync(u));
  const hash = crypto.createHash('sha256');
  for (const s of sources) hash.update(s);
  const dir = path.join(os.tmpdir(), `lm-pglite-${migrated ? 'template' : 'bare'}-${hash.digest('hex').slice(0, 12)}`);
  if (fs.existsSync(dir)) return dir;
  const making = fs.mkdtempSync(`${dir}-making-`);
  if (migrated) {
    const opened = await openDb(loadConfig({ ...process.env, NODE_ENV: 'test' }, { dataDir: making, logLevel: 'silent' }));
    await opened.close(); // its lock file removed: a copy is a closed database
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    await (await PGlite.create({ dataDir: making })).close();
  }
  try {
    fs.renameSync(making, dir);
  } catch {
    fs.rmSync(making, { recursive: true, force: true }); // another file made it first
  }
  return dir;
}

/** `root`/`name` as a PGlite directory (a copy of a template: `migrated`, or bare) unless it is one already; for a server started here or spawned */
export async function migratedPglite(root: string, name = 'pglite', migrated = true): Promise<string> {
  const dataDir = path.join(root, name);
  if (!fs.existsSync(dataDir)) fs.cpSync(await pgliteTemplate(migrated), dataDir, { recursive: true });
  return dataDir;
}

/** a new folder for a test of migrating: a bare PGlite database in its `pglite` (on PostgreSQL, DATABASE_URL's emptied) */
export async function unmigrated(prefix: string): Promise<{ root: string; dataDir: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(root);
  if (process.env.DATABASE_URL) {
    await resetPostgres(process.env.DATABASE_URL);
    return { root, dataDir: path.join(root, 'pglite') };
  }
  return { root, dataDir: await migratedPglite(root, 'pglite', false) };
}

/** Where a server under `root` keeps its data: on PostgreSQL (DATABASE_URL) the directory goes unused; on PGlite a migrated copy. */
export const serverDataDir = async (root: string): Promise<string> => (process.env.DATABASE_URL ? path.join(root, 'pglite') : migratedPglite(root));

/**
 * The folders startTest made (a server's data and uploads, a PGlite copy of about 80 MB each): removed when the test file's
 * process ends, not when its server closes (a test may start another server on the same folder). Left behind, a run's
 * filled gigabytes of the temporary folder.
 */
const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** `realFace`: the face detector's real model (the face tests); the others replay its answers (faceReplay.ts) */
export async function startTest(overrides: Partial<Config> = {}, opts: BuildOptions & { realFace?: boolean } = {}, dir?: string) {
  const root = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lm-test-'));
  if (!dir) made.push(root);
  if (process.env.DATABASE_URL && !dir) await resetPostgres(process.env.DATABASE_URL);
  const dataDir = await serverDataDir(root);
  // the app origins are the defaults the tests name, whatever origins a stack of this shell allows (CORS_ORIGINS)
  const { CORS_ORIGINS: _origins, ...env } = process.env;
  const cfg = loadConfig(
    { ...env, NODE_ENV: 'test' },
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      uploadDir: path.join(root, 'uploads'),
      otpFixedCode: FIXED,
      devControls: true,
      jobIntervalMs: 0,
      logLevel: 'silent',
      authRateLimitMax: 0,
      rateLimitMax: 0,
      otpChallengeAfter: 0,
      borrowerMaxConcurrent: 0, // the money tests fire many calls of one borrower at once on purpose; the cap has its own test
      ocrEnabled: false,
      validateResponses: true,
      railsReconcileEveryMs: 0,
      staffPasswordCost: 10, // 2^16 (production's least) costs each sign-in about 2 s of a core; staff.test checks the default's hash
      ...overrides,
    },
  );
  const { realFace, ...build } = opts;
  // the file's rails sandbox (server/sandbox/), on a free port with its data beside the server's, unless the test names one
  const sandbox = overrides.railsUrl ? null : await startSandbox({ port: 0, dataDir: path.join(root, 'sandbox'), config: { hangMs: 2_000 } });
  if (sandbox) cfg.railsUrl = sandbox.url;
  const s = await startServer(cfg, { ...build, face: build.face ?? (realFace ? undefined : replayedFaceCheck()) }).catch(async (e) => {
    await sandbox?.close();
    throw e;
  });
  const base = s.url;
  const close = async () => {
    await s.close();
    await sandbox?.close();
  };
  /** a control route of the file's sandbox (/__sandbox/...: accounts, config, cutoff, file-fault, transactions) */
  const rails = async (p: string, body?: unknown) => {
    const r = await fetch(
      `${cfg.railsUrl}/__sandbox/${p}`,
      body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    return r.json() as Promise<any>;
  };
  return { ...s, close, root, cfg, base, client: makeClient(base), dev: (p: string, body?: unknown) => devCall(base, p, body), rails };
}

export type TestServer = Awaited<ReturnType<typeof startTest>>;

/**
 * The test file's server: started before its first test (startTest with these settings) and closed after its
 * last. Its fields are read once it runs (inside a test, or in `opts.setup`, run once it has started); `call` is its
 * wire client; `restart` starts it again on the same data.
 */
export function serverForFile(
  overrides: Partial<Config> = {},
  opts: BuildOptions & { realFace?: boolean; setup?: (srv: TestServer) => Promise<void> } = {},
): { srv: TestServer; call: Client; restart(): Promise<void> } {
  const { setup, ...startOpts } = opts;
  let started: TestServer | undefined;
  // `setup` (a file's borrower, lists) runs in this hook: node 20 does not wait for one top-level `before` to end before the next
  before(async () => {
    started = await startTest(overrides, startOpts);
    await setup?.(started);
  });
  after(async () => {
    await started?.close();
  });
  const srv = new Proxy({} as TestServer, {
    get(_, key) {
      if (!started) throw new Error(`the file's server is not started yet (read srv.${String(key)} inside a test)`);
      return Reflect.get(started, key);
    },
  });
  const call = ((...args: Parameters<Client>) => srv.client(...args)) as Client;
  Object.defineProperty(call, 'base', { get: () => srv.base });
  /** closes the server and starts another on its folder (and database) with the same settings */
  const restart = async () => {
    const root = srv.root;
    await srv.close();
    started = undefined;
    started = await startTest(overrides, startOpts, root);
  };
  return { srv, call, restart };
}

export async function devCall(base: string, p: string, body?: unknown) {
  const r = await fetch(
    base + '/__dev/' + p,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return r.json() as Promise<any>;
}

export interface CallOpts {
  token?: string;
  lang?: string;
  packageName?: string | null;
  file?: { data: Buffer; name?: string; type?: string };
  /** client address as a balancer reports it (X-Forwarded-For; honoured with TRUST_PROXY) */
  ip?: string;
}

export function makeClient(base: string) {
  async function call(name: EndpointName, params: Record<string, unknown> = {}, o: CallOpts = {}): Promise<Answer> {
    const ep = endpoints[name];
    const { path: logical, rest } = fillPath(ep.path, params);
    const req = sealRequest(KEY, ep.prefix, logical, rest);
    const headers: Record<string, string> = { appName: 'LoanMarket', afid: 'test', lang: o.lang ?? 'en' };
    if (o.packageName !== null) headers.packageName = o.packageName ?? DEFAULT_PACKAGE_NAME;
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    if (o.ip) headers['X-Forwarded-For'] = o.ip;
    let init: RequestInit = { method: ep.method, headers };
    if (ep.multipart) {
      const fd = new FormData();
      if (o.file) fd.append('file', new Blob([new Uint8Array(o.file.data)], { type: o.file.type ?? 'image/jpeg' }), o.file.name ?? 'photo.jpg');
      fd.append(req.field, req.sealed);
      init = { ...init, body: fd };
    } else if (ep.method === 'POST') {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify({ [req.field]: req.sealed });
    }
    const url = `${base}${req.url}?${req.field}=${encodeURIComponent(req.sealed)}`;
    const r = await fetch(ep.multipart || ep.method === 'POST' ? `${base}${req.url}` : url, init);
    const j = (await r.json()) as Answer;
    return { ...j, status: r.status };
  }
  return Object.assign(call, { base });
}
export type Client = ReturnType<typeof makeClient>;

let seq = 0;
/** a fresh valid Pakistani mobile per call */
export function newMobile(): string {
  seq++;
  return `03${String((process.pid % 90) + 10)}${String(Date.now() % 1000).padStart(3, '0')}${String(seq).padStart(4, '0')}`.slice(0, 11);
}

export async function register(client: Client, mobile = newMobile()) {
  const a = await client('getVerifyCode', { mobile, type: 'register' });
  if (a.code !== 0) throw new Error(`getVerifyCode ${a.code} ${a.msg}`);
  const r = await client('register', { mobile, code: FIXED });
  if (r.code !== 0) throw new Error(`register ${r.code} ${r.msg} ${JSON.stringify(r.data)}`);
  return { mobile, token: r.data.token as string, user: r.data.user };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const c = Buffer.alloc(4);
  c.writeUInt32BE(crc(td));
  return Buffer.concat([len, td, c]);
};
const pngOf = (w: number, h: number, rows: Buffer) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** a valid white PNG with a black bar */
export function png(w = 240, h = 60): Buffer {
  const rows = Buffer.alloc((w + 1) * h, 255);
  for (let y = 0; y < h; y++) {
    rows[y * (w + 1)] = 0;
    if (y > 25 && y < 35) for (let x = 20; x < 200; x++) rows[y * (w + 1) + 1 + x] = 0;
  }
  return pngOf(w, h, rows);
}
/** a small file whose valid header claims w x h pixels (a pixel flood: its data would inflate to w x h) */
export const pngClaiming = (w: number, h: number) => pngOf(w, h, Buffer.alloc(w + 1));
/** real photos (the server decodes every upload): a small JPEG and the PNG above */
export const JPEG = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#d9d2c3' } })
  .jpeg()
  .toBuffer();
export const PNG = png(64, 40);
/** a real selfie: the face check needs one face (fixtures/faces/README.md) */
export const FACE = fs.readFileSync(new URL('./fixtures/faces/face-one.jpg', import.meta.url));
/** a photo of a card side with these printed lines (for the OCR) */
export function cardPhoto(lines: string[]): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="${80 + lines.length * 64}"><rect width="100%" height="100%" fill="#fff"/>` +
    lines.map((l, i) => `<text x="40" y="${90 + i * 64}" font-family="sans-serif" font-size="44" fill="#000">${l}</text>`).join('') +
    '</svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}
export const CNIC_FRONT_LINES = [
  'PAKISTAN',
  'Name',
  'Ali Khan',
  'Father Name',
  'Ahmed Khan',
  'Identity Number',
  '35201-1234567-1',
  'Date of Birth',
  '01.05.1990',
];
export const CNIC_BACK_LINES = ['Present Address', 'House 12 Street 4 Model Town Lahore', 'Mother Name', 'Fatima Bibi', '35201-1234567-1'];

/** the test borrower's answers: the same the QA fixtures send (one place) */
export { ADDITION, ANSWERS, BASIC, CARD };

/** agrees to the device permissions the market asks for (all of them, or only the required ones) */
export async function agreeToPermissions(client: Client, token: string, which: 'all' | 'required' = 'all') {
  const { version } = (await client('consent', {}, { token })).data;
  const cfg = (await client('marketConfig')).data;
  const permissions = cfg.permissions.filter((p: any) => p.enabled && (which === 'all' || p.required)).map((p: any) => p.key);
  const a = await client('saveConsent', { version, permissions }, { token });
  if (a.code !== 0) throw new Error(`saveConsent ${a.code} ${JSON.stringify(a.data)}`);
  return a.data;
}

/** the onboarding steps through the API, after the agreement to the device permissions the app asks first */
/** the selfie, sent again after a faceBusy answer as the app does (the check is slow on a loaded machine) */
export async function sendSelfie(client: Client, token: string, data = FACE): Promise<Answer> {
  for (let i = 0; ; i++) {
    const a = await client('saveFaceImage', {}, { token, file: { data } });
    if (a.code !== C.ErrorCode.faceBusy || i === 20) return a;
    await new Promise((r) => setTimeout(r, a.data.retryAfterMs));
  }
}

/** the personal info a test borrower saves: the test borrower's, perhaps with another CNIC */
export type Basic = Omit<typeof BASIC, 'nationalId'> & { nationalId: string };

export async function onboard(client: Client, token: string, skip: string[] = [], basic: Basic = BASIC) {
  const ok = (a: Answer, what: string) => {
    if (a.code !== 0) throw new Error(`${what}: ${a.code} ${JSON.stringify(a.data)}`);
    return a;
  };
  await agreeToPermissions(client, token);
  if (!skip.includes('basic')) ok(await client('saveBasicInfo', basic, { token }), 'basic');
  if (!skip.includes('images')) {
    ok(await client('uploadOtherCardFront', {}, { token, file: { data: JPEG } }), 'front');
    ok(await client('uploadOtherCardBack', {}, { token, file: { data: JPEG } }), 'back');
    ok(await sendSelfie(client, token), 'face');
    ok(await client('finishUploadAllImg', { agree: true }, { token }), 'finish');
  }
  if (!skip.includes('addition')) ok(await client('saveAdditionInfo', ADDITION, { token }), 'addition');
  if (!skip.includes('card')) ok(await client('addBankCard', { ...CARD, accountCode: await codeFor(client, token) }, { token }), 'card');
  if (!skip.includes('questionnaire')) ok(await client('saveQuestionnaire', { answers: ANSWERS }, { token }), 'questionnaire');
}

/**
 * A code sent to the borrower's registered number (bankAccount: an account change; moneyAction:
 * a money call answered verificationRequired): first past the one-code-a-minute wait (the business
 * clock moves 61 s, jobs not run), then asked. The fixed test code is the answer.
 */
export async function codeFor(client: Client, token: string, type: 'bankAccount' | 'moneyAction' = 'bankAccount'): Promise<string> {
  const { mobile } = (await client('getUserInfo', {}, { token })).data;
  await devCall(client.base, 'clock/advance', { ms: 61_000, runJobs: false });
  const a = await client('getVerifyCode', { mobile, type }, { token });
  if (a.code !== 0) throw new Error(`getVerifyCode ${type}: ${a.code} ${a.msg}`);
  return FIXED;
}

export const DAY = 86_400_000;

/** a solution of a challengeRequired answer's challenge (the work a phone does) */
export function solveChallenge(challenge: string, bits: number): string {
  for (let n = 0; ; n++) {
    if (
      leadingZeroBits(
        crypto
          .createHash('sha256')
          .update(challengeInput(challenge, String(n)))
          .digest(),
      ) >= bits
    )
      return String(n);
  }
}

let keySeq = 0;
/** an idempotency key of its own for each money call of this process; the pid is padded so a
 *  short label on a machine with small pids still meets the key's 8-character minimum */
export const idempotencyKey = (what: string) => `${what}-${String(process.pid).padStart(7, '0')}-${++keySeq}`;

/**
 * A new borrower, onboarded and approved, with a loan of P001 (Rs 5,000 for 91 days) taken and paid out: the order
 * is Repaying. The clock moves 6 minutes (the review and the payout). `basic`: the personal info saved (the test borrower's).
 */
export async function disbursedLoan(srv: TestServer, basic: Basic = BASIC): Promise<Awaited<ReturnType<typeof register>> & { orderNo: string }> {
  const u = await register(srv.client);
  await onboard(srv.client, u.token, [], basic);
  await srv.dev('force', { mobile: u.mobile, review: 'approve' });
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  const ap = await srv.client('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  if (ap.code !== 0) throw new Error(`applyMarket ${JSON.stringify(ap)}`);
  const orderNo = ap.data.order.orderNo as string;
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  const gm = await srv.client('getMoney', { orderNo, agree: true, idempotencyKey: idempotencyKey('gm') }, { token: u.token });
  if (gm.code !== 0) throw new Error(`getMoney ${JSON.stringify(gm)}`);
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  const { status } = await srv.deps.db.selectFrom('orders').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  if (status !== C.OrderStatus.Repaying) throw new Error(`order ${orderNo} is ${status}, not paid out`);
  return { ...u, orderNo };
}

/** what the database holds of one order, read by its number: the row, its transfers (of one kind or all), its disbursals */
export function orderRecords(srv: TestServer) {
  const orderRow = (orderNo: string) => srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  const transfersOf = async (orderNo: string, kind?: 'payout' | 'collection' | 'refund') => {
    let q = srv.deps.db
      .selectFrom('transfers')
      .selectAll()
      .where('order_id', '=', (await orderRow(orderNo)).id);
    if (kind) q = q.where('kind', '=', kind);
    return q.orderBy('id').execute();
  };
  const disbursals = async (orderNo: string) =>
    (
      await srv.deps.db
        .selectFrom('journals')
        .select('id')
        .where('order_id', '=', (await orderRow(orderNo)).id)
        .where('kind', '=', 'disbursal')
        .execute()
    ).length;
  return { orderRow, transfersOf, disbursals };
}

/** the least a production start needs: its secrets, the SMS gateway and the credit bureau */
export const PROD = {
  NODE_ENV: 'production',
  OTP_SECRET: 's'.repeat(40),
  DATA_KEY: 'k'.repeat(40),
  RAILS_INTEGRITY_SALT: 'r'.repeat(24),
  SMS_URL: 'https://sms.example.pk',
  SMS_API_KEY: 'a'.repeat(24),
  SMS_SECRET: 'q'.repeat(32),
  BUREAU_URL: 'https://bureau.example.pk',
  BUREAU_MEMBER_CODE: 'LM-0042',
  BUREAU_SECRET: 'b'.repeat(32),
  VAPID_PUBLIC_KEY: 'BG96iLcOUfcUk-PdpBnznJF-3-QL6X9feIWmrCNCYxPl4IpmD4fnjJYFzmBis2dPj8De_xqnNMO4E48LjL5a4KA',
  VAPID_PRIVATE_KEY: 'NlfGqH-gkO06K_TEtObTaUvFUH8aEV3Bb-TVbXn2zMg',
  VAPID_SUBJECT: 'mailto:ops@lender.pk',
};
