/**
 * A remote's releases on disk, laid out as on any static host or object store:
 *   <RELEASES_DIR>/<remote dir>/<version>-<hash>/   one build, never changed once published
 *   <RELEASES_DIR>/<remote dir>/releases.json       the pointer: current, last good, every version
 *   <RELEASES_DIR>/<remote dir>/index.html          the current version's standalone page (a redirect)
 *   <RELEASES_DIR>/<remote dir>/csp-hashes.json     the hashes of its inline script (scripts/security-headers.mjs)
 * Pointers are replaced whole (write, then rename), so a reader sees the old or the new one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CSP_HASHES, pageHashesFile } from '../security-headers.mjs';

export const POINTER = 'releases.json';
/** a version folder's name: the remote's package version and the first 7 hex of its build's hash */
export const VERSION_ID = String.raw`\d+\.\d+\.\d+[\w.-]*-[0-9a-f]{7}`;
export const VERSION_DIR = new RegExp(`^${VERSION_ID}$`);

export const remoteDir = (releasesDir, app) => path.join(releasesDir, app.dir);

/** Replaces a file whole: readers never see half of it. */
export function writeAtomic(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/** One release at a time over a releases folder (two squads releasing at once): a lock directory. */
export async function withLock(releasesDir, fn) {
  const lock = path.join(releasesDir, '.lock');
  fs.mkdirSync(releasesDir, { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (waited > 30_000) throw new Error(`another release holds ${lock} (remove it if no release is running)`, { cause: e });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Every file of a build, by path, hashed in a stable order: the same build gives the same id. */
export function buildHash(dir) {
  const hash = crypto.createHash('sha256');
  const walk = (d) =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .forEach((e) => {
        const p = path.join(d, e.name);
        if (e.isDirectory()) return walk(p);
        hash.update(path.relative(dir, p)).update('\0').update(fs.readFileSync(p)).update('\0');
      });
  walk(dir);
  return hash.digest('hex').slice(0, 7);
}

export function readPointer(dir, remote) {
  const file = path.join(dir, POINTER);
  if (!fs.existsSync(file)) return { remote, current: null, lastGood: null, versions: [] };
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The newest version published before `id` that was never rolled back: the one to fall back to. */
function goodBefore(pointer, id) {
  const i = pointer.versions.findIndex((v) => v.id === id);
  return (
    pointer.versions
      .slice(0, Math.max(i, 0))
      .reverse()
      .find((v) => !v.rolledBackAt)?.id ?? null
  );
}

/** `id` becomes current; what was current becomes the last good one. */
export function switchTo(pointer, id) {
  if (pointer.current === id) return pointer;
  const versions = pointer.versions.map((v) => (v.id === id ? { ...v, rolledBackAt: undefined } : v));
  return { ...pointer, versions, current: id, lastGood: pointer.current ?? goodBefore(pointer, id) };
}

/**
 * Back to `id` (default: the last good one). The version left is marked rolled back when it is
 * newer than `id`; a rolled-back version named again is cleared of that mark.
 */
export function rollBack(pointer, id = pointer.lastGood, now = new Date()) {
  if (!id) throw new Error(`${pointer.remote} has no earlier version to roll back to`);
  const to = pointer.versions.findIndex((v) => v.id === id);
  if (to < 0) throw new Error(`${pointer.remote} has no version ${id}; \`npm run releases\` lists them`);
  if (id === pointer.current) throw new Error(`${id} is already current`);
  const from = pointer.versions.findIndex((v) => v.id === pointer.current);
  const versions = pointer.versions.map((v, i) =>
    i === from && from > to ? { ...v, rolledBackAt: now.toISOString() } : i === to ? { ...v, rolledBackAt: undefined } : v,
  );
  const next = { ...pointer, versions, current: id };
  return { ...next, lastGood: goodBefore(next, id) };
}

/** Saves the pointer and the redirect of the remote's own address to its current standalone page. */
export function savePointer(dir, pointer) {
  writeAtomic(path.join(dir, POINTER), `${JSON.stringify(pointer, null, 2)}\n`);
  const to = `${pointer.current}/`;
  // the script keeps the address's hash (the screen asked for); the meta refresh is for no script.
  // The script is the same for every version: its Content-Security-Policy hash (scripts/security-headers.mjs) stays too.
  const page = `<!doctype html><meta charset="utf-8"><title>${pointer.remote}</title><meta http-equiv="refresh" content="1;url=${to}"><a href="${to}">${pointer.current}</a><script>location.replace(document.querySelector('a').getAttribute('href') + location.search + location.hash)</script>\n`;
  writeAtomic(path.join(dir, CSP_HASHES), pageHashesFile(dir, 'index.html', page));
  writeAtomic(path.join(dir, 'index.html'), page);
}
