/**
 * Staff passwords hashed with scrypt (node:crypto, memory-hard): N = 2^cost, r = 8, p = 2, the cost 16 by default
 * (64 MiB and about two scrypt rounds of work per check; OWASP's scrypt settings; STAFF_PASSWORD_COST, never lower in
 * production), a 16-byte random salt, the parameters kept in the stored string so they can be raised later without
 * locking anyone out.
 * scrypt rather than argon2: it is in Node itself (no native package with per-platform binaries to
 * keep in the lock file), and runs on libuv's thread pool, off the event loop.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

const PARAMS = { r: 8, p: 2 };
const KEY_LEN = 32;
/** the memory scrypt needs is 128 * N * r bytes (per lane); Node's default ceiling is 32 MiB */
const maxmem = (N: number, r: number) => 128 * N * r * 2;

/** a password staff may set: long enough that guessing online is hopeless under the lockout */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

/** `cost`: log2 of scrypt's N (STAFF_PASSWORD_COST) */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { r, p } = PARAMS;
  const N = 2 ** cost;
  const key = await scrypt(password, salt, KEY_LEN, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const got = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(n), Number(r)),
  });
  return crypto.timingSafeEqual(got, expected);
}

/** spends the same work as a check on an unknown account, so timing does not tell which usernames exist */
const dummies = new Map<number, Promise<string>>();
export async function verifyNothing(password: string, cost: number): Promise<false> {
  if (!dummies.has(cost)) dummies.set(cost, hashPassword(crypto.randomBytes(16).toString('hex'), cost));
  await verifyPassword(password, await dummies.get(cost)!);
  return false;
}
