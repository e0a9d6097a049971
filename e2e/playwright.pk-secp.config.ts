/**
 * The pk-secp market profile's specs (issue 29): the same stack as the default suite
 * (playwright.config.ts), its API started with MARKET_PROFILE=pk-secp. Run on its own, never beside
 * the default suite (both use API_PORT; outside CI a server already answering there is reused):
 *   npx playwright test -c e2e/playwright.pk-secp.config.ts
 * The default suite stays on the spec's profile.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const server = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer!;

export default defineConfig({
  ...base,
  testDir: './tests-pk-secp',
  outputDir: process.env.PW_OUTPUT_DIR ?? '../test-results/pk-secp',
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/results-pk-secp.json' }]],
  webServer: { ...server, env: { ...server.env, MARKET_PROFILE: 'pk-secp' } },
});
