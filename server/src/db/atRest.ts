/**
 * Encryption at rest of what identifies a borrower's money and person: bank account numbers, the
 * national ID (CNIC) in the profile and OCR result, and every stored photo. AES-256-GCM with keys
 * derived (HKDF) from DATA_KEY; a keyed hash (HMAC) stands in for the value where it must be looked
 * up or kept unique. Values written before encryption existed are read as they are and encrypted by
 * `encryptLegacyRows` at start.
 */
import crypto from 'node:crypto';
import type { Db } from '../db';
import type { Storage } from '../uploads/storage';
import { z } from 'zod';
import { parseJson } from './json';

/** a JSON column as this rewrite reads it: any object, every key kept (only the one field sealed changes) */
const AnyObject = z.record(z.string(), z.unknown()).nullable();

const TEXT_PREFIX = 'enc1:';
const BYTES_MAGIC = Buffer.from('LME1');
let keys: { enc: Buffer; mac: Buffer } | null = null;

/** Called once at start with DATA_KEY (refused in production when missing: see config.ts). */
export function configureAtRest(secret: string): void {
  const derive = (info: string) => Buffer.from(crypto.hkdfSync('sha256', secret, 'loan-market', info, 32));
  keys = { enc: derive('at-rest encryption'), mac: derive('at-rest index') };
}
function k() {
  if (!keys) throw new Error('encryption at rest is not configured');
  return keys;
}

function seal(plain: Buffer): Buffer {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', k().enc, iv);
  const ct = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), ct]);
}
function open(sealed: Buffer): Buffer {
  const d = crypto.createDecipheriv('aes-256-gcm', k().enc, sealed.subarray(0, 12));
  d.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([d.update(sealed.subarray(28)), d.final()]);
}

export const isSealedText = (v: string) => v.startsWith(TEXT_PREFIX);
export const sealText = (plain: string): string => TEXT_PREFIX + seal(Buffer.from(plain, 'utf8')).toString('base64url');
export const openText = (v: string): string => (isSealedText(v) ? open(Buffer.from(v.slice(TEXT_PREFIX.length), 'base64url')).toString('utf8') : v);
export const sealBytes = (plain: Buffer): Buffer => Buffer.concat([BYTES_MAGIC, seal(plain)]);
const isSealedBytes = (b: Buffer) => b.subarray(0, 4).equals(BYTES_MAGIC);
export const openBytes = (b: Buffer): Buffer => (isSealedBytes(b) ? open(b.subarray(4)) : b);
/** keyed hash of a value (digits only for numbers typed with spaces): equal values, equal index */
export const blindIndex = (plain: string): string => crypto.createHmac('sha256', k().mac).update(plain.replace(/\s+/g, '')).digest('base64url');

/** A photo store whose files are sealed: what it keeps is ciphertext, what it gives back is the photo. */
export function sealedStorage(inner: Storage): Storage {
  return {
    put: (userId, ext, data) => inner.put(userId, ext, sealBytes(data)),
    get: async (key) => openBytes(await inner.get(key)),
    remove: (key) => inner.remove(key),
    canStore: () => inner.canStore(),
  };
}

/** The national ID inside a stored profile or OCR JSON, sealed or opened. */
export function withId<T extends Record<string, unknown> | null>(json: T, field: string, how: (v: string) => string): T {
  if (!json || typeof json[field] !== 'string') return json;
  return { ...json, [field]: how(json[field] as string) };
}

/** Encrypts rows and photos written before encryption at rest (idempotent; a no-op once done). */
export async function encryptLegacyRows(db: Db, photos: Storage): Promise<number> {
  let n = 0;
  const cards = await db.selectFrom('bank_cards').select(['id', 'account_number']).where('account_number', 'not like', `${TEXT_PREFIX}%`).execute();
  for (const c of cards) {
    await db
      .updateTable('bank_cards')
      .set({ account_number: sealText(c.account_number), account_index: blindIndex(c.account_number) })
      .where('id', '=', c.id)
      .execute();
    n++;
  }
  const profiles = await db.selectFrom('profiles').select(['user_id', 'basic', 'ocr']).execute();
  for (const p of profiles) {
    const basic = parseJson(AnyObject, p.basic, `profiles.basic of user ${p.user_id}`);
    const ocr = parseJson(AnyObject, p.ocr, `profiles.ocr of user ${p.user_id}`);
    const plainBasic = typeof basic?.nationalId === 'string' && !isSealedText(basic.nationalId);
    const plainOcr = typeof ocr?.cardNumber === 'string' && !isSealedText(ocr.cardNumber);
    if (!plainBasic && !plainOcr) continue;
    await db
      .updateTable('profiles')
      .set({
        ...(plainBasic ? { basic: JSON.stringify(withId(basic, 'nationalId', sealText)), national_id_index: blindIndex(basic!.nationalId as string) } : {}),
        ...(plainOcr ? { ocr: JSON.stringify(withId(ocr, 'cardNumber', sealText)) } : {}),
      })
      .where('user_id', '=', p.user_id)
      .execute();
    n++;
  }
  const orders = await db.selectFrom('orders').select(['id', 'bank_card']).where('bank_card', 'is not', null).execute();
  for (const o of orders) {
    const card = parseJson(AnyObject, o.bank_card, `orders.bank_card of order ${o.id}`);
    if (typeof card?.account_number !== 'string' || isSealedText(card.account_number)) continue;
    await db
      .updateTable('orders')
      .set({ bank_card: JSON.stringify(withId(card, 'account_number', sealText)) })
      .where('id', '=', o.id)
      .execute();
    n++;
  }
  // photos: `photos` is the raw store (not the sealing wrapper), so what comes back is what is kept
  const docs = await db.selectFrom('documents').select(['id', 'user_id', 'storage_key', 'mime']).execute();
  for (const d of docs) {
    const raw = await photos.get(d.storage_key).catch(() => null);
    if (!raw || isSealedBytes(raw)) continue;
    const key = await photos.put(Number(d.user_id), d.mime === 'image/png' ? 'png' : 'jpg', sealBytes(raw));
    await db.updateTable('documents').set({ storage_key: key }).where('id', '=', d.id).execute();
    await photos.remove(d.storage_key);
    n++;
  }
  return n;
}
