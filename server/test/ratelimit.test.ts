import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile } from './helpers';
import { dbCounter, memoryCounter, rateLimitStore, RATE_WINDOW_MS, type HitCounter } from '../src/repos/hitCounters';

const { srv } = serverForFile();

/** issue 17: one auth call from each of 10,050 other addresses must not make a limited address forgotten */
async function churn(counter: HitCounter) {
  const t0 = Date.now();
  for (let i = 0; i < 31; i++) await counter.hit('auth:203.0.113.7', RATE_WINDOW_MS, t0);
  for (let i = 0; i < 10_050; i++) await counter.hit(`auth:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, RATE_WINDOW_MS, t0 + 1 + Math.floor(i / 2000));
  const later = await counter.hit('auth:203.0.113.7', RATE_WINDOW_MS, t0 + 7_000);
  assert.equal(later.n, 32, 'the limited address is still counted 7 s later');
  assert.equal(later.resetAt, t0 + RATE_WINDOW_MS);
  // the window ends: counting starts again (and the old entries are evicted by age)
  const fresh = await counter.hit('auth:203.0.113.7', RATE_WINDOW_MS, t0 + RATE_WINDOW_MS);
  assert.equal(fresh.n, 1);
}

test('in-memory counter keeps a limited address under churn of 10,050 others and evicts by age', async () => {
  await churn(memoryCounter());
});

test('database counter keeps a limited address under churn of 10,050 others and sweeps expired rows', async () => {
  const counter = dbCounter(srv.deps.db, 500);
  await churn(counter);
  for (let i = 0; i < 500; i++) await counter.hit('auth:198.51.100.1', RATE_WINDOW_MS, Date.now() + RATE_WINDOW_MS);
  const left = await srv.deps.db
    .selectFrom('rate_hits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  assert.ok(Number(left.n) <= 2, `expired rows swept, ${left.n} left`);
});

test('the request limiter store counts per key and reports the time left', async () => {
  const Store = rateLimitStore(memoryCounter(), 'all:');
  const s = new Store();
  const incr = () => new Promise<{ current: number; ttl: number }>((res, rej) => s.incr('1.2.3.4', (e, r) => (e ? rej(e) : res(r!)), 60_000));
  assert.equal((await incr()).current, 1);
  const second = await incr();
  assert.equal(second.current, 2);
  assert.ok(second.ttl > 59_000 && second.ttl <= 60_000);
  assert.equal(s.child(), s);
});
