/**
 * A release made from the remote's sources first passes the remote's own checks, as its squad
 * runs them (its package scripts): typecheck, lint and unit tests, all three at once. A release of a folder built
 * elsewhere (`--from`) was checked where it was built; both are smoke-loaded (smoke.ts).
 *
 * Checks that passed are remembered by the content of what they read (checksKey): a release of sources
 * that passed before runs none of them again; any changed file of those runs them all.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeAtomic } from '../core/store';

export const SOURCE_CHECKS = ['typecheck', 'lint', 'test'] as const;
const TAIL_LINES = 30;
/**
 * What a remote's checks read besides its own folder, from the repository's root: the parts of `shared` it imports
 * (the whole folder: its types and tests follow imports across it), the platform its build configuration imports (its
 * typecheck includes rspack.config.ts), the test set-up, and the root's files (the lockfile, the TypeScript, ESLint,
 * Prettier and Jest configuration, apps.config.mjs) but its Markdown.
 */
export const CHECKED_WITH = ['shared', 'platform', 'scripts/jest'];

/** Where passed checks are remembered: beside the remotes' folders (never served), one file per key. */
export const checksCacheDir = (releasesDir: string, dir: string) => path.join(releasesDir, '.cache', 'source-checks', dir);

/**
 * The checks' key for the remote in `dir`: a hash of every file they read (git's view of the working tree: tracked
 * and new files, ignored ones such as dist/ and node_modules/ not; a deleted file counts), the checks and Node's
 * version. Null when `root` is not a git checkout (then the checks always run).
 */
export function checksKey(root: string, dir: string): string | null {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', dir, ...CHECKED_WITH, ':(glob)*'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) return null;
  const files = [...new Set(listed.stdout.split('\0').filter((f) => f && !(!f.includes('/') && f.endsWith('.md'))))].sort();
  const hash = crypto.createHash('sha256').update(`${process.version}\0${SOURCE_CHECKS.join(',')}\0`);
  for (const f of files) {
    const p = path.join(root, f);
    hash
      .update(f)
      .update('\0')
      .update(fs.existsSync(p) ? fs.readFileSync(p) : '(deleted)')
      .update('\0');
  }
  return hash.digest('hex');
}

interface Outcome {
  script: string;
  ok: boolean;
  ms: number;
  out: string;
}

/** `npm run <script> -w <dir>` in `root`, its output kept; resolves when it ends. */
function runCheck(root: string, dir: string, script: string): Promise<Outcome> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script, '-w', dir], { cwd: root, env: { ...process.env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => resolve({ script, ok: false, ms: Date.now() - t0, out: e.message }));
    child.on('close', (code) => resolve({ script, ok: code === 0, ms: Date.now() - t0, out }));
  });
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs the checks in `root` for the remote in `dir`, all at once, unless they passed before on the same content
 * (remembered under `releasesDir`). Answers those that failed, each with the end of its output, or null.
 */
export async function sourceProblem({
  root,
  dir,
  releasesDir,
  log = console.log,
}: {
  root: string;
  dir: string;
  releasesDir: string;
  log?: (line: string) => void;
}): Promise<string | null> {
  const key = checksKey(root, dir);
  const remembered = key && path.join(checksCacheDir(releasesDir, dir), `${key}.json`);
  if (remembered && fs.existsSync(remembered)) {
    const { at } = JSON.parse(fs.readFileSync(remembered, 'utf8')) as { at: string };
    log(`  ${SOURCE_CHECKS.join(', ')}: passed on these same sources at ${at.replace('T', ' ').slice(0, 16)} UTC (cached): not run again`);
    return null;
  }
  const outcomes = await Promise.all(
    SOURCE_CHECKS.map(async (script) => {
      const r = await runCheck(root, dir, script);
      log(`  ${script}: ${r.ok ? 'ok' : 'failed'} in ${secs(r.ms)}`);
      return r;
    }),
  );
  const failed = outcomes.filter((r) => !r.ok);
  if (failed.length) return failed.map((r) => `npm run ${r.script} -w ${dir} failed:\n${r.out.trim().split('\n').slice(-TAIL_LINES).join('\n')}`).join('\n');
  // only a pass is remembered (a failure runs again: it may have been the machine's), of sources unchanged meanwhile
  if (remembered && checksKey(root, dir) === key)
    writeAtomic(remembered, `${JSON.stringify({ at: new Date().toISOString(), ms: Object.fromEntries(outcomes.map((r) => [r.script, r.ms])) })}\n`);
  return null;
}
