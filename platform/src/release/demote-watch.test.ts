/** The watch that demotes current releases that crash for borrowers (the `release` stage of scripts/test.mjs). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { savePointer, type Version } from '../core/store';
import { apiReader, describeOutcomes, watchOnce, watchSettings } from './demote-watch';
import type { demoteRelease } from './release';

const apps = [
  { dir: 'host', name: 'host', port: 3100 },
  { dir: 'mf-loan', name: 'mf_loan', port: 3102 },
  { dir: 'mf-repay', name: 'mf_repay', port: 3103 },
  { dir: 'mf-usercenter', name: 'mf_usercenter', port: 3104 },
];
const now = new Date('2026-11-25T10:30:00Z');
const settings = { threshold: 3, windowMinutes: 60, crashPoints: 2 };

/** a releases folder: mf-repay at 1.0.2 (last good 1.0.1), mf-loan at 2.0.0 (last good 1.9.0), mf-usercenter never released */
function releases() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-watch-'));
  const v = (id: string): Version => ({ id, version: id.split('-')[0], shared: '1.0.0', publishedAt: '2026-11-25T09:00:00.000Z', verified: true });
  savePointer(path.join(dir, 'mf-repay'), {
    remote: 'mf_repay',
    current: '1.0.2-ccccccc',
    lastGood: '1.0.1-bbbbbbb',
    versions: [v('1.0.1-bbbbbbb'), v('1.0.2-ccccccc')],
  });
  savePointer(path.join(dir, 'mf-loan'), {
    remote: 'mf_loan',
    current: '2.0.0-aaaaaaa',
    lastGood: '1.9.0-9999999',
    versions: [v('1.9.0-9999999'), v('2.0.0-aaaaaaa')],
  });
  return dir;
}
/** a release's counts: `devices` it ran on, `crashed` of them, the latest crash at `crashedAt` */
const count = (remote: string, version: string, devices: number, crashed: number, crashedAt: string | null = '2026-11-25T10:29:00.000Z') => ({
  remote,
  version,
  devices,
  crashed,
  crashes: crashed * 2,
  fallbacks: crashed ? 1 : 0,
  firstAt: '2026-11-25T09:02:11.000Z',
  lastAt: '2026-11-25T10:29:30.000Z',
  crashedAt: crashed ? crashedAt : null,
});

test('settings: 3 crashed devices, one within 60 minutes, 2 points over the last good rate unless configured; one device never demotes alone', () => {
  assert.deepEqual(watchSettings({}), { threshold: 3, windowMinutes: 60, crashPoints: 2 });
  assert.deepEqual(watchSettings({ RELEASE_DEMOTE_THRESHOLD: '5', RELEASE_DEMOTE_WINDOW_MINUTES: '15', RELEASE_DEMOTE_CRASH_POINTS: '0.5' }), {
    threshold: 5,
    windowMinutes: 15,
    crashPoints: 0.5,
  });
  assert.throws(() => watchSettings({ RELEASE_DEMOTE_THRESHOLD: '1' }), /at least 2/);
  assert.throws(() => watchSettings({ RELEASE_DEMOTE_THRESHOLD: 'many' }), /RELEASE_DEMOTE_THRESHOLD/);
  assert.throws(() => watchSettings({ RELEASE_DEMOTE_WINDOW_MINUTES: '-1' }), /RELEASE_DEMOTE_WINDOW_MINUTES/);
  assert.throws(() => watchSettings({ RELEASE_DEMOTE_CRASH_POINTS: '100' }), /RELEASE_DEMOTE_CRASH_POINTS/);
});

/** one look at `counts`, demoting nothing for real: the demotions asked and the lines printed */
async function look(counts: ReturnType<typeof count>[]) {
  const releasesDir = releases();
  const asked: string[] = [];
  const demoted: Parameters<typeof demoteRelease>[0][] = [];
  const outcomes = await watchOnce({
    apps,
    releasesDir,
    hostDist: '/host/dist',
    ...settings,
    now,
    read: async (since) => {
      asked.push(since.toISOString());
      return counts;
    },
    demote: async (args) => {
      demoted.push(args);
      return { before: args.version, pointer: { current: '1.0.1-bbbbbbb' } };
    },
  });
  return { releasesDir, asked, demoted, lines: describeOutcomes(outcomes) };
}

test('a current release crashing on the threshold of devices, at a rate over its last good one, is demoted with the reason', async () => {
  const { releasesDir, asked, demoted, lines } = await look([
    count('mf_repay', '1.0.0-0000000', 40, 40), // not current: nothing to do
    count('mf_repay', '1.0.1-bbbbbbb', 200, 1),
    count('mf_repay', '1.0.2-ccccccc', 6, 5),
    count('mf_usercenter', '1.0.0-1111111', 9, 9), // never released here
  ]);
  assert.deepEqual(asked, ['2026-10-26T10:30:00.000Z'], "one read, the releases' lives (30 days)");
  assert.equal(demoted.length, 1);
  const d = demoted[0];
  const reason = 'crashed on 5 of 6 devices (83.3%; 10 crashes, 1 fallback), the latest at 10:29 UTC; last good 1.0.1-bbbbbbb: 0.5% of 200 devices';
  assert.deepEqual(
    { app: d.app.dir, version: d.version, reason: d.reason, releasesDir: d.releasesDir, hostDist: d.hostDist, now: d.now, apps: d.apps },
    { app: 'mf-repay', version: '1.0.2-ccccccc', reason, releasesDir, hostDist: '/host/dist', now, apps },
  );
  assert.deepEqual(lines, [`mf-repay: 1.0.2-ccccccc demoted (${reason}); 1.0.2-ccccccc -> 1.0.1-bbbbbbb (current)`]);
});

test('kept: fewer crashed devices than the threshold, no crash within the window, or a rate no worse than the last good one', async () => {
  const kept = async (repay: ReturnType<typeof count>, good = count('mf_repay', '1.0.1-bbbbbbb', 100, 1)) => {
    const { demoted, lines } = await look([good, repay]);
    assert.deepEqual(demoted, []);
    return lines;
  };
  assert.deepEqual(await kept(count('mf_repay', '1.0.2-ccccccc', 2, 2)), [
    'mf-repay: 1.0.2-ccccccc kept (crashed on 2 of 2 devices (100%; 4 crashes, 1 fallback), the latest at 10:29 UTC; last good 1.0.1-bbbbbbb: 1% of 100 devices; demoted from 3 crashed devices)',
  ]);
  assert.match(
    (await kept(count('mf_repay', '1.0.2-ccccccc', 5, 5, '2026-11-24T23:58:00.000Z')))[0],
    /the latest at 2026-11-24 23:58 UTC; .*; no crash within the last 60 min\)$/,
  );
  // 3 of 120 (2.5%) against 1 of 100 (1%): 1.5 points over it, under 2
  assert.match(
    (await kept(count('mf_repay', '1.0.2-ccccccc', 120, 3)))[0],
    /\(2\.5%;.*: 1% of 100 devices; demoted 2 points over the last good release's rate\)$/,
  );
  // no crash at all: nothing to say
  assert.deepEqual(await kept(count('mf_repay', '1.0.2-ccccccc', 50, 0)), ['no current release has crashed on a device']);
});

test('a refused demotion (no good version to go back to) is reported and the other remotes are still looked at', async () => {
  const outcomes = await watchOnce({
    apps,
    releasesDir: releases(),
    hostDist: '/host/dist',
    ...settings,
    now,
    read: async () => [count('mf_loan', '2.0.0-aaaaaaa', 3, 3), count('mf_repay', '1.0.2-ccccccc', 1, 1)],
    demote: async () => {
      throw new Error('mf_loan has no earlier good version to roll back to');
    },
  });
  assert.deepEqual(describeOutcomes(outcomes), [
    'mf-loan: 2.0.0-aaaaaaa could not be demoted (crashed on 3 of 3 devices (100%; 6 crashes, 1 fallback), the latest at 10:29 UTC; last good 1.9.0-9999999: 0% of 0 devices): mf_loan has no earlier good version to roll back to',
    'mf-repay: 1.0.2-ccccccc kept (crashed on 1 of 1 device (100%; 2 crashes, 1 fallback), the latest at 10:29 UTC; last good 1.0.1-bbbbbbb: 0% of 0 devices; demoted from 3 crashed devices)',
  ]);
});

test("the API reader: since in the query, the token as bearer; the API's refusals named", async (t) => {
  const seen: { url?: string; auth?: string }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url, auth: req.headers.authorization });
    const status = req.headers.authorization === 'Bearer right' ? 200 : 401;
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify(status === 200 ? { releases: [count('mf_repay', '1.0.2-ccccccc', 5, 4)] } : {}));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  assert.deepEqual(await apiReader(api, 'right')(new Date('2026-11-25T09:30:00Z')), [count('mf_repay', '1.0.2-ccccccc', 5, 4)]);
  assert.deepEqual(seen[0], { url: '/__ops/release-reports?since=2026-11-25T09%3A30%3A00.000Z', auth: 'Bearer right' });
  await assert.rejects(apiReader(api, 'wrong')(now), /refused this OPS_TOKEN/);
  assert.throws(() => apiReader(api, undefined), /OPS_TOKEN is not set/);
  await assert.rejects(apiReader('http://127.0.0.1:9', 'right')(now), /cannot reach the API at http:\/\/127\.0\.0\.1:9/);
});
