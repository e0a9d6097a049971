/**
 * PostgreSQL going away under a running server (needs DATABASE_URL; skipped on PGlite): connections
 * terminated idle or in use, the database refusing connections, statement and lock time-outs.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { sql } from 'kysely';
import { startTest, register, disbursedLoan, idempotencyKey } from './helpers';
import C from '../src/api/contract';
import { BUSY_RETRY_AFTER_MS } from '../src/db/contention';

const url = process.env.DATABASE_URL;
const skip = url ? false : 'needs DATABASE_URL (PostgreSQL)';
const dbName = url ? new URL(url).pathname.slice(1) : '';
let s: Awaited<ReturnType<typeof startTest>>;
let admin: pg.Client;

before(async () => {
  if (skip) return;
  s = await startTest({ statementTimeoutMs: 1000, lockTimeoutMs: 500 });
  const u = new URL(url!);
  u.pathname = '/postgres';
  admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
});
after(async () => {
  await admin?.query(`alter database ${dbName} with allow_connections true`).catch(() => undefined);
  await admin?.end();
  await s?.close();
});

const terminateAll = () => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
const ready = async () => (await fetch(`${s.base}/ready`)).status;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('idle and in-use connections terminated: the process lives on and the next calls succeed', { skip }, async () => {
  const { token } = await register(s.client);
  assert.equal((await s.client('getUserInfo', {}, { token })).code, 0);
  // one connection in use (a query running), the others idle in the pool
  const running = sql`select pg_sleep(0.8)`.execute(s.deps.db).then(
    () => 'finished',
    (e: Error) => e.message,
  );
  await sleep(200);
  await terminateAll();
  assert.match(await running, /terminat/i);
  await sleep(200);
  assert.equal(await ready(), 200);
  assert.equal((await s.client('getUserInfo', {}, { token })).code, 0);
});

test('/ready fails while the database refuses connections and recovers when it is back', { skip, timeout: 30_000 }, async () => {
  await admin.query(`alter database ${dbName} with allow_connections false`);
  await terminateAll();
  assert.equal(await ready(), 503);
  assert.equal((await fetch(`${s.base}/health`)).status, 200, 'the process itself still answers');
  await admin.query(`alter database ${dbName} with allow_connections true`);
  // back within a few probes (the balancer probes every 500 ms): a probe may still meet a connection refused before
  let status = await ready();
  for (let i = 0; status !== 200 && i < 10; i++) {
    await sleep(500);
    status = await ready();
  }
  assert.equal(status, 200);
});

test('a statement longer than DB_STATEMENT_TIMEOUT_MS is cancelled', { skip }, async () => {
  const t0 = Date.now();
  await assert.rejects(sql`select pg_sleep(5)`.execute(s.deps.db), /statement timeout/);
  assert.ok(Date.now() - t0 < 3000, `cancelled after ${Date.now() - t0} ms`);
});

test('a wait for a row lock longer than DB_LOCK_TIMEOUT_MS gives up', { skip }, async () => {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select id from users limit 1 for update');
    const t0 = Date.now();
    await assert.rejects(sql`update users set id = id`.execute(s.deps.db), /lock timeout/);
    assert.ok(Date.now() - t0 < 3000, `gave up after ${Date.now() - t0} ms`);
  } finally {
    await holder.query('rollback');
    await holder.end();
  }
});

test(
  "a money call meeting its order's row held past the lock wait: told busy (503), nothing recorded; sent again, it goes through once",
  { skip },
  async () => {
    const u = await disbursedLoan(s);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    const key = idempotencyKey('busy');
    const pay = () => s.client('repaymentConfirm', { orderNo: u.orderNo, amount: 1000, idempotencyKey: key }, { token: u.token });
    const paymentsOf = () => s.deps.db.selectFrom('payments').select('id').where('idempotency_key', '=', key).execute();
    try {
      await holder.query('begin');
      await holder.query('select id from orders where order_no = $1 for update', [u.orderNo]);
      const busy = await pay();
      assert.equal(busy.status, 503, JSON.stringify(busy));
      assert.equal(busy.code, C.ErrorCode.serverBusy);
      assert.match(busy.msg, /nothing was changed/);
      assert.equal(busy.data.retryAfterMs, BUSY_RETRY_AFTER_MS);
      assert.equal((await paymentsOf()).length, 0);
      const ur = await s.client('repaymentConfirm', { orderNo: u.orderNo, amount: 1000, idempotencyKey: key }, { token: u.token, lang: 'ur' });
      assert.equal(ur.msg, C.errorMessage(C.ErrorCode.serverBusy, 'ur'));
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const again = await pay();
    assert.equal(again.code, 0, JSON.stringify(again));
    assert.equal((await paymentsOf()).length, 1);
  },
);
