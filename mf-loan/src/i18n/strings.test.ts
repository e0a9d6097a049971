import { en } from './en';
import { ur } from './ur';

function leaves(o: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v as Record<string, unknown>, `${prefix}${k}.`),
  );
}
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('loan strings', () => {
  const e = new Map(leaves(en));
  const u = new Map(leaves(ur));
  it('Urdu has every English key, translated, with the same placeholders', () => {
    expect([...u.keys()].sort()).toEqual([...e.keys()].sort());
    const same = [...e].filter(([k, v]) => u.get(k) === v && /[a-z]{3}/i.test(v.replace(/\{\{\w+\}\}/g, '')) && !/APR|03XX/.test(v));
    expect(same).toEqual([]);
    for (const [k, v] of e) expect([k, placeholders(u.get(k)!)]).toEqual([k, placeholders(v)]);
  });
  it('every cancellation reason and status has a text', async () => {
    const { CANCEL_REASONS, ORDER_STATUS_TEXTS } = await import('shared');
    for (const r of CANCEL_REASONS) expect(en.cancel.reasons[r]).toBeTruthy();
    for (const s of ORDER_STATUS_TEXTS) {
      expect(en.status[s]).toBeTruthy();
      expect(en.hint[s]).toBeTruthy();
    }
  });
  it('every event an order history records has its own words (none says only "Update"), in both languages', async () => {
    const { ORDER_EVENT_TYPES } = await import('shared');
    for (const type of ORDER_EVENT_TYPES) {
      expect([type, (en.history.events as Record<string, string>)[type]]).toEqual([type, expect.any(String)]);
      expect([type, (ur.history.events as Record<string, string>)[type]]).toEqual([type, expect.any(String)]);
    }
  });
});
