/**
 * Migrations are immutable SQL: the statuses a borrower may hold only one of were copied into
 * the partial unique index `orders_one_active` when migration 1 was applied. The contract's
 * ACTIVE_STATUSES must still be exactly that set; changing it needs a new migration.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/settings/config';
import { openDb } from '../src/db';
import C from '../src/api/contract';
import { resetPostgres } from './helpers';

test('the contract ACTIVE_STATUSES is the set of the applied orders_one_active index', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-migrations-'));
  if (process.env.DATABASE_URL) await resetPostgres(process.env.DATABASE_URL);
  const cfg = loadConfig({ ...process.env, NODE_ENV: 'test' }, { dataDir: path.join(root, 'pglite'), logLevel: 'silent' });
  const opened = await openDb(cfg);
  try {
    const r = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'orders_one_active'`.execute(opened.db);
    assert.equal(r.rows.length, 1, 'index orders_one_active exists');
    const def = r.rows[0].indexdef;
    const where = /\bWHERE\b(.*)$/i.exec(def)?.[1];
    assert.ok(where, def);
    const inIndex = [...where.matchAll(/\d+/g)].map((m) => Number(m[0])).sort((a, b) => a - b);
    const inContract = [...C.ACTIVE_STATUSES].sort((a, b) => a - b);
    assert.deepEqual(inContract, inIndex, `index: ${def}`);
  } finally {
    await opened.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('no migration interpolates a value into its SQL', () => {
  const src = fs.readFileSync(new URL('../src/db/migrations.ts', import.meta.url), 'utf8');
  const body = src.slice(src.indexOf('export const MIGRATIONS'), src.indexOf('];', src.indexOf('export const MIGRATIONS')));
  assert.ok(body.length > 100);
  assert.ok(!body.includes('${'), 'a migration is SQL text as applied: write the literal values');
});
