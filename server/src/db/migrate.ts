/**
 * Migrates the database at start with Kysely's Migrator (the migrations: db/migrations/, recorded in
 * `kysely_migration`), under the start-up lock: instances starting together on one PostgreSQL migrate
 * one after the other, the first does the work and the others find nothing to do.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { MIGRATION_NAMES, migrationProvider, type MigrationContext } from './migrations';

/** any fixed number: instances starting together on one PostgreSQL migrate one after the other */
const STARTUP_LOCK = 7_240_001;

/**
 * Runs `fn` while no other instance on this database is starting (migrating or rewriting data),
 * without the request time-outs (waiting for another instance's migration, rewriting every row).
 */
export async function underStartupLock<T>(db: Kysely<DB>, fn: (c: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (c) => {
    await sql`set statement_timeout = 0`.execute(c);
    await sql`set lock_timeout = 0`.execute(c);
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(c);
    try {
      return await fn(c);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(c);
      await sql`reset statement_timeout`.execute(c);
      await sql`reset lock_timeout`.execute(c);
    }
  });
}

const migratorOn = (db: Kysely<DB>, ctx: MigrationContext) => new Migrator({ db, provider: migrationProvider(ctx) });

/**
 * The old runner's versions (`schema_migrations`) as the migration files that hold the same SQL. Its
 * versions 15 and 16 came after the ledger's back-fill was a step of every start, which became file 0015.
 */
const OLD_RUNNER: Record<number, string> = {
  ...Object.fromEntries(MIGRATION_NAMES.filter((n) => Number(n.slice(0, 4)) <= 14).map((n) => [Number(n.slice(0, 4)), n])),
  15: '0016_session_last_seen',
  16: '0017_operations_console',
};
/** the back-fill, which the old runner ran at every start after its migrations */
const BACKFILL = '0015_ledger_backfill';

/**
 * A database migrated by the runner before Kysely's (versions in `schema_migrations`) has those recorded in
 * Kysely's table, once, as the migration files of the same SQL (OLD_RUNNER), with the time each was
 * applied; then only the migrations after them run. One the old runner took past version 14 had the
 * ledger's back-fill done at that start, so the back-fill is recorded too (Kysely applies in name order).
 * Answers how many it recorded.
 */
async function adoptOldRunner(db: Kysely<DB>): Promise<number> {
  const table = async (name: string) => (await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(db)).rows[0].t !== null;
  if (!(await table('schema_migrations'))) return 0;
  if (await table('kysely_migration')) {
    const any = await sql`select 1 from kysely_migration limit 1`.execute(db);
    if (any.rows.length) return 0; // adopted already
  }
  const done = await sql<{ version: number; applied_at: number }>`select version, applied_at from schema_migrations order by version`.execute(db);
  const rows = done.rows.map((r) => {
    const name = OLD_RUNNER[Number(r.version)];
    if (!name) throw new Error(`schema_migrations records version ${r.version}, which no migration in src/db/migrations/ has`);
    return { name, timestamp: new Date(Number(r.applied_at)).toISOString() };
  });
  const past14 = rows.find((r) => r.name > BACKFILL);
  if (past14) rows.push({ name: BACKFILL, timestamp: past14.timestamp });
  // Kysely's table as its Migrator makes it (it then finds it there)
  await sql`create table if not exists kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(db);
  if (rows.length) await db.withTables<{ kysely_migration: { name: string; timestamp: string } }>().insertInto('kysely_migration').values(rows).execute();
  return rows.length;
}

/**
 * Migrates to the latest migration; answers the names applied now. A data migration's `now` is the wall
 * clock: at start the business clock (core/time.ts) is the wall clock, whatever CLOCK_SPEED says.
 */
export const migrate = (db: Kysely<DB>, ctx: MigrationContext = { now: Date.now }): Promise<string[]> =>
  underStartupLock(db, async (c) => {
    const migrator = migratorOn(c, ctx);
    await adoptOldRunner(c);
    return applied(await migrator.migrateToLatest());
  });

/** Migrates up to `name` (tests: a database as it was at that migration); answers the names applied now. */
export const migrateTo = (db: Kysely<DB>, name: string, ctx: MigrationContext = { now: Date.now }): Promise<string[]> =>
  underStartupLock(db, async (c) => {
    const migrator = migratorOn(c, ctx);
    await adoptOldRunner(c);
    return applied(await migrator.migrateTo(name));
  });

function applied(r: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  if (r.error) {
    const failed = r.results?.find((x) => x.status === 'Error')?.migrationName;
    const e = r.error instanceof Error ? r.error : new Error(String(r.error));
    throw failed ? new Error(`migration ${failed} failed: ${e.message}`, { cause: e }) : e;
  }
  return (r.results ?? []).filter((x) => x.status === 'Success').map((x) => x.migrationName);
}
