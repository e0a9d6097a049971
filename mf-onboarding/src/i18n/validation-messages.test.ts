/**
 * Every 'validation.*' key used by the contract (shared/src/contract) has an English and an
 * Urdu message in shared/src/i18n/validation.ts, and the onboarding strings match in both languages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validation } from '../../../shared/src/i18n/validation';
import { en } from './en';
import { ur } from './ur';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' ? [] : files(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

const contractDir = path.join(__dirname, '../../../shared/src/contract');
const used = new Set<string>();
for (const f of files(contractDir)) {
  for (const m of fs.readFileSync(f, 'utf8').matchAll(/['"`]validation\.([A-Za-z0-9_]+)['"`]/g)) used.add(m[1]);
}

function leaves(o: unknown, prefix = ''): [string, unknown][] {
  if (o && typeof o === 'object') return Object.entries(o).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  return [[prefix, o]];
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

describe('onboarding strings', () => {
  it('English and Urdu have the same keys and no empty string', () => {
    const e = leaves(en);
    const u = leaves(ur);
    expect(u.map(([k]) => k).sort()).toEqual(e.map(([k]) => k).sort());
    for (const [k, v] of [...e, ...u]) expect([k, typeof v === 'string' && v.trim().length > 0]).toEqual([k, true]);
  });

  it('keeps the same interpolation placeholders in both languages', () => {
    const u = new Map(leaves(ur));
    for (const [k, v] of leaves(en)) {
      const ph = (s: unknown) => (String(s).match(/\{\{\w+\}\}/g) ?? []).sort();
      expect([k, ph(u.get(k))]).toEqual([k, ph(v)]);
    }
  });
});

describe('option labels', () => {
  it.each([
    ['salaryBand', 'SALARY_BANDS'], ['designation', 'DESIGNATION'], ['idCardType', 'ID_CARD_TYPES'], ['language', 'SPOKEN_LANGUAGES'],
  ])('every value of the contract list for %s has an English and an Urdu label', (group, list) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const values = require('../../../shared/src/contract/options')[list] as string[];
    expect(values.length).toBeGreaterThan(1);
    const label = (o: typeof en.options, v: string) => (o as unknown as Record<string, Record<string, string>>)[group][v];
    for (const v of values) {
      expect([v, typeof label(en.options, v)]).toEqual([v, 'string']);
      expect([v, label(ur.options, v)]).toEqual([v, expect.stringMatching(/[\u0600-\u06FF]/)]);
    }
  });
});
