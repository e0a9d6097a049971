/**
 * Phones' reports of a release (started, crashed, fell back) counted per release and reporter (domain/releaseReports.ts),
 * and read by the release tooling at GET /__ops/release-reports with OPS_TOKEN. On PostgreSQL a second instance shares
 * the database and reports arrive on both at once.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTest, register, type Client } from './helpers';
import { REPORT_LIMITS, RELEASE_ID } from '../src/domain/releaseReports';
import { recordReport } from '../src/repos/releaseReports';
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
const report = (i: number, version: string, o: { ip?: string; token?: string; event?: string; remote?: string; device?: string } = {}) =>
  on(i)(
    'clientEvent',
    {
      event: o.event ?? 'remoteFallback',
      remote: o.remote ?? 'mf_repay',
      version,
      fallbackVersion: '1.0.0-0ff1ce0',
      reason: 'entry: HTTP 404',
      ...(o.device ? { device: o.device } : {}),
    },
    { ip: o.ip ?? '203.0.113.1', token: o.token },
  );
/** a phone's random id (host/src/remotes/tracks.ts) */
const device = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-00000000d1ce`;
async function ops(query: string, token: string | null = OPS_TOKEN, base = srv[0].base) {
  const res = await fetch(`${base}/__ops/release-reports${query}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, body: (await res.json()) as any };
}
const countsOf = async (version: string, since = Date.now() - 3_600_000) =>
  (await ops(`?since=${new Date(since).toISOString()}`)).body.releases.find((f: { version: string }) => f.version === version);

test("the server's pattern of a release id is the release tool's (platform/src/core/store.ts VERSION_ID)", async () => {
  const { VERSION_ID } = (await import('../../platform/src/core/store.ts' as string)) as { VERSION_ID: string };
  assert.equal(RELEASE_ID.source, `^${VERSION_ID}$`);
});

test('/__ops/release-reports answers only with the OPS_TOKEN bearer, and only when OPS_TOKEN is configured', async () => {
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

test('each reporter counts once per release (a signed-in borrower by account, else by device id, else by address); every report is counted', async () => {
  const v = release();
  for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.1', '203.0.113.1']) assert.equal((await report(0, v, { ip })).code, 0);
  const u = await register(on(0));
  // one borrower from two addresses is one device
  await report(0, v, { token: u.token, ip: '198.51.100.7' });
  await report(1, v, { token: u.token, ip: '198.51.100.8', device: device(9) });
  const c = await countsOf(v);
  assert.deepEqual(
    { remote: c.remote, devices: c.devices, crashed: c.crashed, fallbacks: c.fallbacks, crashes: c.crashes },
    { remote: 'mf_repay', devices: 3, crashed: 3, fallbacks: 6, crashes: 0 },
  );
  assert.ok(Date.parse(c.firstAt) <= Date.parse(c.lastAt));
  assert.equal(c.crashedAt, c.lastAt);
  // only reporters whose latest report is since `since`
  assert.equal(await countsOf(v, Date.now() + 60_000), undefined);
});

test('signed out, two phones behind one address are two devices (their device ids); the same phone again is one', async () => {
  const v = release();
  await report(0, v, { event: 'remoteCrash', ip: '100.64.0.1', device: device(1) });
  await report(1, v, { event: 'remoteCrash', ip: '100.64.0.1', device: device(2) });
  await report(0, v, { event: 'remoteCrash', ip: '100.64.0.2', device: device(1).toUpperCase() });
  const c = await countsOf(v);
  assert.deepEqual(
    { devices: c.devices, crashed: c.crashed, crashes: c.crashes, fallbacks: c.fallbacks },
    { devices: 2, crashed: 2, crashes: 3, fallbacks: 0 },
  );
});

test('an address counts as a bounded number of devices of a release: ids made up on one machine weigh that much at most', async () => {
  const v = release();
  const { devicesPerAddress } = REPORT_LIMITS;
  for (let i = 0; i < devicesPerAddress + 3; i++) await report(0, v, { event: 'remoteCrash', ip: '203.0.113.50', device: device(100 + i) });
  // the ids past the bound are the address's one reporter
  assert.equal((await countsOf(v)).devices, devicesPerAddress + 1);
  // a counted device reports again as itself; another address is not held back
  await report(0, v, { event: 'remoteCrash', ip: '203.0.113.50', device: device(100) });
  await report(0, v, { event: 'remoteCrash', ip: '203.0.113.51', device: device(200) });
  const c = await countsOf(v);
  assert.deepEqual({ devices: c.devices, crashes: c.crashes }, { devices: devicesPerAddress + 2, crashes: devicesPerAddress + 5 });
});

test('a start counts a device that has not crashed: the crash rate is crashed devices of started ones', async () => {
  const v = release();
  for (let i = 0; i < 4; i++) await report(0, v, { event: 'remoteStarted', ip: '192.0.2.200', device: device(300 + i) });
  await report(0, v, { event: 'remoteCrash', ip: '192.0.2.200', device: device(300) });
  await report(0, v, { event: 'remoteStarted', ip: '192.0.2.200', device: device(300) });
  const c = await countsOf(v);
  assert.deepEqual({ devices: c.devices, crashed: c.crashed, crashes: c.crashes }, { devices: 4, crashed: 1, crashes: 1 });
  // a later start keeps the device's crash time
  assert.notEqual(c.crashedAt, null);
  const w = release();
  await report(0, w, { event: 'remoteStarted', device: device(400) });
  assert.deepEqual(await countsOf(w).then((x) => [x.devices, x.crashed, x.crashedAt]), [1, 0, null]);
});

test('a remote that failed altogether, an unknown remote or a version no release has is logged, not counted', async () => {
  const v = release();
  assert.equal((await report(0, v, { event: 'remoteFailed' })).code, 0);
  assert.equal((await report(0, v, { remote: 'mf_nothing' })).code, 0);
  const junk = ['latest', '1.0.0', '1.0.0-ABCDEFG', '1.0.0-abc12345'];
  for (const j of junk) assert.equal((await report(0, j)).code, 0);
  const all = (await ops('?since=0')).body.releases as { remote: string; version: string }[];
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
  assert.deepEqual({ devices: c.devices, fallbacks: c.fallbacks }, { devices: 24, fallbacks: 40 });
  // the same reporter's first reports of a release, straight to the database from both instances
  const w = release();
  const key = { remote: 'mf_repay', version: w, reporter: 'r'.repeat(32), address: null };
  const now = Date.now();
  await Promise.all(Array.from({ length: 20 }, (_, i) => recordReport(srv[i % srv.length].deps.db, key, i % 2 ? 'crashes' : 'starts', now + i, REPORT_LIMITS)));
  assert.deepEqual(await countsOf(w).then((x) => [x.devices, x.crashed, x.crashes]), [1, 1, 10]);
});

test('one reporter is counted for a bounded number of releases a day: junk versions cannot grow the table', async () => {
  const { releasesPerReporterPerDay } = REPORT_LIMITS;
  const versions = Array.from({ length: releasesPerReporterPerDay + 2 }, release);
  for (const v of versions) await report(0, v, { ip: '203.0.113.99' });
  const counted = (await ops('?since=0')).body.releases.filter((f: { version: string }) => versions.includes(f.version));
  assert.equal(counted.length, releasesPerReporterPerDay);
  // another reporter is not held back by it
  const last = versions.at(-1)!;
  assert.equal((await countsOf(last)) ?? null, null);
  await report(0, last, { ip: '203.0.113.100' });
  assert.equal((await countsOf(last)).devices, 1);
});
