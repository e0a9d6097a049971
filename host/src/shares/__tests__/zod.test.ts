/** The share's zod holds every zod value the app's code reads, and nothing imports more of `zod` than `z`. */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import * as real from 'zod';
import { z } from '../zod';

const ROOT = path.join(__dirname, '../../../..');
const DIRS = ['shared/src', 'host/src', 'mf-onboarding/src', 'mf-loan/src', 'mf-repay/src', 'mf-usercenter/src'];
/** the server's and the release tool's (only the `shared/contract` entry has it, which no browser code imports) */
const NODE_ONLY = ['shared/src/contract/fingerprint.ts'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' || d.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}
const importers = DIRS.flatMap((d) => sources(path.join(ROOT, d)))
  .filter((file) => !NODE_ONLY.includes(path.relative(ROOT, file)))
  .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }))
  .filter(({ text }) => /from 'zod'/.test(text));

it('finds the app code that uses zod', () => {
  expect(importers.length).toBeGreaterThan(10);
});

/** the names read from `z` as values (`z.string()`, `z.NEVER`); `z.infer<...>` and other types are qualified names, not read */
function valuesOfZ(file: string, text: string): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'z') names.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return names;
}

it('has every zod value the app reads, as zod has it', () => {
  const used = new Set(importers.flatMap(({ file, text }) => valuesOfZ(file, text)));
  expect(used.has('object')).toBe(true);
  const missing = [...used].filter((name) => !(name in z));
  expect(missing).toEqual([]);
  for (const name of used) expect(z[name as keyof typeof z]).toBe(real[name as keyof typeof real]);
});

it('is only ever imported as `z` (or as types)', () => {
  const named = importers.flatMap(({ text }) => [...text.matchAll(/import \{([^}]*)\} from 'zod'/g)].flatMap((m) => m[1].split(',').map((s) => s.trim())));
  expect(new Set(named.filter(Boolean))).toEqual(new Set(['z']));
});
