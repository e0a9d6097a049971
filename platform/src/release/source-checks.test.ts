/** A release's own checks: all three at once, and not again on sources that passed them (source-checks.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checksCacheDir, sourceProblem } from './source-checks';

const CHECK_MS = 700;
/** how long a check waits for the other two to start: run in series, the first waits it out and ends before they start */
const TOGETHER_MS = 20_000;

/**
 * A repository (a git checkout) with one remote, `app`, whose typecheck, lint and test scripts each note their start and
 * end in runs.log; each waits until the three of its round have started (a loaded machine starts processes seconds
 * apart), then takes CHECK_MS; a check fails while a file `fail-<script>` is at the root.
 */
function repository() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-checks-'));
  const write = (f: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), text);
  };
  write('package.json', JSON.stringify({ name: 'repo', private: true, workspaces: ['app'] }));
  write('package-lock.json', '{"lockfileVersion": 3}');
  write('README.md', '# a repository\n');
  write('.gitignore', 'runs.log\nstarted.log\nreleases/\nfail-*\n');
  write(
    'check.mjs',
    `import fs from 'node:fs';
const [name] = process.argv.slice(2);
const log = new URL('./runs.log', import.meta.url);
const start = Date.now();
const started = new URL('./started.log', import.meta.url);
fs.appendFileSync(started, name + '\\n');
const count = () => fs.readFileSync(started, 'utf8').trim().split('\\n').length;
const round = Math.ceil(count() / 3);
for (const until = Date.now() + ${TOGETHER_MS}; count() < 3 * round && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
await new Promise((r) => setTimeout(r, ${CHECK_MS}));
fs.appendFileSync(log, JSON.stringify({ name, start, end: Date.now() }) + '\\n');
if (fs.existsSync(new URL('./fail-' + name, import.meta.url))) { console.log(name + ': 3 problems'); process.exit(1); }`,
  );
  const scripts = Object.fromEntries(['typecheck', 'lint', 'test'].map((s) => [s, `node ../check.mjs ${s}`]));
  write('app/package.json', JSON.stringify({ name: 'app', version: '1.0.0', scripts }));
  write('app/src/index.ts', 'export const title = "Repayment details";\n');
  write('shared/src/ui.ts', 'export const ui = 1;\n');
  assert.equal(spawnSync('git', ['init', '-q'], { cwd: root }).status, 0);
  const releasesDir = path.join(root, 'releases');
  const lines: string[] = [];
  const runs = () =>
    fs.existsSync(path.join(root, 'runs.log'))
      ? fs
          .readFileSync(path.join(root, 'runs.log'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
      : [];
  return {
    root,
    write,
    releasesDir,
    lines,
    runs,
    check: () => sourceProblem({ root, dir: 'app', releasesDir, log: (l) => lines.push(l) }),
  };
}

test('the three checks run at once; sources that passed run none again, a changed file of those they read runs them all', async () => {
  const r = repository();
  assert.equal(await r.check(), null);
  const first = r.runs();
  assert.deepEqual(first.map((x) => x.name).sort(), ['lint', 'test', 'typecheck']);
  // at once: each started before any ended
  assert.ok(Math.max(...first.map((x) => x.start)) < Math.min(...first.map((x) => x.end)), `not at once: ${JSON.stringify(first)}`);
  assert.equal(fs.readdirSync(checksCacheDir(r.releasesDir, 'app')).length, 1);

  assert.equal(await r.check(), null);
  assert.equal(r.runs().length, 3, 'the same sources: no check ran again');
  assert.match(r.lines.at(-1)!, /typecheck, lint, test: passed on these same sources .* \(cached\): not run again/);

  // the root's Markdown is no input of the checks
  r.write('README.md', '# a repository, documented\n');
  assert.equal(await r.check(), null);
  assert.equal(r.runs().length, 3);

  let expected = 3;
  for (const [file, text] of [
    ['app/src/index.ts', 'export const title = "Repayment details (new)";\n'], // the remote's sources
    ['app/src/new.test.ts', 'test("new", () => {});\n'], // a new file, not yet added to git
    ['shared/src/ui.ts', 'export const ui = 2;\n'], // a part of shared it imports
    ['package-lock.json', '{"lockfileVersion": 3, "packages": {}}'], // the lockfile
  ]) {
    r.write(file, text);
    assert.equal(await r.check(), null);
    expected += 3;
    assert.equal(r.runs().length, expected, `${file} changed: the checks ran again`);
    assert.equal(await r.check(), null);
    assert.equal(r.runs().length, expected, `${file} unchanged since: none ran`);
  }
});

test('a failing check refuses with the end of its output; a failure is not remembered', async () => {
  const r = repository();
  r.write('fail-lint', '');
  const problem = await r.check();
  assert.match(problem ?? '', /^npm run lint -w app failed:\n[\s\S]*lint: 3 problems/);
  assert.doesNotMatch(problem!, /typecheck|npm run test/, 'only the failed check is named');
  assert.equal(r.runs().length, 3, 'the others ran too, at once');
  assert.equal(fs.existsSync(checksCacheDir(r.releasesDir, 'app')), false);
  fs.rmSync(path.join(r.root, 'fail-lint'));
  assert.equal(await r.check(), null);
  assert.equal(r.runs().length, 6, 'run again after a failure');
});
