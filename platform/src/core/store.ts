/**
 * A remote's releases on disk, laid out as on any static host or object store:
 *   <RELEASES_DIR>/<remote dir>/<version>-<hash>/   one build, never changed once published
 *   <RELEASES_DIR>/<remote dir>/releases.json       the pointer: the remote's origin, current, last good, the
 *                                                  canary (a version and its share of devices), every version
 *                                                  (verified or not, rolled back, aborted or demoted when it was),
 *                                                  and the log of every switch (who, when, what, why)
 *   <RELEASES_DIR>/<remote dir>/index.html          the current version's standalone page (a redirect)
 *   <RELEASES_DIR>/<remote dir>/csp-hashes.json     the hashes of its inline script (security-headers.ts)
 * Pointers are replaced whole (write, then rename), so a reader sees the old or the new one. Every text file published
 * here has its compressed copies beside it (core/compressed.ts), written with it. With a PostgreSQL registry
 * (registry.ts, RELEASES_DB_URL) releases.json is a copy derived from it; without one it is the registry.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compressedCopies, removeWithCopies } from './compressed';
import { CSP_HASHES, pageHashesFile } from './security-headers';

/** An app of apps.config.mjs: its folder, its Module Federation name, its local port; `staff`: one of STAFF_APPS (never in the host). */
export interface App {
  dir: string;
  name: string;
  port: number;
  staff?: boolean;
}

/** A version of a remote as its pointer records it. */
export interface Version {
  id: string;
  version: string;
  shared: string;
  publishedAt: string;
  /** absent: recorded before the mark existed (a version that was live, so accepted) */
  verified?: boolean;
  rolledBackAt?: string;
  abortedAt?: string;
  demotedAt?: string;
  demoteReason?: string;
}

export interface LogEntry {
  at: string;
  /** 'refused': a release that did not go live (its note says why); nothing switched */
  action: 'release' | 'canary' | 'promote' | 'abort' | 'rollback' | 'demote' | 'refused';
  version: string;
  from?: string | null;
  share?: number;
  by?: string;
  note?: string;
}

/** A remote's releases.json. */
export interface Pointer {
  remote: string;
  /** where its releases are served from (absent in a pointer from before origins were stored) */
  origin?: string;
  current: string | null;
  lastGood: string | null;
  canary?: { id: string; share: number };
  versions: Version[];
  log?: LogEntry[];
}

/** [path, text] pairs, written in order, all or nothing (writeAll) */
export type Files = [file: string, text: string][];

export const POINTER = 'releases.json';
/** a version folder's name: the remote's package version and the first 7 hex of its build's hash */
export const VERSION_ID = String.raw`\d+\.\d+\.\d+[\w.-]*-[0-9a-f]{7}`;
export const VERSION_DIR = new RegExp(`^${VERSION_ID}$`);

export const remoteDir = (releasesDir: string, app: App) => path.join(releasesDir, app.dir);

/** Where the host's origin keeps what it publishes for the remotes (served at its root). */
export const hostPublished = (releasesDir: string) => path.join(releasesDir, 'host');

/** Replaces a file whole: readers never see half of it. */
const replaceWhole = (file: string, bytes: string | Buffer) => {
  const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`; // unique across machines writing one bucket
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
};

/**
 * Replaces a published file whole, with its compressed copies: they go first (a server sends a copy whenever it
 * exists), so a file written after another is never sent before it in any encoding; a file too small for copies
 * loses those of its last version.
 */
export function writeAtomic(file: string, text: string | Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const copies = compressedCopies(file, text);
  if (!copies.length) removeWithCopies(file, { keepFile: true });
  for (const [copy, bytes] of copies) replaceWhole(copy, bytes);
  replaceWhole(file, text);
}

/** One writer at a time over a releases folder on this machine (the folder registry's compare-and-set, the entry pages' publication): a lock directory. */
export async function withLock<T>(releasesDir: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(releasesDir, '.lock');
  fs.mkdirSync(releasesDir, { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
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

/**
 * A build's report that no phone loads (Module Federation's mf-stats.json, with its compressed copies; the host reads
 * mf-manifest.json): published with its version, left out of the version's hash, so a report differing between two
 * builds of one source (issue 42) never makes two versions of the same code.
 */
export const NOT_HASHED = /^mf-stats\.json(\.br|\.gz)?$/;

/** the squad's signature of a version's files, published in its folder (core/signing.ts) */
export const SIGNATURE_FILE = 'release-signature.json';

/**
 * A version folder's content, by path from the folder (its separators the system's), in a stable order: every file
 * but its compressed copies (made from their files when a build lacks them), the build report (NOT_HASHED) and its
 * signature (ECDSA signs the same files differently each time; release() checked the one it came with). What its id
 * hashes and what its squad signs (core/signing.ts integrities).
 */
export function contentFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string): void =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .forEach((e) => {
        const p = path.join(d, e.name);
        if (e.isDirectory()) return walk(p);
        if (/\.(br|gz)$/.test(e.name) || (d === dir && (NOT_HASHED.test(e.name) || e.name === SIGNATURE_FILE))) return;
        files.push(path.relative(dir, p));
      });
  walk(dir);
  return files;
}

/** The hash of a version folder's content (contentFiles): a folder published again under its id must have the same. */
export function contentHash(dir: string): string {
  const hash = crypto.createHash('sha256');
  for (const f of contentFiles(dir))
    hash
      .update(f)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, f)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * A version's id after its number: the hash of its content (contentHash), so the same code gives the same id, and a
 * version folder released again (promoted to another environment, with its signature and compressed copies) keeps it.
 */
export const buildHash = (dir: string) => contentHash(dir).slice(0, 7);

export function readPointer(dir: string, remote: string): Pointer {
  const file = path.join(dir, POINTER);
  if (!fs.existsSync(file)) return { remote, current: null, lastGood: null, versions: [] };
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { cause: e });
  }
}

/** Whether a version was checked working before it went live; one recorded before this mark existed was live and accepted. */
export const isVerified = (v: Version) => v.verified !== false;
/** A version borrowers may fall back to: verified, and neither rolled back, aborted as a canary, nor demoted. */
const isGood = (v: Version | undefined): v is Version => v !== undefined && isVerified(v) && !v.rolledBackAt && !v.abortedAt && !v.demotedAt;
const byId = (pointer: Pointer, id: string | null | undefined) => pointer.versions.find((v) => v.id === id);

/** The newest good version published before `id`, other than the current one: the one to fall back to. */
function goodBefore(pointer: Pointer, id: string | null): string | null {
  const i = pointer.versions.findIndex((v) => v.id === id);
  return (
    pointer.versions
      .slice(0, Math.max(i, 0))
      .reverse()
      .find((v) => v.id !== pointer.current && isGood(v))?.id ?? null
  );
}

/** What `id` falls back to once current: the version current before it, else the last good one, if good; else the good one before it. */
function fallbackFor(pointer: Pointer, id: string): string | null {
  return [pointer.current, pointer.lastGood].find((c) => c && c !== id && isGood(byId(pointer, c))) ?? goodBefore(pointer, id);
}

/** Named again: a version loses its rolled-back, aborted and demoted marks. */
const reinstated = (v: Version): Version => ({ ...v, rolledBackAt: undefined, abortedAt: undefined, demotedAt: undefined, demoteReason: undefined });

/** The shares of devices a canary may be served to: some, never none or all (that is a release). */
export const CANARY_SHARE = { min: 1, max: 99 };

/** `id` (recorded, not current) is served to `share` percent of devices, the same devices each time; the rest keep the current one. */
export function startCanary(pointer: Pointer, id: string, share: number): Pointer {
  if (!Number.isInteger(share) || share < CANARY_SHARE.min || share > CANARY_SHARE.max)
    throw new Error(`a canary's share is a whole percentage from ${CANARY_SHARE.min} to ${CANARY_SHARE.max}, not ${share}`);
  if (!pointer.current) throw new Error(`${pointer.remote} has no current version for a canary to run beside: release it first`);
  if (id === pointer.current) throw new Error(`${id} is already current`);
  const versions = pointer.versions.map((v) => (v.id === id ? reinstated(v) : v));
  return { ...pointer, versions, canary: { id, share } };
}

/** The canary ends: promoted, it becomes current for every device; aborted, nobody gets it and it is never a fallback. */
export function endCanary(pointer: Pointer, how: 'promote' | 'abort', now = new Date()): Pointer {
  if (!pointer.canary) throw new Error(`${pointer.remote} has no canary running`);
  const { canary, ...rest } = pointer;
  if (how === 'promote') return switchTo(rest, canary.id);
  return { ...rest, versions: rest.versions.map((v) => (v.id === canary.id ? { ...v, abortedAt: now.toISOString() } : v)) };
}

/** The pointer with one more line in its log of switches: `entry` is { action, version, by, note?, ... }. */
export const logged = (pointer: Pointer, entry: Omit<LogEntry, 'at'>, now = new Date()): Pointer => ({
  ...pointer,
  log: [...(pointer.log ?? []), { at: now.toISOString(), ...entry }],
});

/**
 * Adds a newly published version, or records that a version published unverified has now been
 * verified (the same build released again); never the reverse.
 */
export function recordVersion(pointer: Pointer, version: Version): Pointer {
  const known = byId(pointer, version.id);
  if (!known) return { ...pointer, versions: [...pointer.versions, version] };
  if (isVerified(known) || !version.verified) return pointer;
  return { ...pointer, versions: pointer.versions.map((v) => (v === known ? { ...v, verified: true } : v)) };
}

/** `id` becomes current; what was current becomes the last good one (if it is good). */
export function switchTo(pointer: Pointer, id: string): Pointer {
  if (pointer.current === id) return pointer;
  const versions = pointer.versions.map((v) => (v.id === id ? reinstated(v) : v));
  return { ...pointer, versions, current: id, lastGood: fallbackFor(pointer, id) };
}

/**
 * Back to `id` (default: the last good one). The version left is marked rolled back when it is
 * newer than `id`; a rolled-back (or demoted) version named again is cleared of that mark.
 */
export function rollBack(pointer: Pointer, id?: string | null, now = new Date()): Pointer {
  id ??= isGood(byId(pointer, pointer.lastGood)) ? pointer.lastGood : goodBefore(pointer, pointer.current);
  if (!id) throw new Error(`${pointer.remote} has no earlier good version to roll back to`);
  const to = pointer.versions.findIndex((v) => v.id === id);
  if (to < 0) throw new Error(`${pointer.remote} has no version ${id}; \`npm run releases\` lists them`);
  if (id === pointer.current) throw new Error(`${id} is already current`);
  const from = pointer.versions.findIndex((v) => v.id === pointer.current);
  const versions = pointer.versions.map((v, i) => (i === from && from > to ? { ...v, rolledBackAt: now.toISOString() } : i === to ? reinstated(v) : v));
  const next: Pointer = { ...pointer, versions, current: id };
  return { ...next, lastGood: goodBefore(next, id) };
}

/**
 * Marks version `id` bad (a fallback report, say): never a fallback again, as if rolled back.
 * If it is current, rolls back to the last good one.
 */
export function demote(pointer: Pointer, id: string, reason: string, now = new Date()): Pointer {
  const bad = byId(pointer, id);
  if (!bad) throw new Error(`${pointer.remote} has no version ${id}; \`npm run releases\` lists them`);
  if (bad.demotedAt) return pointer;
  const versions = pointer.versions.map((v) => (v === bad ? { ...v, demotedAt: now.toISOString(), demoteReason: reason } : v));
  const marked: Pointer = { ...pointer, versions };
  if (pointer.canary?.id === id) delete marked.canary; // its devices go back to the current one
  if (pointer.current === id) return rollBack(marked, undefined, now);
  return pointer.lastGood === id ? { ...marked, lastGood: goodBefore(marked, id) } : marked;
}

/**
 * The redirect's script: to the link's version, or to its canary on the devices in the canary's share (a random id
 * kept on the device, per origin: the same devices each time, as the host's tracks do for the composed remotes). The
 * same text for every pointer: its Content-Security-Policy hash (security-headers.ts) never changes.
 */
const REDIRECT =
  "var a=document.querySelector('a'),to=a.getAttribute('href'),c=a.getAttribute('data-canary');" +
  "if(c){var d=localStorage.getItem('release-device');if(!d){d=String(Math.random()).slice(2);localStorage.setItem('release-device',d)}" +
  "for(var n=0,i=0;i<d.length;i++)n=(n*31+d.charCodeAt(i))%100003;if(n%100<Number(a.getAttribute('data-share')))to=c}" +
  'location.replace(to+location.search+location.hash)';

/**
 * The files a pointer is published as: itself, and the redirect of the remote's own address to its current standalone
 * page (its canary's on the canary's share of devices: a staff app's page is where its staff work).
 */
export function pointerFiles(dir: string, pointer: Pointer): Files {
  const to = `${pointer.current}/`;
  const canary = pointer.canary ? ` data-canary="${pointer.canary.id}/" data-share="${pointer.canary.share}"` : '';
  // the script keeps the address's hash (the screen asked for); the meta refresh is for no script
  const page = `<!doctype html><meta charset="utf-8"><title>${pointer.remote}</title><meta http-equiv="refresh" content="1;url=${to}"><a href="${to}"${canary}>${pointer.current}</a><script>${REDIRECT}</script>\n`;
  return [
    [path.join(dir, POINTER), `${JSON.stringify(pointer, null, 2)}\n`],
    // hashes before the page: it is never served without those of its inline code
    [path.join(dir, CSP_HASHES), pageHashesFile(dir, 'index.html', page)],
    [path.join(dir, 'index.html'), page],
  ];
}

export const savePointer = (dir: string, pointer: Pointer) => writeAll(pointerFiles(dir, pointer));

/** the pointer with only its log changed (a refused release): releases.json alone, the pointer page as it was */
export const saveLog = (dir: string, pointer: Pointer) => writeAtomic(path.join(dir, POINTER), `${JSON.stringify(pointer, null, 2)}\n`);

/**
 * Writes `files` ([path, text] pairs) in order, each whole. If one fails, those written are put
 * back as they were (or removed), so the set changes together or not at all, then it rethrows.
 */
export function writeAll(files: Files) {
  const before = files.map(([file]) => [file, fs.existsSync(file) ? fs.readFileSync(file) : null] as const);
  let written = 0;
  try {
    for (const [file, text] of files) {
      writeAtomic(file, text);
      written++;
    }
  } catch (e) {
    for (const [file, text] of before.slice(0, written + 1).reverse()) {
      if (text === null) removeWithCopies(file);
      else writeAtomic(file, text);
    }
    throw e;
  }
}
