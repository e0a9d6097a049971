/** The remote_fallbacks table: fallback reports per release and reporter (domain/remoteFallbacks.ts). */
import type { Db } from '../db';
import { DAY_MS } from '../core/time';

export interface FallbackKey {
  remote: string;
  version: string;
  reporter: string;
}

/** inserts since this process started; every SWEEP_EVERY-th sweeps rows past their keeping */
let inserts = 0;
const SWEEP_EVERY = 500;

/**
 * One report: the reporter's row for the release is added or counted up in one atomic upsert, so
 * reports arriving together on any number of instances are all counted. A reporter already
 * counted for `releasesPerReporterPerDay` other releases in the last day is not (a check before
 * the upsert: instances racing may let one or two more through, which only bounds the growth).
 */
export async function recordFallback(db: Db, key: FallbackKey, now: number, limits: { releasesPerReporterPerDay: number; keepMs: number }): Promise<boolean> {
  if (++inserts % SWEEP_EVERY === 0)
    await db
      .deleteFrom('remote_fallbacks')
      .where('last_at', '<', now - limits.keepMs)
      .execute();
  const others = await db
    .selectFrom('remote_fallbacks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reporter', '=', key.reporter)
    .where('last_at', '>=', now - DAY_MS)
    .where((eb) => eb.or([eb('remote', '<>', key.remote), eb('version', '<>', key.version)]))
    .executeTakeFirstOrThrow();
  if (Number(others.n) >= limits.releasesPerReporterPerDay) return false;
  await db
    .insertInto('remote_fallbacks')
    .values({ ...key, reports: 1, first_at: now, last_at: now })
    .onConflict((oc) =>
      oc.columns(['remote', 'version', 'reporter']).doUpdateSet((eb) => ({
        reports: eb('remote_fallbacks.reports', '+', 1),
        last_at: eb.fn('greatest', [eb.ref('remote_fallbacks.last_at'), eb.ref('excluded.last_at')]),
      })),
    )
    .execute();
  return true;
}

/** per release reported since `since` (ms): the reporters whose latest report is since then, all their reports, the first and latest */
export async function fallbacksSince(db: Db, since: number) {
  const rows = await db
    .selectFrom('remote_fallbacks')
    .select((eb) => [
      'remote',
      'version',
      eb.fn.countAll<number>().as('devices'),
      eb.fn.sum<number>('reports').as('reports'),
      eb.fn.min<number>('first_at').as('first_at'),
      eb.fn.max<number>('last_at').as('last_at'),
    ])
    .where('last_at', '>=', since)
    .groupBy(['remote', 'version'])
    .orderBy('remote')
    .orderBy('version')
    .execute();
  return rows.map((r) => ({ ...r, devices: Number(r.devices), reports: Number(r.reports), first_at: Number(r.first_at), last_at: Number(r.last_at) }));
}
