/**
 * Phones' reports of a remote's release (clientEvent: host/src/remotes/report.ts): that it started on the phone, that it
 * crashed there (a screen's boundary or an uncaught error from its files), that it could not load and the last good one
 * ran (a fallback, a crash of its load). Counted per release and reporter, so the release tooling can demote a release
 * whose share of crashed devices is over its last good one's (platform/src/release/demote-watch.ts; docs/decisions.md).
 * A reporter is the signed-in borrower, else the phone's device id (two signed-out borrowers behind one carrier
 * address are two devices), else the address. A device id is the client's own word: one address counts as at most
 * `devicesPerAddress` devices of a release, its reports past them counted as the address's (usecases/releaseReports.ts).
 */
import C from '../api/contract';
import { DAY_MS } from '../core/time';

const { REMOTE_NAMES } = C;

/** a release's id as platform/src/core/store.ts VERSION_ID makes them (test/release-reports.test.ts keeps the two equal) */
export const RELEASE_ID = /^\d+\.\d+\.\d+[\w.-]*-[0-9a-f]{7}$/;

/** what a report counts: the column it adds to */
export const REPORT_KINDS = { remoteStarted: 'starts', remoteCrash: 'crashes', remoteFallback: 'fallbacks' } as const;
export type ReportKind = (typeof REPORT_KINDS)[keyof typeof REPORT_KINDS];
/** the events counted (remoteFailed, neither release loading, says nothing of the release: no network) */
export const countedKind = (event: string): ReportKind | undefined => REPORT_KINDS[event as keyof typeof REPORT_KINDS];

export const REPORT_LIMITS = {
  /**
   * releases one reporter may be counted for in a day: a phone meets a few (each remote's current, its last good one, a
   * canary: a dozen on a busy day); more is junk growing the table
   */
  releasesPerReporterPerDay: 20,
  /**
   * signed-out devices one address counts as for a release: a carrier's address holds many borrowers, but a device id
   * is the client's word, so one machine making ids weighs this much at most; its reports past them count as the
   * address's one
   */
  devicesPerAddress: 5,
  /** rows whose last report is older than this are swept (the tooling reads a release's life: hours to days) */
  keepMs: 30 * DAY_MS,
};

/** a known remote and a version a release can have: anything else is logged, never counted */
export const isCountable = (remote: string, version: string): boolean =>
  (REMOTE_NAMES as readonly string[]).includes(remote) && version.length <= 80 && RELEASE_ID.test(version);
