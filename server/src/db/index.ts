/**
 * Opens the database: PGlite (default, with a lock file on its directory) or PostgreSQL (DATABASE_URL).
 * On PostgreSQL a lost connection (restart, fail-over, pg_terminate_backend) never ends the process:
 * the broken client leaves the pool, the next query opens a new one, and start-up waits for the
 * database with back-off.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Config } from '../settings/config';
import { PGliteDialect } from './pglite-dialect';
import { migrate, migrateTo } from './migrate';
import type { MigrationContext } from './migrations';
import type { DB } from './schema';

export type Db = Kysely<DB>;
export interface OpenDb {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/** start-up waits for PostgreSQL this long, retrying a refused or lost connection with back-off */
const START_WAIT_MS = 60_000;
const BACKOFF_MS = { first: 200, max: 5000 };

/** the database is unreachable (refused, reset, restarting, shutting down): worth retrying, not a bug */
export function isConnectionError(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(err?.code ?? '')) return true;
  // 57P01-03: admin shutdown, crash shutdown, cannot connect now (starting up / shutting down)
  if (/^57P0[1-3]$/.test(err?.code ?? '')) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(err?.message ?? '');
}

async function withBackoff<T>(fn: () => Promise<T>, log: Log | undefined, waitMs = START_WAIT_MS): Promise<T> {
  const until = Date.now() + waitMs;
  for (let delay = BACKOFF_MS.first; ; delay = Math.min(delay * 2, BACKOFF_MS.max)) {
    try {
      return await fn();
    } catch (e) {
      if (!isConnectionError(e) || Date.now() + delay > until) throw e;
      log?.warn({ err: (e as Error).message, retryInMs: delay }, 'database unreachable at start-up, retrying');
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** answers whether the database runs a query within `timeoutMs` (readiness) */
export async function dbReachable(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const INT8 = 20;
const NUMERIC = 1700;
const toNum = (v: string) => (v === null ? null : Number(v));

function takeLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let i = 0; i < 2; i++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      let alive = false;
      if (pid && pid !== process.pid) {
        try {
          process.kill(pid, 0);
          alive = true;
        } catch (err) {
          alive = (err as NodeJS.ErrnoException).code === 'EPERM';
        }
      } else if (pid === process.pid) alive = true;
      if (alive)
        throw new Error(`data directory ${dir} is in use by process ${pid} (lock file ${file}); two servers on one PGlite directory lose data`, { cause: e });
      fs.unlinkSync(file); // stale lock of a dead process
    }
  }
  throw new Error(`cannot lock ${dir}`);
}

/** tests: migrate only up to migration `to` (a database as it was then), data migrations' clock `ctx` */
export interface MigrateOptions {
  to?: string;
  ctx?: MigrationContext;
}
const migrated = (db: Kysely<DB>, o: MigrateOptions) => (o.to ? migrateTo(db, o.to, o.ctx) : migrate(db, o.ctx));

export async function openDb(cfg: Config, log?: Log, migration: MigrateOptions = {}): Promise<OpenDb> {
  if (cfg.databaseUrl) {
    const pg = await import('pg');
    const types = pg.default.types;
    types.setTypeParser(INT8, toNum);
    types.setTypeParser(NUMERIC, toNum);
    const pool = new pg.default.Pool({
      connectionString: cfg.databaseUrl,
      max: cfg.dbPoolMax,
      connectionTimeoutMillis: cfg.dbConnectTimeoutMs,
      statement_timeout: cfg.statementTimeoutMs,
      lock_timeout: cfg.lockTimeoutMs,
      idle_in_transaction_session_timeout: cfg.idleTxTimeoutMs,
    });
    // an idle client that loses its connection: the pool has already dropped it
    pool.on('error', (err) => log?.warn({ err: err.message }, 'database connection lost (idle)'));
    // a client in use that loses its connection: its query fails, and on release the pool drops it
    pool.on('connect', (client) => client.on('error', (err) => log?.warn({ err: err.message }, 'database connection lost (in use)')));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    try {
      await withBackoff(() => migrated(db, migration), log);
    } catch (e) {
      await db.destroy();
      throw e;
    }
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const release = takeLock(cfg.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: cfg.dataDir, parsers: { [INT8]: toNum, [NUMERIC]: toNum } });
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    await migrated(db, migration);
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await db.destroy();
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
