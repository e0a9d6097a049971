/** The release_reports table: phones' reports per release and reporter, each kind counted (domain/releaseReports.ts). */
import type { Db } from '../db';
import { DAY_MS } from '../core/time';
import type { ReportKind } from '../domain/releaseReports';

export interface ReportKey {
  remote: string;
  version: string;
  reporter: string;
  /** a device's row: its address's keyed hash */
  address: string | null;
}

/** inserts since this process started; every SWEEP_EVERY-th sweeps rows past their keeping */
let inserts = 0;
const SWEEP_EVERY = 500;

/** the devices of `address` counted for a release, but `reporter` */
export async function devicesOfAddress(db: Db, key: Pick<ReportKey, 'remote' | 'version'> & { address: string }, reporter: string): Promise<number> {
  const r = await db
    .selectFrom('release_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('remote', '=', key.remote)
    .where('version', '=', key.version)
    .where('address', '=', key.address)
    .where('reporter', '<>', reporter)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * One report of `kind`: the reporter's row for the release is added or counted up in one atomic upsert, so reports
 * arriving together on any number of instances are all counted. A reporter already counted for
 * `releasesPerReporterPerDay` other releases in the last day is not (a check before the upsert: instances racing may
 * let one or two more through, which only bounds the growth; so does the address's bound on devices).
 */
export async function recordReport(
  db: Db,
  key: ReportKey,
  kind: ReportKind,
  now: number,
  limits: { releasesPerReporterPerDay: number; keepMs: number },
): Promise<boolean> {
  if (++inserts % SWEEP_EVERY === 0)
    await db
      .deleteFrom('release_reports')
      .where('last_at', '<', now - limits.keepMs)
      .execute();
  const others = await db
    .selectFrom('release_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reporter', '=', key.reporter)
    .where('last_at', '>=', now - DAY_MS)
    .where((eb) => eb.or([eb('remote', '<>', key.remote), eb('version', '<>', key.version)]))
    .executeTakeFirstOrThrow();
  if (Number(others.n) >= limits.releasesPerReporterPerDay) return false;
  const crashed = kind === 'starts' ? null : now;
  await db
    .insertInto('release_reports')
    .values({ ...key, [kind]: 1, first_at: now, last_at: now, crashed_at: crashed })
    .onConflict((oc) =>
      oc.columns(['remote', 'version', 'reporter']).doUpdateSet((eb) => ({
        [kind]: eb(`release_reports.${kind}`, '+', 1),
        last_at: eb.fn('greatest', [eb.ref('release_reports.last_at'), eb.ref('excluded.last_at')]),
        // greatest() passes over a null: a start keeps the latest crash
        crashed_at: eb.fn<number | null>('greatest', [eb.ref('release_reports.crashed_at'), eb.ref('excluded.crashed_at')]),
      })),
    )
    .execute();
  return true;
}

/**
 * Per release with reports since `since` (ms): its devices (reporters whose latest report is since then), those that
 * crashed on it (a crash or a fallback), all their crash and fallback reports, the first and latest reports and crash.
 */
export async function releaseReportsSince(db: Db, since: number) {
  const rows = await db
    .selectFrom('release_reports')
    .select((eb) => [
      'remote',
      'version',
      eb.fn.countAll<number>().as('devices'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.or([eb('crashes', '>', 0), eb('fallbacks', '>', 0)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('crashed'),
      eb.fn.sum<number>('crashes').as('crashes'),
      eb.fn.sum<number>('fallbacks').as('fallbacks'),
      eb.fn.min<number>('first_at').as('first_at'),
      eb.fn.max<number>('last_at').as('last_at'),
      eb.fn.max<number | null>('crashed_at').as('crashed_at'),
    ])
    .where('last_at', '>=', since)
    .groupBy(['remote', 'version'])
    .orderBy('remote')
    .orderBy('version')
    .execute();
  return rows.map((r) => ({
    remote: r.remote,
    version: r.version,
    devices: Number(r.devices),
    crashed: Number(r.crashed),
    crashes: Number(r.crashes),
    fallbacks: Number(r.fallbacks),
    first_at: Number(r.first_at),
    last_at: Number(r.last_at),
    crashed_at: r.crashed_at === null ? null : Number(r.crashed_at),
  }));
}
