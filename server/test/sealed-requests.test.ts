/**
 * Sealed requests expire and act once (issue 25 item 9): a stale `t` is refused with requestStale
 * and the server's time, a mutating call's sealed field is accepted once (replays refused on any
 * instance), a proof of repayment sent twice stores one proof, and no log keeps a sealed query.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTest, register, onboard, JPEG, KEY, FIXED, migratedPglite, type Client } from './helpers';
import C from '../src/api/contract';
import type { EndpointName } from '../src/api/contract';

const { ErrorCode: E, endpoints, sealRequest, fillPath, DEFAULT_PACKAGE_NAME, OrderStatus: S } = C;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
type Srv = Awaited<ReturnType<typeof startTest>>;

const srv: Srv[] = [];
let call: Client;
before(async () => {
  srv.push(await startTest({ sessionTtlDays: 3650 }));
  if (process.env.DATABASE_URL) srv.push(await startTest({ sessionTtlDays: 3650 }, {}, srv[0].root));
  call = srv[0].client;
});
after(async () => {
  for (const s of srv) await s.close();
});

/** seals once (t = nowMs) and returns a sender that sends exactly that request to instance i, as the app does (POST: body and query) */
function sealed(name: EndpointName, params: Record<string, unknown>, token?: string, nowMs = Date.now()) {
  const ep = endpoints[name];
  const { path: logical, rest } = fillPath(ep.path, params);
  const req = sealRequest(KEY, ep.prefix, logical, rest, nowMs);
  return async (i = 0) => {
    const headers: Record<string, string> = { packageName: DEFAULT_PACKAGE_NAME, lang: 'en', 'content-type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const url = `${srv[i % srv.length].base}${req.url}?${req.field}=${encodeURIComponent(req.sealed)}`;
    const r = await fetch(url, ep.method === 'POST' ? { method: 'POST', headers, body: JSON.stringify({ [req.field]: req.sealed }) } : { headers });
    return { status: r.status, ...((await r.json()) as { code: number; msg: string; data: any }) };
  };
}

test('a t outside the freshness window is refused with requestStale and the server time; a fresh one is served', async () => {
  const YEAR = 365 * 86_400_000;
  // relative to the moment of sending, 5 s past the edges: a loaded machine took over a second between calls
  for (const at of [
    () => 0,
    () => -5_000,
    (now: number) => now - YEAR,
    (now: number) => now + 10 * YEAR,
    (now: number) => now - 305_000,
    (now: number) => now + 305_000,
  ]) {
    const t = at(Date.now());
    const a = await sealed('marketConfig', {}, undefined, t)();
    assert.equal(a.code, E.requestStale, `t=${t}: ${JSON.stringify(a)}`);
    assert.equal(a.status, 400);
    assert.ok(Math.abs(a.data.serverTime - Math.floor(Date.now() / 1000)) <= 2);
    assert.match(a.msg, /out of date/);
  }
  assert.equal((await sealed('marketConfig', {}, undefined, Date.now() - 200_000)()).code, 0, 'within 300 s');
});

test('a replayed sealed mutating call is refused on every instance; a read may be repeated', async () => {
  const u = await register(call);
  const save = sealed('saveConsent', { version: (await call('consent', {}, { token: u.token })).data.version, permissions: ['camera'] }, u.token);
  const first = await save(0);
  assert.notEqual(first.code, E.requestReplayed);
  for (let i = 0; i < 4; i++) {
    const again = await save(i + 1);
    assert.equal(again.code, E.requestReplayed, JSON.stringify(again));
    assert.equal(again.status, 409);
  }
  const read = sealed('getUserInfo', {}, u.token);
  assert.equal((await read(0)).code, 0);
  assert.equal((await read(1)).code, 0);
});

test('a proof of repayment sent twice stores one proof: the replay refused, a re-sealed copy answers the same proof', async () => {
  const u = await register(call);
  await onboard(call, u.token);
  await srv[0].dev('force', { mobile: u.mobile, review: 'approve', payout: 'ok' });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  const orderNo = ap.data.order.orderNo as string;
  await srv[0].dev('jobs/run', {});
  await srv[0].dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await call('getMoney', { orderNo, agree: true, idempotencyKey: 'gm-proof-1' }, { token: u.token })).code, 0);
  await srv[0].dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await call('latestOrder', {}, { token: u.token })).data.order.status, S.Repaying);
  const up = await call('proofUpload', { orderNo }, { token: u.token, file: { data: JPEG } });
  const params = { orderNo, fileId: up.data.fileId, amount: 1000, transactionRef: 'TRX123456' };
  const send = sealed('saveAdditional', params, u.token);
  const [a, b] = await Promise.all([send(0), send(1)]);
  assert.deepEqual([a.code, b.code].sort(), [0, E.requestReplayed].sort(), JSON.stringify([a, b]));
  const resealed = await Promise.all([call('saveAdditional', params, { token: u.token }), call('saveAdditional', params, { token: u.token })]);
  const ok = a.code === 0 ? a : b;
  for (const r of resealed) assert.equal(r.data.proof.proofId, ok.data.proof.proofId, JSON.stringify(r));
  const proofs = await call('proofStatus', { orderNo }, { token: u.token });
  assert.equal(proofs.data.proofs.length, 1);
});

test('the request log keeps no sealed query string', async () => {
  const root = (srv[0] as { root: string }).root;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: await migratedPglite(root, 'log-pglite'),
      UPLOAD_DIR: path.join(root, 'log-up'),
      OTP_FIXED_CODE: FIXED,
      SMS_PROVIDER: 'log', // no gateway beside a spawned server (the SMS tests are notices.test's)
      JOB_INTERVAL_MS: '0',
      OCR_ENABLED: '0',
      LOG_LEVEL: 'trace',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  try {
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
      child.stdout!.on('data', () => {
        const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    const ep = endpoints.getVerifyCode;
    const req = sealRequest(KEY, ep.prefix, ep.path, { mobile: '03001234567', type: 'login' });
    const headers = { packageName: DEFAULT_PACKAGE_NAME, 'content-type': 'application/json' };
    const q = `${req.field}=${encodeURIComponent(req.sealed)}`;
    await fetch(`${base}${req.url}?${q}`, { method: 'POST', headers, body: JSON.stringify({ [req.field]: req.sealed }) });
    await fetch(`${base}${req.url}?${q}`, { headers }); // wrong method
    await fetch(`${base}/api/not-sealed?${q}`, { headers }); // cannot be opened
    await new Promise((r) => setTimeout(r, 300));
    assert.match(out, /"msg":"request"/);
    assert.ok(!out.includes(req.sealed.slice(0, 40)) && !out.includes(req.field + '='), `a sealed query in the log:\n${out.slice(-2000)}`);
  } finally {
    child.kill();
  }
});
