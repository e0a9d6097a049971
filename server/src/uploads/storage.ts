/**
 * Uploaded photos behind a small interface: on local disk (outside any web root) for the embedded
 * database, in PostgreSQL (table blobs) when DATABASE_URL is set so every API instance reads them.
 */
import nodeFs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Db } from '../db';

export interface Storage {
  put(userId: number, ext: string, data: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** whether a photo can be stored now (readiness: `/ready` fails while it cannot) */
  canStore(): Promise<boolean>;
}

/**
 * A write refused because the store has no room or cannot be written: the disk or the user's quota
 * is full (ENOSPC, EDQUOT), the filesystem went read-only (EROFS), or PostgreSQL's disk is full (53100).
 */
export function isStoreFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EROFS' || code === '53100';
}

const newKey = (userId: number, ext: string) => `${userId}/${crypto.randomBytes(12).toString('hex')}.${ext}`;

/** the calls of node:fs/promises the disk store makes (a test puts a failing disk in front of the real one) */
export type DiskFs = Pick<typeof nodeFs, 'mkdir' | 'writeFile' | 'rename' | 'rm' | 'readFile' | 'statfs'>;

export interface DiskOptions {
  /** below this many free bytes the store is not ready (a photo may need up to UPLOAD_MAX_BYTES) */
  minFreeBytes: number;
  /** how long a readiness answer is kept (the balancer asks every 0.5 s) */
  probeCacheMs: number;
  fs?: DiskFs;
  /** wall clock, ms */
  now?: () => number;
}

/** photos being written, named at random: moved to their key once whole, so a key never names a partial file */
const INCOMING = '.incoming';

export function diskStorage(root: string, opts: DiskOptions): Storage {
  const fs = opts.fs ?? nodeFs;
  const now = opts.now ?? Date.now;
  const resolve = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('bad storage key');
    return p;
  };
  const incoming = path.join(root, INCOMING);
  /** written whole under a temporary name, then renamed; any failure removes the temporary file */
  async function writeWhole(file: string, data: Buffer) {
    await fs.mkdir(incoming, { recursive: true });
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(incoming, `${crypto.randomBytes(12).toString('hex')}.tmp`);
    try {
      await fs.writeFile(tmp, data, { mode: 0o600, flush: true });
      await fs.rename(tmp, file);
    } catch (e) {
      await fs.rm(tmp, { force: true }).catch(() => undefined);
      throw e;
    }
  }
  /**
   * the size of the last write refused for room (0: none since one succeeded): the store stays not ready until
   * that much is free, so the balancer does not send the same photo back at once
   */
  let refused = 0;
  let probed: { at: number; ok: boolean } | null = null;
  async function probe(): Promise<boolean> {
    try {
      await fs.mkdir(incoming, { recursive: true });
      const st = await fs.statfs(root);
      if (st.bavail * st.bsize < Math.max(opts.minFreeBytes, refused)) return false;
      // free blocks are not all: the user's quota, the inodes or a read-only remount refuse a real write
      await writeWhole(path.join(incoming, 'probe'), Buffer.from('ok'));
      await fs.rm(path.join(incoming, 'probe'), { force: true });
      refused = 0;
      return true;
    } catch {
      return false;
    }
  }
  return {
    async put(userId, ext, data) {
      const key = newKey(userId, ext);
      try {
        await writeWhole(resolve(key), data);
      } catch (e) {
        if (isStoreFull(e)) {
          refused = data.length;
          probed = null;
        }
        throw e;
      }
      refused = 0;
      return key;
    },
    get: (key) => fs.readFile(resolve(key)),
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async canStore() {
      const t = now();
      if (!probed || t - probed.at >= opts.probeCacheMs) probed = { at: t, ok: await probe() };
      return probed.ok && !refused;
    },
  };
}

/** Removes photos left half-written by a process that stopped mid-write (at start, before any upload). */
export async function sweepIncoming(root: string): Promise<void> {
  await nodeFs.rm(path.join(root, INCOMING), { recursive: true, force: true });
}

/** shared by all instances on one PostgreSQL; a missing key rejects like the disk store's ENOENT */
export function dbStorage(db: Db, now: () => number): Storage {
  return {
    async put(userId, ext, data) {
      const key = newKey(userId, ext);
      await db.insertInto('blobs').values({ key, user_id: userId, data, created_at: now() }).execute();
      return key;
    },
    async get(key) {
      const r = await db.selectFrom('blobs').select('data').where('key', '=', key).executeTakeFirst();
      if (!r) throw Object.assign(new Error(`no stored file ${key}`), { code: 'ENOENT' });
      return Buffer.from(r.data);
    },
    async remove(key) {
      await db.deleteFrom('blobs').where('key', '=', key).execute();
    },
    // the database's own readiness (`/ready`'s select 1) covers it: a full PostgreSQL disk stops every instance alike
    canStore: async () => true,
  };
}

/** JPEG or PNG by magic bytes, else null */
export function sniffImage(buf: Buffer): 'image/jpeg' | 'image/png' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}
