/**
 * The operations console's journey on a stack started in production mode (issue 40's "done when"): NODE_ENV=production,
 * no dev controls and no fixed code, each production refusal met by an explicit test secret; the first admin made by the
 * CLI (`npm run staff -w server -- create-admin`) before the API starts, every other account by that admin through the
 * staff API; borrowers signed up with the codes the SMS gateway delivered (SMS_URL: the rails sandbox's inbox).
 * Every application waits for a reviewer (REVIEW_MANUAL_BAND). pk-secp: the profile that runs the complaint process.
 * The same ports as the other suites: run after them, never beside (scripts/test.mjs).
 *   npx playwright test -c e2e/playwright.production.config.ts
 */
import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PORT, SANDBOX_PORT } from '../apps.config.mjs';
import base from './playwright.config';
import { ADMIN_FILE, PRODUCTION_SECRETS } from './support/production';

const dataDir = process.env.LM_E2E_PROD_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lm-e2e-prod-'));
if (!process.env.LM_E2E_PROD_DATA_DIR) {
  process.env.LM_E2E_PROD_DATA_DIR = dataDir;
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
const admin = path.join(dataDir, ADMIN_FILE);

export default defineConfig({
  ...base,
  testDir: './tests-production',
  projects: undefined,
  workers: 1,
  outputDir: process.env.PW_OUTPUT_DIR ?? '../test-results/production',
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/results-production.json' }]],
  webServer: {
    // the CLI first, on the stack's fresh data (PGlite: one process per data directory), then the stack
    command: `npm run -s staff -w server -- create-admin --name "First Admin" --username firstadmin > "${admin}" && node --import tsx platform/src/stack/start.ts --no-build`,
    cwd: '..',
    url: `http://localhost:${API_PORT}/health`,
    // the CLI, the API's first start (its migrations) and the releases of the remotes: 100 s at load 13 (2026-12)
    timeout: 300_000,
    // outside CI a stack already answering is reused: start it with this file's environment and LM_E2E_PROD_DATA_DIR
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      ...PRODUCTION_SECRETS,
      MARKET_PROFILE: 'pk-secp',
      SMS_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
      BUREAU_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
      REVIEW_MANUAL_BAND: '-1000-1000',
      // seconds, not the default minute: the journey waits for the review hold and the payout result
      REVIEW_DELAY_MS: '1000',
      PAYOUT_DELAY_MS: '1000',
      // one browser from 127.0.0.1 signs up, signs staff in and calls many times: the per-address limits are off
      AUTH_RATE_LIMIT_MAX: '0',
      RATE_LIMIT_MAX: '0',
      STAFF_SIGNIN_RATE_MAX: '0',
      OTP_CHALLENGE_EXEMPT: '127.0.0.1',
      // the cards' photos are blank: the reading would find nothing, and costs CPU
      OCR_ENABLED: '0',
      PRERENDER_EVERY: '0',
    },
  },
});
