/**
 * Uploaded photos behind a small interface: on local disk (outside any web root) for the embedded
 * database, in PostgreSQL (table blobs) when DATABASE_URL is set so every API instance reads them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Db } from '../db';

export interface Storage {
  put(userId: number, ext: string, data: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const newKey = (userId: number, ext: string) => `${userId}/${crypto.randomBytes(12).toString('hex')}.${ext}`;

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('bad storage key');
    return p;
  };
  return {
    async put(userId, ext, data) {
      const key = newKey(userId, ext);
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data, { mode: 0o600 });
      return key;
    },
    get: (key) => fs.readFile(resolve(key)),
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
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
  };
}

/** JPEG or PNG by magic bytes, else null */
export function sniffImage(buf: Buffer): 'image/jpeg' | 'image/png' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}
