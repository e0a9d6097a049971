/**
 * End-to-end tests in Debian's Chromium (no browser download), phone-sized. The web
 * server is the product's own start script on fresh data, with the server's dev
 * controls and a fixed one-time code so tests can log in.
 */
import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { APPS } from '../apps.config.mjs';
import { AUTOMATION_LAUNCH } from '../platform/src/core/chromium';
import { OPS_TOKEN, PAYOUT_DELAY_MS, REVIEW_DELAY_MS } from './support/fixtures';

const host = APPS.find((a) => a.name === 'host')!;
// the stack's fresh data (its database, uploads): made once by the runner, whose workers load this file again and take the
// folder's name from it; removed when the runner ends, its web server stopped by then
const dataDir = process.env.LM_E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lm-e2e-db-'));
if (!process.env.LM_E2E_DATA_DIR) {
  process.env.LM_E2E_DATA_DIR = dataDir;
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: process.env.PW_OUTPUT_DIR ?? '../test-results/all',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // 3 on 2 cores: the browsers and servers wait on each other, the CPU was about 80% busy with 2 (2026-11-27: 120 s against
  // 137 s on 119 tests; 3 was slower, 423 s against 401 s, while the selfie check took 1.7 s of CPU, before its WebAssembly backend).
  // 2026-11-29, 3 workers, on a machine at load 13-20 from other work: 21.6 min before set-up through the API, walks that check
  // the named screens on their way and route loads in one phone a worker, 18.6 min after (the tests' own time, summed: 3533 s,
  // 3005 s); pk-secp 5.2 min, 3.0 min. 2 and 4 workers not measured again at that load
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/results.json' }]],
  use: {
    baseURL: `http://localhost:${host.port}`,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    // a failed test's trace keeps the DOM at each step; no film strip: encoding a frame per paint costs every test CPU
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: AUTOMATION_LAUNCH,
    // no service worker but in the specs about it (pwa, releases, prerender, logout-storage, security-headers: `test.use`):
    // its install fetches the host's files again in every fresh context, 12% of a screen spec's time (foundation and
    // loan-home, 2026-11-27: 70-74 s against 81-84 s with it)
    serviceWorkers: 'block',
  },
  // the release specs (a file run in order, about 140 s with mf-repay's builds and smoke loads) first: a worker of their own
  // from the start, never the last one running while the others are done
  projects: [
    { name: 'releases', testMatch: /releases\.spec\.ts$/ },
    { name: 'screens', testIgnore: /releases\.spec\.ts$/ },
  ],
  webServer: {
    command: 'node --import tsx platform/src/stack/start.ts --no-build',
    cwd: '..',
    // the host's page, not the API's health: the front ends are served once every build is released, after the API is up
    // (platform/src/stack/start.ts); waiting for the API alone let the first specs meet a refused connection (clean-clone run)
    url: `http://localhost:${host.port}/`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore', // the server's request log; failures show in the tests
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      DEV_CONTROLS: '1',
      OTP_FIXED_CODE: '123456',
      REVIEW_DELAY_MS: String(REVIEW_DELAY_MS),
      PAYOUT_DELAY_MS: String(PAYOUT_DELAY_MS),
      // every test browser comes from 127.0.0.1: per-IP limits would throttle the suite itself
      AUTH_RATE_LIMIT_MAX: '0',
      RATE_LIMIT_MAX: '0',
      STAFF_SIGNIN_RATE_MAX: '0',
      // ... and would meet the OTP challenge: 127.0.0.1 is exempt; the challenge spec comes from another
      // address (X-Forwarded-For, trusted from the local proxies), with little work: a loaded machine stays in time
      OTP_CHALLENGE_EXEMPT: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      OTP_CHALLENGE_BITS: '12',
      // the release watch (releases.spec.ts) reads the fallback counts at /__ops/
      OPS_TOKEN,
      // the entry pages rendered once as the stack starts, not again in the middle of the run (prerender.spec.ts renders them itself)
      PRERENDER_EVERY: '0',
    },
  },
});
