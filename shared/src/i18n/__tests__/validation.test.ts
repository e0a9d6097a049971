/**
 * Every 'validation.*' key used by the contract (shared/src/contract) has an English and an
 * Urdu message in validation.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validation } from '../validation';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' ? [] : files(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

const contractDir = path.join(__dirname, '../../contract');
const used = new Set<string>();
for (const f of files(contractDir)) {
  for (const m of fs.readFileSync(f, 'utf8').matchAll(/['"`]validation\.([A-Za-z0-9_]+)['"`]/g)) used.add(m[1]);
}

describe('validation messages', () => {
  it('finds the contract keys (the scan itself works)', () => {
    expect(used.size).toBeGreaterThan(40);
    expect(used.has('nationalId13')).toBe(true);
  });

  it.each([...used].sort())('validation.%s has an English and an Urdu message', (key) => {
    expect(validation.en[key]).toEqual(expect.any(String));
    expect(validation.en[key].length).toBeGreaterThan(3);
    expect(validation.ur[key]).toEqual(expect.any(String));
    expect(validation.ur[key]).toMatch(/[\u0600-\u06FF]/); // real Urdu, not English copied over
  });

  it('English and Urdu have the same keys', () => {
    expect(Object.keys(validation.ur).sort()).toEqual(Object.keys(validation.en).sort());
  });
});
