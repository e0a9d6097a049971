/**
 * The README's start refuses what would leave a stack that says it runs while a browser cannot use it: a front end on a
 * port browsers refuse, entry pages that cannot be rendered at start.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepPagesRendered } from './front-ends';
import { freePort } from '../core/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

test('a front end on a port browsers refuse (6000) stops the start before anything runs, naming the port', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'platform/src/stack/start.ts', '--no-build'], {
    cwd: root,
    env: { ...process.env, MF_REPAY_PORT: '6000' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /Port 6000 \(mf-repay\) is one browsers refuse to load from/);
  assert.doesNotMatch(r.stdout, /is running/);
});

test('entry pages that cannot be rendered at start are an error, not a warning the start then talks over', async () => {
  const port = await freePort(); // closed: the host answers nothing there
  const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-start-'));
  try {
    const apps = [{ dir: 'host', name: 'host', port }];
    await assert.rejects(
      keepPagesRendered({ root, apps, staffApps: [], distDir: 'dist', releasesDir, apiOrigin: 'http://127.0.0.1:1' }),
      /the entry pages could not be rendered from http:\/\/localhost:\d+/,
    );
  } finally {
    fs.rmSync(releasesDir, { recursive: true, force: true });
  }
});
