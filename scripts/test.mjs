/**
 * The README's test command: typecheck, lint (ESLint with the import boundaries, Prettier's check), unit tests (jest), server integration tests
 * (node:test), a three-instance cluster behind HAProxy, production builds, then Playwright end to end in Debian's Chromium.
 * Ends with one line 'tests: N passed, N failed' over all suites; exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-test-'));
const only = process.argv.slice(2); // e.g. `unit e2e` to run some stages
const totals = { passed: 0, failed: 0 };
let failedStages = [];

function stage(name, cmd, args, opts = {}, count) {
  if (only.length && !only.includes(name)) return;
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: opts.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, ...opts.env },
  });
  if (opts.capture) process.stdout.write(r.stdout ?? '');
  const counted = count?.(r.stdout ?? '');
  if (counted) {
    totals.passed += counted.passed;
    totals.failed += counted.failed;
  }
  if (r.status !== 0) failedStages.push(name);
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

stage('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
stage('typecheck', 'npx', ['tsc', '-p', 'server/tsconfig.json']);

// ESLint (eslint.config.mjs: typescript-eslint, react-hooks, the import boundaries of docs/architecture.md, no cycles)
// and the formatting (.prettierrc.json); `npm run format` rewrites it
stage('lint', 'npx', ['eslint', '.']);
stage('lint', 'npx', ['prettier', '--check', '.']);

const jestOut = path.join(tmp, 'jest.json');
stage('unit', 'npx', ['jest', '--ci', '--json', `--outputFile=${jestOut}`], {}, () => {
  const j = readJson(jestOut);
  return j && { passed: j.numPassedTests, failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0) };
});

const countNodeTest = (out) => {
  const pass = out.match(/^[#ℹ] pass (\d+)/m);
  const fail = out.match(/^[#ℹ] fail (\d+)/m);
  return pass && { passed: Number(pass[1]), failed: Number(fail?.[1] ?? 0) };
};
// the release tool's pointer moves and fit checks (scripts/release), and the front end's security headers
stage('release', 'node', ['--test', 'scripts/release/', 'scripts/security-headers.test.mjs'], { capture: true }, countNodeTest);

stage('server', 'npm', ['test', '-w', 'server'], { capture: true }, countNodeTest);

// the same suite on PostgreSQL, where the machine has it (setup.sh installs it)
stage('server-pg', 'bash', ['scripts/with-postgres.sh', 'npm', 'test', '-w', 'server'], { capture: true }, countNodeTest);

// three API instances on one PostgreSQL behind HAProxy (scripts/cluster.mjs); one is SIGKILLed mid-journey
stage(
  'cluster',
  'bash',
  ['scripts/with-postgres.sh', 'node', '--import', 'tsx', '--test', 'server/test/cluster/cluster.test.ts'],
  { capture: true },
  countNodeTest,
);

// a borrower's build has no native wrapper simulator (its build fails if it does: scripts/build/native-sim.ts)
stage('build', 'npm', ['run', 'build', '-w', 'host'], { env: { NODE_ENV: 'production', DIST_DIR: 'dist-borrower' } });
// the e2e suite drives the simulator: QA's build has it
stage('build', 'npm', ['run', 'build'], { env: { NODE_ENV: 'production', NATIVE_SIM: '1' } });

const pwOut = path.join(tmp, 'playwright.json');
stage('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut } }, () => {
  const j = readJson(pwOut);
  return j && { passed: j.stats.expected + (j.stats.flaky ?? 0), failed: j.stats.unexpected };
});

console.log(`\nstages failed: ${failedStages.length ? failedStages.join(', ') : 'none'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedStages.length ? 1 : 0);
