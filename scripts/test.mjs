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

/**
 * One stage (a name of the command line; `a+b` runs when either is asked, the caller having chosen). `capture`: its
 * output is counted; `whole`: a stage beside others prints its output whole when it ends, never interleaved.
 */
function stage(name, cmd, args, opts = {}, count, chosen = false) {
  if (!chosen && only.length && !only.includes(name)) return Promise.resolve();
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}${opts.whole ? ' (beside others: its output when it ends)' : ''}`);
  let stdout = '';
  let whole = '';
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: opts.whole ? ['ignore', 'pipe', 'pipe'] : opts.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
      env: { ...process.env, ...opts.env },
    });
    child.stdout?.on('data', (d) => {
      stdout += d;
      if (opts.whole) whole += d;
      else process.stdout.write(d);
    });
    child.stderr?.on('data', (d) => (whole += d));
    child.on('close', (status) => {
      if (opts.whole) process.stdout.write(`\n--- ${name}: ${cmd} ${args.join(' ')}\n${whole}`);
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

// First, side by side: what holds no clock (types, lint, the release tool's tests) and the production builds, each one
// process of one or a few threads; the measured effect: README. The suites with time-outs come after, each alone: jest's
// 5 s per test failed beside them at load 50 (README).
const checks = [];
if (touched(/\.(ts|tsx|mts|cts)$|(^|\/)(tsconfig[^/]*|package)\.json$/)) {
  // incremental: a second run checks only what changed since (the state in .tmp/, per checkout; a clean clone checks all)
  const tsc = (name, project) =>
    stage('typecheck', 'npx', ['tsc', '-p', project, '--incremental', '--tsBuildInfoFile', `.tmp/tsc/${name}.tsbuildinfo`], { whole: true });
  checks.push(tsc('front', 'tsconfig.json'), tsc('server', 'server/tsconfig.json'), tsc('platform', 'platform/tsconfig.json'));
}

// ESLint (eslint.config.mjs: typescript-eslint, react-hooks, the import boundaries of docs/architecture.md, no cycles)
// and the formatting (.prettierrc.json); `npm run format` rewrites it
const eslintFiles = lintable(/\.(ts|tsx|js|mjs|cjs)$/);
if (eslintFiles.length) checks.push(stage('lint', 'npx', ['eslint', ...(changed ? ['--no-warn-ignored'] : []), ...eslintFiles], { whole: true }));
const prettierFiles = lintable(/./);
if (prettierFiles.length) checks.push(stage('lint', 'npx', ['prettier', '--check', '--ignore-unknown', ...prettierFiles], { whole: true }));

// the platform tooling's own tests (platform/src/*/*.test.ts, and the static server's raw-request suite in .mjs): the release's pointer moves and fit checks, the pre-rendered
// pages, the front end's security headers; also for the app's code they take (the language rule, storage, the route table)
const platformTests = fs
  .readdirSync(path.join(root, 'platform/src'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    fs
      .readdirSync(path.join(root, 'platform/src', d.name))
      .filter((f) => /\.test\.(ts|mjs)$/.test(f))
      .map((f) => `platform/src/${d.name}/${f}`),
  );
// with the shaped link's arithmetic (the real-link benchmark's own link: the benchmark itself is no test)
const linkTest = 'tools/bench/real-link/link.test.mjs';
if (touched(/^platform\/|^shared\/src\/(contract|routes|session)\/|^apps\.config\.mjs$|^tools\/bench\/real-link\//))
  // on a throw-away PostgreSQL: the release registry's race of two runners (platform/src/release/registry.test.ts)
  checks.push(
    stage('release', 'bash', ['scripts/with-postgres.sh', 'node', '--import', 'tsx', '--test', ...platformTests, linkTest], { whole: true }, countNodeTest),
  );

if (!changed)
  checks.push(
    (async () => {
      // a borrower's build has no native wrapper simulator (its build fails if it does: platform/src/build/native-sim.ts)
      await stage('build', 'npm', ['run', 'build', '-w', 'host'], { whole: true, env: { NODE_ENV: 'production', DIST_DIR: 'dist-borrower' } });
      // the e2e suite drives the simulator: QA's build has it
      await stage('build', 'npm', ['run', 'build'], { whole: true, env: { NODE_ENV: 'production', NATIVE_SIM: '1' } });
    })(),
  );
await Promise.all(checks);

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

// the server suite on PGlite and on a throw-away PostgreSQL (setup.sh installs it): both in one queue of files side by
// side, a database each, then alone the files that time things (server/test/run.mjs)
const serverTests = changed ? affectedServerTests(root, changed) : [];
if (!changed || serverTests.length) {
  const dbs = [
    ['server', 'pglite'],
    ['server-pg', 'postgres'],
  ].filter(([name]) => !only.length || only.includes(name));
  const db = dbs.length === 2 ? 'both' : dbs[0]?.[1];
  if (db)
    await stage(
      dbs.map(([name]) => name).join('+'),
      db === 'pglite' ? 'npm' : 'bash',
      [...(db === 'pglite' ? [] : ['scripts/with-postgres.sh', 'npm']), 'test', '-w', 'server', '--', '--db', db, ...serverTests],
      { capture: true },
      countNodeTest,
      true,
    );
}

// three API instances on one PostgreSQL behind HAProxy (platform/src/stack/cluster.ts); one is SIGKILLed mid-journey. On its own ports
// (CLUSTER_PORT), so beside the pk-secp specs in a whole run: 50 s for both against 59 s one after the other (2026-11-27)
const cluster = (opts = {}) =>
  stage(
    'cluster',
    'bash',
    ['scripts/with-postgres.sh', 'node', '--import', 'tsx', '--test', 'server/test/cluster/cluster.test.ts'],
    { capture: true, ...opts },
    countNodeTest,
  );
const e2e = (name, config) => {
  const pwOut = path.join(tmp, `${name}.json`);
  return stage(name, 'npx', ['playwright', 'test', '-c', config], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut } }, () => {
    const j = readJson(pwOut);
    return j && { passed: j.stats.expected + (j.stats.flaky ?? 0), failed: j.stats.unexpected };
  });
};

if (changed) {
  if (clusterAffected(changed)) await cluster();
  // the builds and the browser suite take minutes: by hand, for the specs that matter (README)
  const specs = changed.filter((f) => /^e2e\/tests\/.*\.spec\.ts$/.test(f));
  console.log(
    `\nnot run with --changed: the builds and e2e${specs.length ? ` (changed specs: npx playwright test -c e2e/playwright.config.ts ${specs.join(' ')})` : ''}`,
  );
} else {
  // the default suite on the spec's market, then the pk-secp profile's own specs on a stack started with it, then the
  // operations console's journey on a stack started in production mode (each after the other: the stacks take the same
  // ports), the cluster beside those two
  await e2e('e2e', 'e2e/playwright.config.ts');
  await Promise.all([
    cluster({ whole: true }),
    (async () => {
      await e2e('e2e-pk-secp', 'e2e/playwright.pk-secp.config.ts');
      await e2e('e2e-production', 'e2e/playwright.production.config.ts');
    })(),
  ]);
}

console.log(`\nstages failed: ${failedStages.length ? failedStages.join(', ') : 'none'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedStages.length ? 1 : 0);
