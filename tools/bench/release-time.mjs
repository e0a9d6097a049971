/**
 * How long a squad waits for `release` and `rollback` of mf-repay from sources on this machine (issue 42, "releases in
 * seconds"). It starts a stack of its own (platform/src/stack/start.ts --no-build: the API with its dev controls, the
 * apps' dist/ released and served, the entry pages rendered) on --port0 and the next ports, in a releases folder and
 * database of its own, then times, as the squad's commands print them (each output line stamped as it arrives):
 *   1. `release` of a changed source (a string of mf-repay's changed in its working tree, put back at the end);
 *   2. `rollback` to the version before it;
 *   3. `release` of that same changed source again: nothing changed since (1);
 * each by phase: start-up, source checks, build, fit checks (with the version folder's copy), smoke load, publish (the
 * switch), the entry pages' re-render while the command waits, and when the re-rendered pages are served (the pages'
 * index naming the host page published: core/pages.ts compositionOf).
 *   node tools/bench/release-time.mjs [--root DIR] [--port0 7300] [--json FILE]
 *   node tools/bench/release-time.mjs --checks N [--root DIR]
 * --checks N: no stack; mf-repay's three checks (npm run typecheck, lint, test -w mf-repay) one after another, then all
 * at once, N times alternately (the machine's load moves: each pair is measured side by side).
 * --root: the checkout whose tooling and mf-repay are timed (default this one; its apps' dist/ must be built for the
 * ports used: NODE_ENV=production NATIVE_SIM=1 npm run build with API_PORT=<port0>). Stops everything it started.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: o } = parseArgs({
  options: { root: { type: 'string' }, port0: { type: 'string' }, json: { type: 'string' }, checks: { type: 'string' } },
});
const root = path.resolve(o.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const port0 = Number(o.port0 ?? 7300);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'release-time-'));
const releasesDir = path.join(work, 'releases');
const env = {
  ...process.env,
  API_PORT: String(port0),
  SANDBOX_PORT: String(port0 + 1),
  HOST_PORT: String(port0 + 10),
  MF_ONBOARDING_PORT: String(port0 + 11),
  MF_LOAN_PORT: String(port0 + 12),
  MF_REPAY_PORT: String(port0 + 13),
  MF_USERCENTER_PORT: String(port0 + 14),
  MF_OPERATIONS_PORT: String(port0 + 15),
  RELEASES_DIR: releasesDir,
  DATA_DIR: path.join(work, 'data'),
  // the smoke load signs in fixture borrowers (the API's dev controls)
  DEV_CONTROLS: '1',
  // no periodic re-render during the measure
  PRERENDER_EVERY: '0',
};
const changedFile = path.join(root, 'mf-repay/src/i18n/en.ts');
const original = fs.readFileSync(changedFile, 'utf8');
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `argv` in `root`, each line of its output stamped (ms from the start); resolves at its exit. */
function timed(argv, { onLine, onSpawn } = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const lines = [];
    const child = spawn(process.execPath, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    onSpawn?.(child);
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (d) => {
        const parts = (rest + d).split('\n');
        rest = parts.pop();
        for (const text of parts) {
          const line = { at: Date.now() - t0, text };
          lines.push(line);
          onLine?.(line, child);
        }
      });
    }
    child.on('exit', (code) => resolve({ code, lines, took: Date.now() - t0, t0 }));
  });
}

const hostPage = () => path.join(releasesDir, 'host/index.html');
/** whether the pages' index names the host page published now (the pages re-rendered since the last switch) */
function pagesCurrent() {
  try {
    const index = JSON.parse(fs.readFileSync(path.join(releasesDir, 'host/pages/pages.json'), 'utf8'));
    return index.composition === crypto.createHash('sha256').update(fs.readFileSync(hostPage())).digest('hex');
  } catch {
    return false;
  }
}
/** ms from `t0` until the re-rendered pages are served (polled; at most 3 minutes) */
async function pagesBackAt(t0) {
  for (const until = Date.now() + 180_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) if (pagesCurrent()) return Date.now() - t0;
  return null;
}

const squad = (...args) => timed(['--import', 'tsx', 'platform/src/bin/release.ts', ...args, '--remote', 'mf-repay', '--by', 'release-time benchmark']);
const find = (lines, re) => lines.find((l) => re.test(l.text));
const findLast = (lines, re) => lines.findLast((l) => re.test(l.text));

/** A release's phases from its stamped lines (the lines docs/squad-guide.md shows). */
function releasePhases({ code, lines, took }) {
  if (code !== 0) throw new Error(`release exited with ${code}:\n${lines.map((l) => l.text).join('\n')}`);
  const checksStart = find(lines, /its own checks/);
  const checksEnd = findLast(lines, /its own checks|^\s+(typecheck|lint|test)\b.*(ok in|cached)/);
  const smoke = find(lines, /smoke load of .* ok in ([\d.]+) s/);
  const smokeMs = Number(/ok in ([\d.]+) s/.exec(smoke.text)[1]) * 1000;
  const afterChecks = lines.indexOf(checksEnd);
  // the build's own output: every line between the checks and the smoke load but the release's notes
  const built = lines.slice(afterChecks + 1, lines.indexOf(smoke)).filter((l) => !/^(note|warning):/.test(l.text));
  const buildEnd = built.at(-1) ?? checksEnd;
  const switched = find(lines, /\(current\)|already current/);
  const rendered = find(lines, /entry pages rendered|entry pages could not be rendered|entry pages: rendered/);
  // each check's own time, as the command prints it (`  typecheck: ok in 8.1 s`), or that none ran (cached)
  const checks = lines
    .slice(lines.indexOf(checksStart) + 1, afterChecks + 1)
    .map((l) => /^\s+(.*?):? (?:ok in ([\d.]+ s)|passed on these same sources.*)/.exec(l.text))
    .filter(Boolean)
    .map(([, name, took]) => (took ? `${name} ${took}` : `${name}: cached`))
    .join(', ');
  return {
    version: /-> (\S+) \(current\)|(\S+) is already current/.exec(switched.text)?.slice(1).find(Boolean),
    'start-up': checksStart.at,
    'source checks': checksEnd.at - checksStart.at,
    'each check': checks,
    build: buildEnd.at - checksEnd.at,
    'fit checks': smoke.at - smokeMs - buildEnd.at,
    'smoke load': smokeMs,
    publish: switched.at - smoke.at,
    're-render (waited for)': took - switched.at,
    'command returns': took,
    rendered: rendered?.text,
  };
}

async function run() {
  console.log(`release-time: ${root}, ports ${port0}-${port0 + 15}, releases in ${releasesDir}`);
  let ready, failed;
  const readyAt = new Promise((resolve, reject) => ((ready = resolve), (failed = reject)));
  const started = timed(['--import', 'tsx', 'platform/src/stack/start.ts', '--no-build'], {
    onSpawn: (child) => (stack = child),
    onLine: (l) => {
      if (/LoanMarket is running/.test(l.text)) ready(l.at);
      if (/error|refused|stopping/i.test(l.text)) console.log(`  stack: ${l.text}`);
    },
  });
  void started.then((r) => failed(new Error(`the stack exited with ${r.code}:\n${r.lines.map((l) => l.text).join('\n')}`)));
  console.log(`stack ready in ${s(await readyAt)}`);

  const results = {};
  fs.writeFileSync(changedFile, original.replace("title: 'Repayment details'", "title: 'Repayment details (bench)'"));
  for (const [name, args] of [
    ['release of a changed source', ['release']],
    ['rollback', ['rollback']],
    ['release of the same source again', ['release']],
  ]) {
    const r = await squad(...args);
    const phases =
      args[0] === 'release'
        ? releasePhases(r)
        : (() => {
            if (r.code !== 0) throw new Error(`rollback exited with ${r.code}:\n${r.lines.map((l) => l.text).join('\n')}`);
            const switched = find(r.lines, /\(current\)/);
            return { switch: switched.at, 're-render (waited for)': r.took - switched.at, 'command returns': r.took };
          })();
    phases['pages served again'] = await pagesBackAt(r.t0);
    results[name] = phases;
    console.log(`\n${name}:`);
    for (const [k, v] of Object.entries(phases)) console.log(`  ${k.padEnd(24)} ${typeof v === 'number' ? s(v) : v}`);
  }
  return results;
}

/** mf-repay's checks in series, then at once, `n` times. */
async function checksSideBySide(n) {
  const npm = (script) =>
    new Promise((resolve) => {
      const t0 = Date.now();
      spawn('npm', ['run', script, '-w', 'mf-repay'], { cwd: root, env: { ...process.env, CI: '1' }, stdio: 'ignore' }).on('exit', (code) => {
        if (code !== 0) throw new Error(`npm run ${script} -w mf-repay failed`);
        resolve(Date.now() - t0);
      });
    });
  const scripts = ['typecheck', 'lint', 'test'];
  for (let i = 1; i <= n; i++) {
    const t0 = Date.now();
    const each = [];
    for (const sc of scripts) each.push(await npm(sc));
    const series = Date.now() - t0;
    const t1 = Date.now();
    const together = await Promise.all(scripts.map(npm));
    console.log(
      `${i}: in series ${s(series)} (${scripts.map((sc, j) => `${sc} ${s(each[j])}`).join(', ')}); at once ${s(Date.now() - t1)} (${scripts.map((sc, j) => `${sc} ${s(together[j])}`).join(', ')}); load ${os.loadavg()[0].toFixed(1)}`,
    );
  }
}

let stack;
const stop = () => {
  fs.writeFileSync(changedFile, original);
  if (stack && stack.exitCode === null) stack.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});
if (o.checks) {
  await checksSideBySide(Number(o.checks));
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(0);
}
try {
  const results = await run();
  if (o.json) fs.writeFileSync(o.json, `${JSON.stringify({ root, at: new Date().toISOString(), load: os.loadavg(), results }, null, 2)}\n`);
} finally {
  stop();
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(work, { recursive: true, force: true });
}
