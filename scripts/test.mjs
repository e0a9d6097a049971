/**
 * The README's test command: typecheck, lint (ESLint with the import boundaries, Prettier's check), unit tests (jest), server integration tests
 * (node:test), a three-instance cluster behind HAProxy, production builds, then Playwright end to end in Debian's Chromium.
 * Ends with one line 'tests: N passed, N failed' over all suites; exits non-zero on any failure.
 * `--changed`: for local work, only what the changes since main touch (scripts/changed.mjs; README).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { affectedServerTests, changedFiles, clusterAffected } from './changed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-test-'));
const changedMode = process.argv.includes('--changed');
const only = process.argv.slice(2).filter((a) => a !== '--changed'); // e.g. `unit e2e` to run some stages
const totals = { passed: 0, failed: 0 };
let failedStages = [];

function stage(name, cmd, args, opts = {}, count) {
  if (only.length && !only.includes(name)) return Promise.resolve();
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  let stdout = '';
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: opts.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
      env: { ...process.env, ...opts.env },
    });
    child.stdout?.on('data', (d) => {
      stdout += d;
      process.stdout.write(d);
    });
    child.on('close', (status) => {
      const counted = count?.(stdout);
      if (counted) {
        totals.passed += counted.passed;
        totals.failed += counted.failed;
      }
      if (status !== 0) failedStages.push(name);
      console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const countNodeTest = (out) => {
  // the server suite prints one summary per group of files (server/test/run.mjs)
  const sum = (re) => [...out.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);
  const passes = [...out.matchAll(/^[#ℹ] pass (\d+)/gm)];
  return passes.length && { passed: sum(/^[#ℹ] pass (\d+)/gm), failed: sum(/^[#ℹ] fail (\d+)/gm) };
};

// --changed: the files changed since main, and what they reach; no file changed, nothing to run
const changed = changedMode ? changedFiles(root) : null;
const touched = (re) => !changed || changed.some((f) => re.test(f));
const lintable = (re) => (changed ? changed.filter((f) => re.test(f) && fs.existsSync(path.join(root, f))) : ['.']);
if (changed) console.log(`changed since main: ${changed.length ? changed.join(' ') : 'nothing'}`);

if (touched(/\.(ts|tsx|mts|cts)$|(^|\/)(tsconfig[^/]*|package)\.json$/)) {
  await stage('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
  await stage('typecheck', 'npx', ['tsc', '-p', 'server/tsconfig.json']);
}

// ESLint (eslint.config.mjs: typescript-eslint, react-hooks, the import boundaries of docs/architecture.md, no cycles)
// and the formatting (.prettierrc.json); `npm run format` rewrites it
const eslintFiles = lintable(/\.(ts|tsx|js|mjs|cjs)$/);
if (eslintFiles.length) await stage('lint', 'npx', ['eslint', ...(changed ? ['--no-warn-ignored'] : []), ...eslintFiles]);
const prettierFiles = lintable(/./);
if (prettierFiles.length) await stage('lint', 'npx', ['prettier', '--check', '--ignore-unknown', ...prettierFiles]);

const jestOut = path.join(tmp, 'jest.json');
const frontEnd = lintable(/^(shared|host|mf-[a-z]+)\//);
// the test set-up or the packages changed: every unit test
const allUnit = !changed || changed.some((f) => /^(jest\.config|scripts\/jest\/|package(-lock)?\.json$)/.test(f));
if (allUnit || frontEnd.length)
  await stage(
    'unit',
    'npx',
    ['jest', '--ci', '--json', `--outputFile=${jestOut}`, ...(allUnit ? [] : ['--passWithNoTests', '--findRelatedTests', ...frontEnd])],
    {},
    () => {
      const j = readJson(jestOut);
      return j && { passed: j.numPassedTests, failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0) };
    },
  );

// the release tool's pointer moves and fit checks (scripts/release), and the front end's security headers
if (touched(/^scripts\/(release\/|security-headers)/))
  await stage('release', 'node', ['--test', 'scripts/release/', 'scripts/prerender/', 'scripts/security-headers.test.mjs'], { capture: true }, countNodeTest);

// the server suite (its files side by side: server/test/run.mjs), then the same on PostgreSQL (setup.sh installs it)
const serverTests = changed ? affectedServerTests(root, changed) : [];
if (!changed || serverTests.length) {
  const npmTest = ['test', '-w', 'server', ...(serverTests.length ? ['--', ...serverTests] : [])];
  await stage('server', 'npm', npmTest, { capture: true }, countNodeTest);
  await stage('server-pg', 'bash', ['scripts/with-postgres.sh', 'npm', ...npmTest], { capture: true }, countNodeTest);
}

// three API instances on one PostgreSQL behind HAProxy (scripts/cluster.mjs); one is SIGKILLed mid-journey
if (!changed || clusterAffected(changed))
  await stage(
    'cluster',
    'bash',
    ['scripts/with-postgres.sh', 'node', '--import', 'tsx', '--test', 'server/test/cluster/cluster.test.ts'],
    { capture: true },
    countNodeTest,
  );

if (changed) {
  // the builds and the browser suite take minutes: by hand, for the specs that matter (README)
  const specs = changed.filter((f) => /^e2e\/tests\/.*\.spec\.ts$/.test(f));
  console.log(
    `\nnot run with --changed: the builds and e2e${specs.length ? ` (changed specs: npx playwright test -c e2e/playwright.config.ts ${specs.join(' ')})` : ''}`,
  );
} else {
  // a borrower's build has no native wrapper simulator (its build fails if it does: scripts/build/native-sim.ts)
  await stage('build', 'npm', ['run', 'build', '-w', 'host'], { env: { NODE_ENV: 'production', DIST_DIR: 'dist-borrower' } });
  // the e2e suite drives the simulator: QA's build has it
  await stage('build', 'npm', ['run', 'build'], { env: { NODE_ENV: 'production', NATIVE_SIM: '1' } });

  const pwOut = path.join(tmp, 'playwright.json');
  await stage('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut } }, () => {
    const j = readJson(pwOut);
    return j && { passed: j.stats.expected + (j.stats.flaky ?? 0), failed: j.stats.unexpected };
  });
}

console.log(`\nstages failed: ${failedStages.length ? failedStages.join(', ') : 'none'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedStages.length ? 1 : 0);
