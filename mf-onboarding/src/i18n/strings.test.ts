/**
 * The onboarding strings match in both languages, and every value of the contract's option
 * lists has a label in both (the contract's validation messages: shared/src/i18n).
 */
import { DESIGNATION, ID_CARD_TYPES, SALARY_BANDS, SPOKEN_LANGUAGES } from 'shared/contract';
import { en } from './en';
import { ur } from './ur';

function leaves(o: unknown, prefix = ''): [string, unknown][] {
  if (o && typeof o === 'object') return Object.entries(o).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  return [[prefix, o]];
}

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
  it.each<[string, readonly string[]]>([
    ['salaryBand', SALARY_BANDS],
    ['designation', DESIGNATION],
    ['idCardType', ID_CARD_TYPES],
    ['language', SPOKEN_LANGUAGES],
  ])('every value of the contract list for %s has an English and an Urdu label', (group, values) => {
    expect(values.length).toBeGreaterThan(1);
    const label = (o: typeof en.options, v: string) => (o as unknown as Record<string, Record<string, string>>)[group][v];
    for (const v of values) {
      expect([v, typeof label(en.options, v)]).toEqual([v, 'string']);
      expect([v, label(ur.options, v)]).toEqual([v, expect.stringMatching(/[\u0600-\u06FF]/)]);
    }
  });
});
