/**
 * The versioned parts of `shared` (shared/parts.json): each is some of the package's entries
 * (its `exports`) with a semantic version of its own. A part's files are what its entries
 * bundle (their relative imports, followed; an import of another entry, `shared/...`, is that
 * part's), so a file two parts bundle counts for both. shared/parts.lock.json keeps, per part,
 * the hash of its files at its version: a change to them without a new version fails the unit
 * test (shared/src/parts.test.ts), and `npm run parts:lock` records the new versions.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Part {
  version: string;
  /** subpaths of shared/package.json `exports` ('.' is `shared`) */
  entries: string[];
  /** more files of the part, relative to shared/ */
  files?: string[];
}
export type Parts = Record<string, Part>;
export type Lock = Record<string, { version: string; hash: string }>;

export const PARTS_FILE = 'parts.json';
export const LOCK_FILE = 'parts.lock.json';
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

export const readParts = (sharedDir: string): Parts => readJson(path.join(sharedDir, PARTS_FILE));

/** The MF shared key of an entry: '.' is `shared`, './ui' is `shared/ui`; and back. */
const shareOf = (entry: string) => path.posix.join('shared', entry);
export const entryOf = (share: string) => `.${share.slice('shared'.length)}`;

/** The part each MF key of `shared` is in. */
export const partOfShare = (parts: Parts): Record<string, string> =>
  Object.fromEntries(Object.entries(parts).flatMap(([name, p]) => p.entries.map((e) => [shareOf(e), name])));

const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;
const resolveFile = (p: string) =>
  ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => p + ext).find((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile());

/** The absolute paths of the files `entry` of shared bundles (tests never do). */
export function filesOfEntry(sharedDir: string, entry: string): string[] {
  const exports = readJson(path.join(sharedDir, 'package.json')).exports as Record<string, string>;
  if (!exports[entry]) throw new Error(`${entry} is not an entry of shared/package.json`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveFile(path.resolve(path.dirname(file), m[1]));
      if (!target) throw new Error(`${file}: cannot resolve ${m[1]}`);
      visit(target);
    }
  };
  visit(path.join(sharedDir, exports[entry]));
  return [...seen];
}

/** sha256 of each part's files, by path relative to shared/ and content. */
export function partHashes(sharedDir: string, parts = readParts(sharedDir)): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parts).map(([name, part]) => {
      const files = new Set([...part.entries.flatMap((e) => filesOfEntry(sharedDir, e)), ...(part.files ?? []).map((f) => path.join(sharedDir, f))]);
      const hash = crypto.createHash('sha256');
      for (const rel of [...files].map((f) => path.relative(sharedDir, f)).sort())
        hash
          .update(`${rel}\0`)
          .update(fs.readFileSync(path.join(sharedDir, rel)))
          .update('\0');
      return [name, hash.digest('hex')];
    }),
  );
}

/** What is wrong between the parts' files, their versions and the lock: empty when each part's version was bumped with its changes and recorded. */
export function staleParts(sharedDir: string): string[] {
  const parts = readParts(sharedDir);
  const lockFile = path.join(sharedDir, LOCK_FILE);
  const lock: Lock = fs.existsSync(lockFile) ? readJson(lockFile) : {};
  const hashes = partHashes(sharedDir, parts);
  return Object.entries(parts).flatMap(([name, { version }]) => {
    const locked = lock[name];
    if (!locked) return [`${name} is not in shared/${LOCK_FILE}: run \`npm run parts:lock\``];
    if (locked.version === version)
      return locked.hash === hashes[name]
        ? []
        : [`${name}'s files changed since ${version}: bump its version in shared/${PARTS_FILE} (and run \`npm run parts:lock\`)`];
    return [`${name} is ${version} in shared/${PARTS_FILE} but ${locked.version} in shared/${LOCK_FILE}: run \`npm run parts:lock\``];
  });
}

/**
 * Records each part's version and hash in the lock. Refused (throws) while a part's files
 * changed at the version the lock has: its version must be bumped first.
 */
export function writeLock(sharedDir: string): Lock {
  const unbumped = staleParts(sharedDir).filter((p) => p.includes('changed since'));
  if (unbumped.length) throw new Error(unbumped.join('\n'));
  const parts = readParts(sharedDir);
  const hashes = partHashes(sharedDir, parts);
  const lock = Object.fromEntries(Object.entries(parts).map(([name, { version }]) => [name, { version, hash: hashes[name] }]));
  fs.writeFileSync(path.join(sharedDir, LOCK_FILE), `${JSON.stringify(lock, null, 2)}\n`);
  return lock;
}
