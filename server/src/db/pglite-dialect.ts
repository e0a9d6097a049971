/**
 * A Kysely dialect over PGlite that serialises access to PGlite's single session:
 * a connection is a lease on a mutex, held for one query or for a whole transaction, so
 * another request's query can never run inside an open transaction (the flaw of
 * kysely-pglite 0.6, toolchain notes).
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const prev = this.tail;
    this.tail = prev.then(() => next);
    return prev.then(() => release);
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly db: PGlite) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    if (q.parameters.length === 0 && q.sql.trim().replace(/;\s*$/, '').includes(';')) {
      // multi-statement script (migrations): PGlite's exec, not a prepared statement
      const all = await this.db.exec(q.sql);
      const last = all[all.length - 1];
      return { rows: (last?.rows ?? []) as R[], numAffectedRows: BigInt(last?.affectedRows ?? 0) } as QueryResult<R>;
    }
    const res = await this.db.query<R>(q.sql, q.parameters as unknown[], { rowMode: 'object' });
    const affected = res.affectedRows ?? 0;
    return { rows: res.rows, numAffectedRows: BigInt(affected) } as QueryResult<R>;
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly conn: PGliteConnection;
  constructor(private readonly db: PGlite) {
    this.conn = new PGliteConnection(db);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    // one PGlite session: one connection object; the lease is tracked per acquire
    const lease = Object.create(this.conn) as PGliteConnection;
    this.releases.set(lease, release);
    return lease;
  }
  async beginTransaction(c: DatabaseConnection, s: TransactionSettings): Promise<void> {
    await c.executeQuery(CompiledQuery.raw(s.isolationLevel ? `begin transaction isolation level ${s.isolationLevel}` : 'begin'));
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(c: DatabaseConnection): Promise<void> {
    const release = this.releases.get(c);
    this.releases.delete(c);
    release?.();
  }
  async destroy(): Promise<void> {
    await this.db.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly db: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
