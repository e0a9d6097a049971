import { en } from './en';
import { ur } from './ur';

type Tree = { [k: string]: string | Tree };
function flat(t: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(t)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else Object.assign(out, flat(v, `${prefix}${k}.`));
  }
  return out;
}
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('repay strings', () => {
  const E = flat(en as Tree);
  const U = flat(ur as Tree);

  it('Urdu has every English key, filled, with the same placeholders', () => {
    expect(Object.keys(U).sort()).toEqual(Object.keys(E).sort());
    for (const [k, v] of Object.entries(E)) {
      expect(U[k].trim()).not.toBe('');
      expect([k, placeholders(U[k])]).toEqual([k, placeholders(v)]);
    }
  });

  it("the loan's daily charge has one name, the spec's, as on borrow, confirm and the key facts: Interest (سود), never Markup (مارک اپ)", () => {
    for (const v of Object.values(E)) expect(v).not.toMatch(/markup/i);
    for (const v of Object.values(U)) expect(v).not.toContain('مارک اپ');
    expect([E['statement.amounts.interest'], U['statement.amounts.interest']]).toEqual(['Interest', 'سود']);
  });

  it('Urdu is translated (only names, codes and IBAN may stay as in English)', () => {
    const same = Object.keys(E).filter((k) => E[k] === U[k]);
    expect(same).toEqual(['bank.iban']);
  });
});
