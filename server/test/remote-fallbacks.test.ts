/**
 * Phones' fallback reports counted per release and reporter (domain/remoteFallbacks.ts), and read by the release
 * tooling at GET /__ops/remote-fallbacks with OPS_TOKEN. On PostgreSQL a second instance shares the database and
 * reports arrive on both at once.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTest, register, type Client } from './helpers';
import { FALLBACK_LIMITS, RELEASE_ID } from '../src/domain/remoteFallbacks';
import { recordFallback } from '../src/repos/remoteFallbacks';
import C from '../src/api/contract';

type Srv = Awaited<ReturnType<typeof startTest>>;
const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';
const srv: Srv[] = [];
before(async () => {
  const cfg = { opsToken: OPS_TOKEN, trustProxy: '127.0.0.1' };
  srv.push(await startTest(cfg));
  // a second instance on the same PostgreSQL database (PGlite is one process's)
  if (process.env.DATABASE_URL) srv.push(await startTest(cfg, {}, srv[0].root));
});
after(async () => {
  for (const s of srv) await s.close();
});

const on = (i: number): Client => srv[i % srv.length].client;
let n = 0;
/** a fresh release id of mf_repay: each test counts its own */
const release = () => `1.0.${++n}-${(0xabc0000 + n).toString(16)}`;
const report = (i: number, version: string, o: { ip?: string; token?: string; event?: string; remote?: string } = {}) =>
  on(i)(
    'clientEvent',
    { event: o.event ?? 'remoteFallback', remote: o.remote ?? 'mf_repay', version, fallbackVersion: '1.0.0-0ff1ce0', reason: 'entry: HTTP 404' },
    { ip: o.ip ?? '203.0.113.1', token: o.token },
  );
async function ops(query: string, token: string | null = OPS_TOKEN, base = srv[0].base) {
  const res = await fetch(`${base}/__ops/remote-fallbacks${query}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, body: (await res.json()) as any };
}
const countsOf = async (version: string, since = Date.now() - 3_600_000) =>
  (await ops(`?since=${new Date(since).toISOString()}`)).body.fallbacks.find((f: { version: string }) => f.version === version);

test("the server's pattern of a release id is the release tool's (platform/src/core/store.ts VERSION_ID)", async () => {
  const { VERSION_ID } = (await import('../../platform/src/core/store.ts' as string)) as { VERSION_ID: string };
  assert.equal(RELEASE_ID.source, `^${VERSION_ID}$`);
});

test('/__ops/remote-fallbacks answers only with the OPS_TOKEN bearer, and only when OPS_TOKEN is configured', async () => {
  assert.equal((await ops('?since=0', null)).status, 401);
  assert.equal((await ops('?since=0', `${OPS_TOKEN}x`)).status, 401);
  assert.equal((await ops('?since=0', 'short')).status, 401);
  const ok = await ops('?since=0');
  assert.equal(ok.status, 200);
  assert.equal(ok.body.since, '1970-01-01T00:00:00.000Z');
  assert.equal((await ops('?since=yesterday')).status, 400);
  assert.equal((await ops('')).status, 400);
  // no OPS_TOKEN: no such route, whatever the token (its own database directory; on PostgreSQL the same database)
  const off = await startTest({}, {}, fs.mkdtempSync(path.join(os.tmpdir(), 'lm-test-')));
  try {
    const r = await ops('?since=0', OPS_TOKEN, off.base);
    assert.equal(r.status, 404);
    assert.equal(r.body.code, C.ErrorCode.unknownCall, 'the envelope of an unknown URL');
  } finally {
    await off.close();
  }
});

test('each reporter counts once per release (a signed-in borrower by account, else by address); every report is counted', async () => {
  const v = release();
  for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.1', '203.0.113.1']) assert.equal((await report(0, v, { ip })).code, 0);
  const u = await register(on(0));
  // one borrower from two addresses is one device
  await report(0, v, { token: u.token, ip: '198.51.100.7' });
  await report(1, v, { token: u.token, ip: '198.51.100.8' });
  const c = await countsOf(v);
  assert.deepEqual({ remote: c.remote, devices: c.devices, reports: c.reports }, { remote: 'mf_repay', devices: 3, reports: 6 });
  assert.ok(Date.parse(c.firstAt) <= Date.parse(c.lastAt));
  // only reporters whose latest report is since `since`
  assert.equal(await countsOf(v, Date.now() + 60_000), undefined);
});

test('a remote that failed altogether, an unknown remote or a version no release has is logged, not counted', async () => {
  const v = release();
  assert.equal((await report(0, v, { event: 'remoteFailed' })).code, 0);
  assert.equal((await report(0, v, { remote: 'mf_nothing' })).code, 0);
  const junk = ['latest', '1.0.0', '1.0.0-ABCDEFG', '1.0.0-abc12345'];
  for (const j of junk) assert.equal((await report(0, j)).code, 0);
  const all = (await ops('?since=0')).body.fallbacks as { remote: string; version: string }[];
  assert.deepEqual(
    all.filter((f) => f.version === v || f.remote !== 'mf_repay' || junk.includes(f.version)),
    [],
  );
});

test('reports arriving at once (on two instances with PostgreSQL) are all counted', async () => {
  const v = release();
  // 24 devices, and one of them reporting 16 times more, all at the same moment
  const sent = await Promise.all([
    ...Array.from({ length: 24 }, (_, i) => report(i, v, { ip: `192.0.2.${i + 1}` })),
    ...Array.from({ length: 16 }, (_, i) => report(i, v, { ip: '192.0.2.1' })),
  ]);
  assert.ok(sent.every((a) => a.code === 0));
  const c = await countsOf(v);
  assert.deepEqual({ devices: c.devices, reports: c.reports }, { devices: 24, reports: 40 });
  // the same reporter's first reports of a release, straight to the database from both instances
  const w = release();
  const key = { remote: 'mf_repay', version: w, reporter: 'r'.repeat(32) };
  const now = Date.now();
  await Promise.all(Array.from({ length: 20 }, (_, i) => recordFallback(srv[i % srv.length].deps.db, key, now + i, FALLBACK_LIMITS)));
  assert.deepEqual(await countsOf(w).then((x) => [x.devices, x.reports]), [1, 20]);
});

test('one reporter is counted for a bounded number of releases a day: junk versions cannot grow the table', async () => {
  const versions = Array.from({ length: 12 }, release);
  for (const v of versions) await report(0, v, { ip: '203.0.113.99' });
  const counted = (await ops('?since=0')).body.fallbacks.filter((f: { version: string }) => versions.includes(f.version));
  assert.equal(counted.length, 10);
  // another reporter is not held back by it
  assert.equal((await countsOf(versions[11])) ?? null, null);
  await report(0, versions[11], { ip: '203.0.113.100' });
  assert.equal((await countsOf(versions[11])).devices, 1);
});
