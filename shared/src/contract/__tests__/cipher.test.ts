import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CipherError, deriveKey, open, openJson, seal } from '../cipher';

// An independent implementation of docs/wire-protocol.md with node:crypto.
const nodeKey = (pkg: string) => Buffer.from((pkg + '0000000000000000').slice(0, 16), 'utf8');
function nodeSeal(text: string, pkg: string): string {
  const iv = randomBytes(16);
  const c = createCipheriv('aes-128-cbc', nodeKey(pkg), iv);
  return Buffer.concat([iv, c.update(text, 'utf8'), c.final()]).toString('base64url');
}
function nodeOpen(token: string, pkg: string): string {
  const all = Buffer.from(token, 'base64url');
  const d = createDecipheriv('aes-128-cbc', nodeKey(pkg), all.subarray(0, 16));
  return Buffer.concat([d.update(all.subarray(16)), d.final()]).toString('utf8');
}

const PKG = 'pk.loanmarket.app';

describe('wire cipher', () => {
  const samples = ['', '/security/login', JSON.stringify({ mobile: '03001234567', t: 1700000000 }), 'اردو متن ✓', 'x'.repeat(1000)];

  it.each(samples)('node:crypto opens what seal() produced: %#', (text) => {
    expect(nodeOpen(seal(text, deriveKey(PKG)), PKG)).toBe(text);
  });

  it.each(samples)('open() reads what node:crypto sealed: %#', (text) => {
    expect(open(nodeSeal(text, PKG), deriveKey(PKG))).toBe(text);
  });

  it('uses base64url without padding and a fresh IV each call', () => {
    const key = deriveKey(PKG);
    const a = seal('same', key);
    const b = seal('same', key);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url').length).toBe(32);
  });

  it('derives a 16-byte key: short names padded with zeros, long ones cut', () => {
    expect(deriveKey('abc').sigBytes).toBe(16);
    expect(open(nodeSeal('hi', 'abc'), deriveKey('abc'))).toBe('hi');
    expect(nodeKey('abc').toString()).toBe('abc0000000000000');
    const long = 'com.example.a.very.long.package';
    expect(open(nodeSeal('hi', long), deriveKey(long))).toBe('hi');
  });

  it('refuses a missing or non-ASCII package name', () => {
    expect(() => deriveKey('')).toThrow(CipherError);
    expect(() => deriveKey('pk.قرض')).toThrow(CipherError);
  });

  it('fails cleanly on malformed input', () => {
    const key = deriveKey(PKG);
    const good = seal('{"a":1}', key);
    expect(() => open('not base64url!', key)).toThrow(CipherError);
    expect(() => open(good.slice(0, 20), key)).toThrow(CipherError); // < 32 bytes
    expect(() => open(Buffer.alloc(40).toString('base64url'), key)).toThrow(CipherError); // not a multiple of 16
    expect(() => open(nodeSeal('{"a":1}', 'other.package'), key)).toThrow(CipherError); // wrong key: bad padding (or garbage)
    expect(() => openJson(seal('not json', key), key)).toThrow(CipherError);
    expect(() => openJson(seal('[1,2]', key), key)).toThrow(CipherError);
    expect(openJson(good, key)).toEqual({ a: 1 });
  });
});
