/** The Urdu strings are the English ones' whole set: every key (list items too), each with the same placeholders. */
import { en } from './en';
import { ur } from './ur';

type Tree = { [k: string]: string | string[] | Tree };
/** every leaf's dotted key and text (a list's items by their index) */
const leaves = (t: Tree, at = ''): [string, string][] =>
  Object.entries(t).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[at + k, v] as [string, string]]
      : Array.isArray(v)
        ? v.map((s, i) => [`${at}${k}.${i}`, s] as [string, string])
        : leaves(v, `${at}${k}.`),
  );
const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = new Map(leaves(en as unknown as Tree));
const urdu = new Map(leaves(ur as unknown as Tree));

test('ur.ts has every key of en.ts and no other', () => {
  expect([...english.keys()].filter((k) => !urdu.has(k))).toEqual([]);
  expect([...urdu.keys()].filter((k) => !english.has(k))).toEqual([]);
});

test('each Urdu string is written (not empty) and fills the same placeholders as its English one', () => {
  for (const [key, text] of english) {
    const u = urdu.get(key) ?? '';
    expect([key, u.trim().length > 0]).toEqual([key, true]);
    expect([key, placeholders(u)]).toEqual([key, placeholders(text)]);
  }
});
