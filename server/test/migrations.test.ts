/**
 * Migrations (src/db/migrations/, Kysely's Migrator): a new database migrates; one migrated by the runner
 * before Kysely's goes on from where it was; instances starting together migrate once. Migrations are
 * immutable SQL: the statuses a borrower may hold only one of were copied into the partial unique index
 * `orders_one_active` when migration 1 was applied. The contract's ACTIVE_STATUSES must still be exactly
 * that set; changing it needs a new migration.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { loadConfig } from '../src/settings/config';
import { openDb, type Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { MIGRATION_NAMES } from '../src/db/migrations';
import type { DB } from '../src/db/schema';
import C from '../src/api/contract';
import { unmigrated } from './helpers';

test('the contract ACTIVE_STATUSES is the set of the applied orders_one_active index', async () => {
  const { root, dataDir } = await unmigrated('lm-migrations-');
  const cfg = loadConfig({ ...process.env, NODE_ENV: 'test' }, { dataDir, logLevel: 'silent' });
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

const migrationsDir = new URL('../src/db/migrations/', import.meta.url);

test('no migration interpolates a value into its SQL, and every file is listed', () => {
  const files = fs.readdirSync(migrationsDir).filter((f) => /^\d{4}_\w+\.ts$/.test(f));
  assert.deepEqual(
    files.map((f) => f.slice(0, -3)),
    MIGRATION_NAMES,
    'each migration file is in migrations/index.ts, in order',
  );
  let sqlFiles = 0;
  for (const f of files) {
    const src = fs.readFileSync(new URL(f, migrationsDir), 'utf8');
    const raw = /\.raw\(\s*`([^`]*)`,?\s*\)/.exec(src);
    if (!raw) continue; // a data migration (0015_ledger_backfill): code, its values bound as parameters
    sqlFiles++;
    assert.ok(!raw[1].includes('${'), `${f}: a migration is SQL text as applied: write the literal values`);
  }
  assert.ok(sqlFiles >= 14);
});

const fresh = async () => {
  const { root, dataDir } = await unmigrated('lm-migrations-');
  return { root, cfg: loadConfig({ ...process.env, NODE_ENV: 'test' }, { dataDir, logLevel: 'silent' }) };
};
const recorded = async (db: Db) =>
  (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db)).rows;

test('a new database migrates to the latest, and a second start applies nothing', async () => {
  const { root, cfg } = await fresh();
  const opened = await openDb(cfg);
  try {
    assert.deepEqual(
      (await recorded(opened.db)).map((r) => r.name),
      MIGRATION_NAMES,
    );
    assert.deepEqual(await migrate(opened.db), []);
    const old = await sql<{ t: string | null }>`select to_regclass('schema_migrations')::text as t`.execute(opened.db);
    assert.equal(old.rows[0].t, null, "a new database has no table of the old runner's");
  } finally {
    await opened.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

/** the versions the runner before Kysely's recorded, up to 11, and when (its table as it made it) */
const OLD_VERSIONS = Array.from({ length: 11 }, (_, i) => i + 1);
const appliedAt = (v: number) => Date.UTC(2026, 0, v);

/**
 * a database as the old runner left it at version 11 (or `last`, its schema as migration `upTo` leaves it):
 * its tables, a borrower, and `schema_migrations` (no Kysely table)
 */
async function oldRunnerDatabase(cfg: ReturnType<typeof loadConfig>, last = 11, upTo = MIGRATION_NAMES[10]) {
  const opened = await openDb(cfg, undefined, { to: upTo });
  try {
    await sql`drop table kysely_migration; drop table kysely_migration_lock`.execute(opened.db);
    await sql`create table schema_migrations (version integer primary key, applied_at bigint not null)`.execute(opened.db);
    for (let v = 1; v <= last; v++) await sql`insert into schema_migrations (version, applied_at) values (${v}, ${appliedAt(v)})`.execute(opened.db);
    await sql`insert into users (mobile, created_at, credit_limit) values ('03001234567', 1, 5000)`.execute(opened.db);
  } finally {
    await opened.close();
  }
}

async function expectAdopted(db: Db) {
  const rows = await recorded(db);
  assert.deepEqual(
    rows.map((r) => r.name),
    MIGRATION_NAMES,
  );
  // the old runner's versions keep the time they were applied; the rest were applied now
  for (const v of OLD_VERSIONS) assert.equal(rows[v - 1].timestamp, new Date(appliedAt(v)).toISOString(), rows[v - 1].name);
  const users = await sql<{ mobile: string }>`select mobile from users`.execute(db);
  assert.deepEqual(
    users.rows.map((u) => u.mobile),
    ['03001234567'],
    'the data stays',
  );
}

test('a database migrated by the runner before Kysely goes on from its last version, without running one again', async () => {
  const { root, cfg } = await fresh();
  await oldRunnerDatabase(cfg);
  // 0001 run again would fail (its tables exist): only 0012 and later run
  const opened = await openDb(cfg);
  try {
    await expectAdopted(opened.db);
    const journals = await sql<{ t: string | null }>`select to_regclass('journals')::text as t`.execute(opened.db);
    assert.equal(journals.rows[0].t, 'journals', '0012 ran');
    assert.deepEqual(await migrate(opened.db), [], 'adopted once: a later start finds nothing to do');
  } finally {
    await opened.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the old runner's last versions (15, 16: after the back-fill became 0015) are files 0016 and 0017, and the back-fill it ran at start is recorded", async () => {
  const { root, cfg } = await fresh();
  await oldRunnerDatabase(cfg, 16, '0017_operations_console');
  const opened = await openDb(cfg);
  try {
    const rows = await recorded(opened.db);
    assert.deepEqual(
      rows.map((r) => r.name),
      MIGRATION_NAMES,
      'nothing left to run, nothing run twice (0017 run again would fail: its tables exist)',
    );
    assert.equal(rows[15].timestamp, new Date(appliedAt(15)).toISOString(), "0016 is the old runner's version 15");
    assert.equal(rows[16].timestamp, new Date(appliedAt(16)).toISOString(), "0017 is the old runner's version 16");
  } finally {
    await opened.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('instances starting at once migrate once (PostgreSQL: three pools on one database)', async () => {
  const { root, cfg } = await fresh();
  await oldRunnerDatabase(cfg);
  const dbs: Db[] = [];
  let opened: Awaited<ReturnType<typeof openDb>> | null = null;
  try {
    if (cfg.databaseUrl) {
      const pg = (await import('pg')).default;
      for (let i = 0; i < 3; i++)
        dbs.push(new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: cfg.databaseUrl, max: 2 }) }) }));
    } else {
      // PGlite is one process's: three starts on its one session
      opened = await openDb(cfg, undefined, { to: MIGRATION_NAMES[10] });
      dbs.push(opened.db, opened.db, opened.db);
    }
    const applied = await Promise.all(dbs.map((db) => migrate(db)));
    const later = MIGRATION_NAMES.slice(OLD_VERSIONS.length);
    assert.deepEqual(applied.map((a) => a.join()).sort(), ['', '', later.join()], 'one instance applies 0012 and later, the others find them applied');
    await expectAdopted(dbs[0]);
  } finally {
    if (opened) await opened.close();
    else for (const db of dbs) await db.destroy();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
