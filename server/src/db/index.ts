/** Opens the database: PGlite (default, with a lock file on its directory) or PostgreSQL (DATABASE_URL). */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { Config } from '../config';
import { PGliteDialect } from './pglite-dialect';
import { migrate } from './migrations';
import type { DB } from './schema';

export type Db = Kysely<DB>;
export interface OpenDb {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
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

export async function openDb(cfg: Config): Promise<OpenDb> {
  if (cfg.databaseUrl) {
    const pg = await import('pg');
    const types = pg.default.types;
    types.setTypeParser(INT8, toNum);
    types.setTypeParser(NUMERIC, toNum);
    const pool = new pg.default.Pool({ connectionString: cfg.databaseUrl, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    await migrate(db);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const release = takeLock(cfg.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: cfg.dataDir, parsers: { [INT8]: toNum, [NUMERIC]: toNum } });
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    await migrate(db);
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
