/**
 * Phones' reports that a remote's current release failed to load and its last good one ran
 * instead (clientEvent remoteFallback): counted per release and reporter, so the release tooling
 * can demote a release many borrowers cannot load (platform/src/release/demote-watch.ts; docs/decisions.md).
 * A reporter is the signed-in borrower, else the client address: the app's `afid` header is the
 * client's own word, so one phone could claim any number of devices with it (usecases/remoteFallbacks.ts counts them).
 */
import C from '../api/contract';
import { DAY_MS } from '../core/time';

const { REMOTE_NAMES } = C;

/** a release's id as platform/src/core/store.ts VERSION_ID makes them (test/releases.test.ts keeps the two equal) */
export const RELEASE_ID = /^\d+\.\d+\.\d+[\w.-]*-[0-9a-f]{7}$/;

export const FALLBACK_LIMITS = {
  /** releases one reporter may be counted for in a day: a phone meets a few; more is junk growing the table */
  releasesPerReporterPerDay: 10,
  /** rows whose last report is older than this are swept (the tooling reads the last hour or so) */
  keepMs: 30 * DAY_MS,
};

/** a known remote and a version a release can have: anything else is logged, never counted */
export const isCountable = (remote: string, version: string): boolean =>
  (REMOTE_NAMES as readonly string[]).includes(remote) && version.length <= 80 && RELEASE_ID.test(version);
