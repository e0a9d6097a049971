/** The watch that demotes current releases phones report falling back from (the `release` stage of scripts/test.mjs). */
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
const settings = { threshold: 3, windowMinutes: 60 };

/** a releases folder: mf-repay at 1.0.2 (last good 1.0.1), mf-loan at 2.0.0, mf-usercenter never released */
function releases() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-watch-'));
  const v = (id: string): Version => ({ id, version: id.split('-')[0], shared: '1.0.0', publishedAt: '2026-11-25T09:00:00.000Z', verified: true });
  savePointer(path.join(dir, 'mf-repay'), {
    remote: 'mf_repay',
    current: '1.0.2-ccccccc',
    lastGood: '1.0.1-bbbbbbb',
    versions: [v('1.0.1-bbbbbbb'), v('1.0.2-ccccccc')],
  });
  savePointer(path.join(dir, 'mf-loan'), { remote: 'mf_loan', current: '2.0.0-aaaaaaa', lastGood: null, versions: [v('2.0.0-aaaaaaa')] });
  return dir;
}
const count = (remote: string, version: string, devices: number, reports: number, firstAt = '2026-11-25T10:02:11.000Z') => ({
  remote,
  version,
  devices,
  reports,
  firstAt,
  lastAt: '2026-11-25T10:29:00.000Z',
});

test('settings: 3 devices within 60 minutes unless configured; one device never demotes alone', () => {
  assert.deepEqual(watchSettings({}), { threshold: 3, windowMinutes: 60 });
  assert.deepEqual(watchSettings({ RELEASE_DEMOTE_THRESHOLD: '5', RELEASE_DEMOTE_WINDOW_MINUTES: '15' }), { threshold: 5, windowMinutes: 15 });
  assert.throws(() => watchSettings({ RELEASE_DEMOTE_THRESHOLD: '1' }), /at least 2/);
  assert.throws(() => watchSettings({ RELEASE_DEMOTE_THRESHOLD: 'many' }), /RELEASE_DEMOTE_THRESHOLD/);
  assert.throws(() => watchSettings({ RELEASE_DEMOTE_WINDOW_MINUTES: '-1' }), /RELEASE_DEMOTE_WINDOW_MINUTES/);
});

test('a current release reported by the threshold of devices is demoted with the reason; fewer, or an old release, is kept', async () => {
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
      return [
        count('mf_repay', '1.0.0-0000000', 40, 90), // not current: nothing to do
        count('mf_repay', '1.0.2-ccccccc', 5, 12),
        count('mf_loan', '2.0.0-aaaaaaa', 2, 7, '2026-11-24T23:58:00.000Z'),
        count('mf_usercenter', '1.0.0-1111111', 9, 9), // never released here
      ];
    },
    demote: async (args) => {
      demoted.push(args);
      return { before: args.version, pointer: { current: '1.0.1-bbbbbbb' } };
    },
  });
  assert.deepEqual(asked, ['2026-11-25T09:30:00.000Z'], 'one read, the last hour');
  assert.equal(demoted.length, 1);
  const d = demoted[0];
  assert.deepEqual(
    { app: d.app.dir, version: d.version, reason: d.reason, releasesDir: d.releasesDir, hostDist: d.hostDist, now: d.now, apps: d.apps },
    { app: 'mf-repay', version: '1.0.2-ccccccc', reason: '12 fallback reports from 5 devices since 10:02 UTC', releasesDir, hostDist: '/host/dist', now, apps },
  );
  assert.deepEqual(describeOutcomes(outcomes, settings), [
    'mf-loan: 2.0.0-aaaaaaa kept (7 fallback reports from 2 devices since 2026-11-24 23:58 UTC; demoted from 3 devices)',
    'mf-repay: 1.0.2-ccccccc demoted (12 fallback reports from 5 devices since 10:02 UTC); 1.0.2-ccccccc -> 1.0.1-bbbbbbb (current)',
  ]);
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
  assert.deepEqual(describeOutcomes(outcomes, settings), [
    'mf-loan: 2.0.0-aaaaaaa could not be demoted (3 fallback reports from 3 devices since 10:02 UTC): mf_loan has no earlier good version to roll back to',
    'mf-repay: 1.0.2-ccccccc kept (1 fallback report from 1 device since 10:02 UTC; demoted from 3 devices)',
  ]);
  assert.deepEqual(describeOutcomes([], settings), ['no current release has fallback reports within the last 60 min']);
});

test("the API reader: since in the query, the token as bearer; the API's refusals named", async (t) => {
  const seen: { url?: string; auth?: string }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url, auth: req.headers.authorization });
    const status = req.headers.authorization === 'Bearer right' ? 200 : 401;
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify(status === 200 ? { fallbacks: [count('mf_repay', '1.0.2-ccccccc', 5, 12)] } : {}));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  assert.deepEqual(await apiReader(api, 'right')(new Date('2026-11-25T09:30:00Z')), [count('mf_repay', '1.0.2-ccccccc', 5, 12)]);
  assert.deepEqual(seen[0], { url: '/__ops/remote-fallbacks?since=2026-11-25T09%3A30%3A00.000Z', auth: 'Bearer right' });
  await assert.rejects(apiReader(api, 'wrong')(now), /refused this OPS_TOKEN/);
  assert.throws(() => apiReader(api, undefined), /OPS_TOKEN is not set/);
  await assert.rejects(apiReader('http://127.0.0.1:9', 'right')(now), /cannot reach the API at http:\/\/127\.0\.0\.1:9/);
});
