/**
 * A release's own build: each `release` (without --from) builds its remote into a folder of its
 * own, so two releases of one remote never share (and half-overwrite) one dist/. One release of
 * a remote builds at a time: a lock directory holding the releasing process's id.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RELEASES_DIR } from '../../../apps.config.mjs';
import type { App } from '../core/store';
import { Refused } from './release';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const WAIT_MS = 180_000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const holderOf = (pidFile: string) => {
  try {
    return Number(fs.readFileSync(pidFile, 'utf8')) || null;
  } catch {
    return null;
  }
};

/**
 * Takes `lock` (a directory with the holder's pid) for this process, until it exits. A lock
 * whose process is gone (killed mid-release) is taken over; a live one is waited for, then refused.
 */
async function lockForProcess(lock: string, what: string) {
  const pidFile = path.join(lock, 'pid');
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 250))) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(pidFile, String(process.pid));
      process.on('exit', () => fs.rmSync(lock, { recursive: true, force: true }));
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = holderOf(pidFile);
    // no pid yet: its holder is between mkdir and write, so it counts as running
    if (holder && !alive(holder)) fs.rmSync(lock, { recursive: true, force: true });
    else if (Date.now() - started > WAIT_MS) throw new Refused(`another release of ${what} is running (pid ${holder ?? 'unknown'}; its lock: ${lock})`);
  }
}

/**
 * Builds `app` for production into a new temporary folder (removed when this process exits) and
 * answers it, holding `app`'s release lock until this process exits (so over its release too).
 */
export async function buildForRelease(app: App): Promise<string> {
  const releasesDir = path.resolve(root, RELEASES_DIR);
  fs.mkdirSync(releasesDir, { recursive: true });
  // beside the remotes' folders, not in one: nothing under a remote's folder but its releases is served
  await lockForProcess(path.join(releasesDir, `.${app.dir}.release.lock`), app.dir);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `${app.dir}-release-`));
  process.on('exit', () => fs.rmSync(out, { recursive: true, force: true }));
  // RELEASES_DIR fixed: apps.config.mjs derives its default from DIST_DIR
  const env = { ...process.env, NODE_ENV: 'production', DIST_DIR: out, RELEASES_DIR: releasesDir };
  const r = spawnSync('npm', ['run', 'build', '-w', app.dir], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`the build of ${app.dir} failed (exit ${r.status ?? r.signal})`);
  return out;
}
