/**
 * The wire cipher of docs/wire-protocol.md: AES-128-CBC, PKCS7, a fresh 16-byte IV
 * prepended, base64url without padding. The key is public (it ships in the bundle):
 * this hides traffic from casual inspection only.
 */
// Only the parts the protocol uses: the whole crypto-js bundle is several times larger.
import CryptoJS from 'crypto-js/core';
import 'crypto-js/enc-base64';
import 'crypto-js/cipher-core';
import 'crypto-js/aes';
import 'crypto-js/pad-nopadding';

export const KEY_BYTES = 16;
const IV_BYTES = 16;
const BLOCK = 16;

export class CipherError extends Error {
  constructor(reason: string) {
    super(`cannot open sealed value: ${reason}`);
    this.name = 'CipherError';
  }
}

export type WireKey = CryptoJS.lib.WordArray;

/** key = UTF-8 bytes of (packageName + 16 zeros).slice(0, 16); packageName must be ASCII. */
export function deriveKey(packageName: string): WireKey {
  if (!packageName || !/^[\x21-\x7e]+$/.test(packageName)) {
    throw new CipherError('packageName must be non-empty printable ASCII');
  }
  const text = (packageName + '0'.repeat(KEY_BYTES)).slice(0, KEY_BYTES);
  const key = CryptoJS.enc.Utf8.parse(text);
  // crypto-js silently picks AES-192/256 from a longer key: insist on exactly 128 bits.
  if (key.sigBytes !== KEY_BYTES) throw new CipherError('key is not 16 bytes');
  return key;
}

function toBase64url(words: CryptoJS.lib.WordArray): string {
  return CryptoJS.enc.Base64.stringify(words).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(token: string): CryptoJS.lib.WordArray {
  if (!/^[A-Za-z0-9_-]+$/.test(token) || token.length % 4 === 1) throw new CipherError('not base64url');
  const b64 = token.replace(/-/g, '+').replace(/_/g, '/');
  return CryptoJS.enc.Base64.parse(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
}

export function seal(text: string, key: WireKey): string {
  const iv = CryptoJS.lib.WordArray.random(IV_BYTES);
  const { ciphertext } = CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(text), key, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  // concat mutates its receiver: clone the IV first.
  return toBase64url(iv.clone().concat(ciphertext));
}

export function open(token: string, key: WireKey): string {
  if (typeof token !== 'string') throw new CipherError('not a string');
  const all = fromBase64url(token);
  if (all.sigBytes < IV_BYTES + BLOCK || all.sigBytes % BLOCK !== 0) throw new CipherError('bad length');
  const iv = CryptoJS.lib.WordArray.create(all.words.slice(0, IV_BYTES / 4), IV_BYTES);
  const ciphertext = CryptoJS.lib.WordArray.create(all.words.slice(IV_BYTES / 4), all.sigBytes - IV_BYTES);
  // Decrypt without padding removal so bad padding is detected here, not silently mangled.
  const plain = CryptoJS.AES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), key, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.NoPadding,
  });
  const bytes = wordsToBytes(plain);
  const pad = bytes[bytes.length - 1];
  if (!pad || pad > BLOCK || pad > bytes.length) throw new CipherError('bad padding');
  for (let i = bytes.length - pad; i < bytes.length; i++) if (bytes[i] !== pad) throw new CipherError('bad padding');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - pad));
  } catch {
    throw new CipherError('not UTF-8');
  }
}

/** open() and JSON.parse, failing with CipherError on anything but a JSON object. */
export function openJson(token: string, key: WireKey): Record<string, unknown> {
  const text = open(token, key);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CipherError('not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new CipherError('not a JSON object');
  return value as Record<string, unknown>;
}

function wordsToBytes(w: CryptoJS.lib.WordArray): Uint8Array {
  const out = new Uint8Array(w.sigBytes);
  for (let i = 0; i < w.sigBytes; i++) out[i] = (w.words[i >>> 2] >>> (24 - (i % 4) * 8)) & 0xff;
  return out;
}
