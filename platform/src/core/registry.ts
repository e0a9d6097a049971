/**
 * The release registry: every remote's pointer (current, last good, canary, versions, the log of switches), the one
 * source of truth of what phones load. Every switch is one compare-and-set over the whole registry: it names the
 * revision it read, and lands only if no other switch (of any remote: a release is checked against the others' routes)
 * landed since; one that lost re-reads and decides again (release.ts `switchOnce`).
 *   RELEASES_DB_URL set: PostgreSQL (tables release_registry and release_pointers, made on first use). Any number of
 *     CI runners on any number of machines share it; each rebuilds its derived files (the pointers' copies, the
 *     remotes map, the host page, the CSP hashes) from it.
 *   unset: the releases folder itself (<remote>/releases.json), its compare-and-set under a local lock directory: one
 *     developer machine only (two machines sharing a bucket have no lock in common).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { readPointer, remoteDir, withLock, type App, type Pointer } from './store';

/** What a switch read: the registry's revision and every remote's pointer, by Module Federation name. */
export interface RegistryState {
  revision: string;
  pointers: Record<string, Pointer>;
}

export interface Registry {
  /** where it is, for messages */
  where: string;
  read(): Promise<RegistryState>;
  /**
   * Stores `pointer` as `remote`'s if the registry is still at `revision`, then runs `publish` (writes the files
   * derived from it: the folder store keeps its pointers in them, so they are written under its lock); false: another
   * switch landed first, nothing stored; else the registry's revision now.
   */
  commit(revision: string, remote: string, pointer: Pointer, publish: () => void): Promise<string | null>;
  close(): Promise<void>;
}

export const empty = (remote: string): Pointer => ({ remote, current: null, lastGood: null, versions: [] });
export const pointerOf = (state: RegistryState, app: App) => state.pointers[app.name] ?? empty(app.name);

/** The releases folder as the registry: each remote's releases.json; its revision a hash of them all. */
export function folderRegistry(releasesDir: string, apps: readonly App[]): Registry {
  const read = (): RegistryState => {
    const pointers: Record<string, Pointer> = {};
    for (const app of apps.filter((a) => a.name !== 'host')) {
      const dir = remoteDir(releasesDir, app);
      if (fs.existsSync(path.join(dir, 'releases.json'))) pointers[app.name] = readPointer(dir, app.name);
    }
    return { revision: crypto.createHash('sha256').update(JSON.stringify(pointers)).digest('hex'), pointers };
  };
  return {
    where: releasesDir,
    read: async () => read(),
    commit: (revision, _remote, _pointer, publish) =>
      withLock(releasesDir, async () => {
        if (read().revision !== revision) return null;
        publish();
        return read().revision;
      }),
    close: async () => {},
  };
}

const SCHEMA = `
  create table if not exists release_registry (id int primary key check (id = 1), revision bigint not null);
  insert into release_registry values (1, 0) on conflict do nothing;
  -- json, not jsonb: the pointer as written, its keys in order (its derived copies are the same bytes from any machine)
  create table if not exists release_pointers (remote text primary key, pointer json not null, revision bigint not null);`;

/** The registry in PostgreSQL at `url`: the switch's compare-and-set is one transaction on the registry's revision row. */
export function postgresRegistry(url: string): Registry {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let ready: Promise<unknown> | undefined;
  // two runners creating the tables at once: the first's transaction holds the other until it commits
  const schema = () =>
    (ready ??= (async () => {
      const c = await pool.connect();
      try {
        await c.query('begin');
        await c.query('select pg_advisory_xact_lock(4242)');
        await c.query(SCHEMA);
        await c.query('commit');
      } catch (e) {
        await c.query('rollback');
        throw e;
      } finally {
        c.release();
      }
    })());
  const where = url.replace(/\/\/[^@/]*@/, '//');
  return {
    where,
    async read() {
      await schema();
      const c = await pool.connect();
      try {
        // one snapshot: the revision and the pointers it names
        await c.query('begin isolation level repeatable read read only');
        const [{ revision }] = (await c.query<{ revision: string }>('select revision::text from release_registry')).rows;
        const rows = (await c.query<{ remote: string; pointer: Pointer }>('select remote, pointer from release_pointers order by remote')).rows;
        await c.query('commit');
        return { revision, pointers: Object.fromEntries(rows.map((r) => [r.remote, r.pointer])) };
      } finally {
        c.release();
      }
    },
    async commit(revision, remote, pointer, publish) {
      await schema();
      const c = await pool.connect();
      let moved;
      try {
        await c.query('begin');
        moved = await c.query<{ revision: string }>('update release_registry set revision = revision + 1 where revision = $1 returning revision::text', [
          revision,
        ]);
        if (moved.rowCount !== 1) {
          await c.query('rollback');
          return null;
        }
        await c.query(
          `insert into release_pointers (remote, pointer, revision) values ($1, $2, $3)
           on conflict (remote) do update set pointer = excluded.pointer, revision = excluded.revision`,
          [remote, JSON.stringify(pointer), moved.rows[0].revision],
        );
        await c.query('commit');
      } catch (e) {
        await c.query('rollback').catch(() => {});
        throw e;
      } finally {
        c.release();
      }
      publish();
      return String(moved.rows[0].revision);
    },
    close: () => pool.end(),
  };
}

/** The registry this shell uses: PostgreSQL when RELEASES_DB_URL is set, else the releases folder. */
export const openRegistry = (releasesDir: string, apps: readonly App[], env: NodeJS.ProcessEnv = process.env): Registry =>
  env.RELEASES_DB_URL ? postgresRegistry(env.RELEASES_DB_URL) : folderRegistry(releasesDir, apps);
