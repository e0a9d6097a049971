/**
 * The lifecycle table and the ledger are the only way the server changes an order or money (issue 27):
 * a scan of server/src. An order's status, amounts and the ledger's projections on the row are written only
 * by usecases/lifecycle.ts (an order's first status by repos/orders.ts createOrder); journals and postings only
 * by repos/ledger.ts; no raw SQL writes either outside the migrations.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../src');

/** columns of orders that hold its state or money (the legacy amount columns of migration 12 included) */
const GUARDED = [
  'status',
  'amount',
  'tenure_days',
  'terms',
  'product_id',
  'user_id',
  'due_at',
  'disbursed_at',
  'paid_off_at',
  'extension_count',
  'amount_paid',
  'principal_paid',
  'reduction',
  'penalty_carried',
  'penalty_settled',
  'penalty_days',
];
const LIFECYCLE = 'usecases/lifecycle.ts';
const LEDGER = 'repos/ledger.ts';

/** the text of the call starting at `open` (an opening parenthesis), up to its closing one */
function callText(src: string, open: number): string {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '(') depth++;
    else if (src[i] === ')' && --depth === 0) return src.slice(open, i + 1);
  }
  return src.slice(open);
}

/** every write the rules above forbid in one file's source */
function violations(file: string, src: string): string[] {
  const out: string[] = [];
  const at = (i: number) => `${file}:${src.slice(0, i).split('\n').length}`;
  for (const m of src.matchAll(/\.updateTable\(\s*['"]orders['"]\s*\)/g)) {
    if (file === LIFECYCLE) continue;
    // the statement's .set(...) calls, up to the end of the chain
    const rest = src.slice(m.index + m[0].length, src.indexOf(';', m.index) + 1 || undefined);
    for (const s of rest.matchAll(/\.set\(/g)) {
      const body = callText(rest, s.index + '.set'.length);
      if (/\.\.\./.test(body)) out.push(`${at(m.index)}: orders updated with a spread (its columns cannot be checked)`);
      for (const col of GUARDED) if (new RegExp(`[{,\\s]${col}\\s*:`).test(body)) out.push(`${at(m.index)}: orders.${col} updated outside ${LIFECYCLE}`);
    }
  }
  for (const m of src.matchAll(/\.(insertInto|updateTable|deleteFrom)\(\s*['"](journals|postings)['"]\s*\)/g))
    if (file !== LEDGER) out.push(`${at(m.index)}: ${m[2]} written (${m[1]}) outside ${LEDGER}`);
  for (const m of src.matchAll(/\.(insertInto|deleteFrom)\(\s*['"]orders['"]\s*\)/g))
    if (file !== 'repos/orders.ts') out.push(`${at(m.index)}: orders ${m[1]} outside repos/orders.ts`);
  if (!file.startsWith('db/migrations/'))
    for (const m of src.matchAll(
      /\b(update\s+orders|insert\s+into\s+(orders|journals|postings)|delete\s+from\s+(orders|journals|postings)|update\s+(journals|postings))\b/gi,
    ))
      out.push(`${at(m.index)}: raw SQL "${m[0]}"`);
  return out;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.(ts|cjs|mjs|js)$/.test(e.name) ? [p] : [];
  });
}

test('no order status, amount or ledger projection is written outside lifecycle.ts, no journal or posting outside repos/ledger.ts', () => {
  const files = sources(SRC);
  assert.ok(files.length > 50, `scanned ${files.length} files`);
  const found = files.flatMap((f) => violations(path.relative(SRC, f).split(path.sep).join('/'), fs.readFileSync(f, 'utf8')));
  assert.deepEqual(found, []);
  // the writers the rules allow are where they are said to be
  assert.match(fs.readFileSync(path.join(SRC, LIFECYCLE), 'utf8'), /\.updateTable\('orders'\)/);
  assert.match(fs.readFileSync(path.join(SRC, LEDGER), 'utf8'), /\.insertInto\('postings'\)/);
});

test('the scan finds each kind of forbidden write', () => {
  const bad = [
    ["await db.updateTable('orders').set({ status: 4, updated_at: now }).where('id', '=', 1).execute();", /orders\.status updated/],
    ["await db.updateTable('orders').set((eb) => ({ due_at: eb('due_at', '+', 1) })).execute();", /orders\.due_at updated/],
    ["await db.updateTable('orders').set({ ...cols }).execute();", /spread/],
    ["await trx.insertInto('postings').values(legs).execute();", /postings written/],
    ["await trx.deleteFrom('journals').where('order_id', '=', 1).execute();", /journals written/],
    ["await trx.insertInto('orders').values(o).execute();", /orders insertInto outside/],
    ['await sql`update orders set amount = 1`.execute(db);', /raw SQL/],
  ] as const;
  for (const [src, why] of bad) assert.match(violations('services/loan.ts', src).join('\n'), why, src);
  // what is allowed: other columns, and the owners' own writes
  assert.deepEqual(violations('repos/orders.ts', "await db.updateTable('orders').set({ bank_card: null, updated_at: now }).execute();"), []);
  assert.deepEqual(violations(LIFECYCLE, "await db.updateTable('orders').set({ ...change.set, status: to }).execute();"), []);
  assert.deepEqual(violations(LEDGER, "await trx.insertInto('journals').values(j).execute();"), []);
});
