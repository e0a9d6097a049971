/**
 * Fixed-window hit counters for the per-address limits. In PostgreSQL (table rate_hits) when
 * DATABASE_URL is set, so N instances allow the limit once, not N times; in memory otherwise.
 * Both forget a key only when its window has ended, never by clearing everything (issue 17).
 */
import { sql } from 'kysely';
import type { Db } from '../db';
import { MINUTE_MS } from '../core/time';

/** the window of both limits (RATE_LIMIT_MAX, AUTH_RATE_LIMIT_MAX per address) */
export const RATE_WINDOW_MS = MINUTE_MS;

export interface HitCounter {
  /** counts one hit of `key`; returns the hits in the current window and when it ends (ms) */
  hit(key: string, windowMs: number, now: number): Promise<{ n: number; resetAt: number }>;
}

/** entries in insertion order of their window, so expired ones are at the front */
export function memoryCounter(): HitCounter {
  const hits = new Map<string, { n: number; resetAt: number }>();
  return {
    async hit(key, windowMs, now) {
      for (const [k, h] of hits) {
        if (h.resetAt > now) break;
        hits.delete(k);
      }
      let h = hits.get(key);
      if (!h || h.resetAt <= now) {
        hits.delete(key);
        h = { n: 0, resetAt: now + windowMs };
        hits.set(key, h);
      }
      h.n++;
      return { n: h.n, resetAt: h.resetAt };
    },
  };
}

/** one atomic upsert per hit; expired rows are swept now and then */
export function dbCounter(db: Db, sweepEvery = 1000): HitCounter {
  let count = 0;
  return {
    async hit(key, windowMs, now) {
      if (++count % sweepEvery === 0) await sweepRows(db, now);
      return hitRow(db, key, windowMs, now);
    },
  };
}

/** forgets the rows whose window has ended (those whose key starts with `prefix`) */
export const sweepRows = (db: Db, now: number, prefix = '') =>
  db
    .deleteFrom('rate_hits')
    .where('reset_at', '<=', now)
    .$if(prefix !== '', (q) => q.where('key', 'like', `${prefix}%`))
    .execute();

/** one hit of `key` in table rate_hits, one atomic upsert (inside a transaction it holds the row until commit) */
export async function hitRow(db: Db, key: string, windowMs: number, now: number): Promise<{ n: number; resetAt: number }> {
  const r = await sql<{ n: number; reset_at: number }>`
    insert into rate_hits (key, n, reset_at) values (${key}, 1, ${now + windowMs})
    on conflict (key) do update set
      n = case when rate_hits.reset_at <= ${now} then 1 else rate_hits.n + 1 end,
      reset_at = case when rate_hits.reset_at <= ${now} then excluded.reset_at else rate_hits.reset_at end
    returning n, reset_at`.execute(db);
  const row = r.rows[0];
  return { n: Number(row.n), resetAt: Number(row.reset_at) };
}

/** @fastify/rate-limit's store contract on top of a HitCounter (its own LRU store forgets under churn) */
export function rateLimitStore(counter: HitCounter, prefix: string) {
  return class CounterStore {
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = Date.now();
      counter.hit(`${prefix}${key}`, timeWindow, now).then(
        (h) => cb(null, { current: h.n, ttl: h.resetAt - now }),
        (e: Error) => cb(e),
      );
    }
    child() {
      return this;
    }
  };
}
