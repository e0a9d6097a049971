/**
 * Demotes a remote's current release that crashes for borrowers (issues 24, 42): the host reports each phone a release
 * starts on, each crash of it (a screen's boundary, an uncaught error from its files) and each fallback from it to the
 * last good release (a crash of its load: host/src/remotes/report.ts); the API counts them per release and device
 * (server/src/domain/releaseReports.ts: a signed-in borrower, else the phone's device id) and answers them at
 * GET /__ops/release-reports with OPS_TOKEN. A current release is demoted (demoteRelease: marked bad, rolled back to the
 * last good one, all or nothing) when at least RELEASE_DEMOTE_THRESHOLD devices crashed on it, one of them within
 * RELEASE_DEMOTE_WINDOW_MINUTES, and its crash rate (crashed devices of the devices it ran on) is over its last good
 * release's by RELEASE_DEMOTE_CRASH_POINTS percentage points. `npm run watch-releases [-- --every SECONDS]` (bin/release.ts).
 */
import { openRegistry, pointerOf } from '../core/registry';
import type { App, Pointer } from '../core/store';
import { demoteRelease } from './release';

/**
 * The watch's settings, from the environment (their one place). By default 3 crashed devices, one within the hour,
 * and a crash rate 2 points over the last good release's: a demotion only goes back to a verified release the squad can
 * release again, while a crashing current release costs its borrowers a screen each time; a healthy release crashes on
 * a fraction of a percent of phones (the last good one's rate is the measure of this app's ordinary crashes), a broken
 * one on most. Never fewer than 2 devices: one device must not demote a release alone. A busy market sets them from
 * what its healthy releases show at /__ops/release-reports.
 */
export interface WatchSettings {
  threshold: number;
  windowMinutes: number;
  crashPoints: number;
}

export function watchSettings(env: NodeJS.ProcessEnv = process.env): WatchSettings {
  const threshold = Number(env.RELEASE_DEMOTE_THRESHOLD || 3);
  const windowMinutes = Number(env.RELEASE_DEMOTE_WINDOW_MINUTES || 60);
  const crashPoints = Number(env.RELEASE_DEMOTE_CRASH_POINTS || 2);
  if (!Number.isInteger(threshold) || threshold < 2)
    throw new Error('RELEASE_DEMOTE_THRESHOLD must be a whole number of devices, at least 2 (one device never demotes a release alone)');
  if (!(windowMinutes > 0)) throw new Error('RELEASE_DEMOTE_WINDOW_MINUTES must be a number of minutes above 0');
  if (!(crashPoints >= 0 && crashPoints < 100))
    throw new Error("RELEASE_DEMOTE_CRASH_POINTS must be percentage points from 0 to below 100 (a crash rate over the last good release's)");
  return { threshold, windowMinutes, crashPoints };
}

/** A release's reports as the API counts them (its /__ops/release-reports answer's `releases`). */
export interface ReleaseCount {
  remote: string;
  version: string;
  /** devices it ran on (started, crashed or fell back) */
  devices: number;
  /** devices it crashed on (a crash or a fallback) */
  crashed: number;
  crashes: number;
  fallbacks: number;
  firstAt: string;
  lastAt: string;
  /** the latest crash or fallback */
  crashedAt: string | null;
}
export type Reader = (since: Date) => Promise<ReleaseCount[]>;

export function apiReader(api: string, token: string | undefined): Reader {
  if (!token) throw new Error('OPS_TOKEN is not set: the API answers /__ops/release-reports only with its operations token');
  return async (since) => {
    const url = `${api}/__ops/release-reports?since=${encodeURIComponent(since.toISOString())}`;
    let res;
    try {
      res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
    } catch (e) {
      throw new Error(`cannot reach the API at ${api} (${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message}); is it running?`, {
        cause: e,
      });
    }
    if (res.status === 404) throw new Error(`the API at ${api} has no /__ops/ routes: it runs without OPS_TOKEN`);
    if (res.status === 401) throw new Error(`the API at ${api} refused this OPS_TOKEN`);
    if (!res.ok) throw new Error(`the API at ${api} answered HTTP ${res.status} to ${url}`);
    return ((await res.json()) as { releases: ReleaseCount[] }).releases;
  };
}

/** a time in a reason: the time of day in UTC, with the date when it is not `now`'s */
function when(iso: string, now: Date) {
  const [day, time] = new Date(iso).toISOString().split('T');
  return `${day === now.toISOString().slice(0, 10) ? '' : `${day} `}${time.slice(0, 5)} UTC`;
}
const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
/** crashed devices of those it ran on, in percent */
const rateOf = (c: Pick<ReleaseCount, 'devices' | 'crashed'> | undefined) => (c?.devices ? (100 * c.crashed) / c.devices : 0);
const percent = (p: number) => `${Number(p.toFixed(1))}%`;

/**
 * One look: each remote's current version that crashed on devices is weighed against its last good one. Answers one
 * outcome per remote whose current version has crashes: {app, version, reason, action: 'demoted' (with `to`, the
 * current one now) | 'kept' (with `why`) | 'refused' (with `error`: nothing changed)}.
 */
export interface Outcome {
  app: App;
  version: string | null;
  reason: string;
  action: 'demoted' | 'kept' | 'refused';
  why?: string;
  to?: string | null;
  error?: string;
}

/** how far back the counts are read: a release's whole life as the API keeps it (its crash rate is over all of it) */
export const LIFE_MS = 30 * 24 * 3_600_000;

export async function watchOnce({
  apps,
  releasesDir,
  hostDist,
  read,
  threshold,
  windowMinutes,
  crashPoints,
  now = new Date(),
  demote = demoteRelease,
}: WatchSettings & {
  apps: readonly App[];
  releasesDir: string;
  hostDist: string;
  read: Reader;
  now?: Date;
  /** demoteRelease, or a stand-in that answers the pointer's current version after it */
  demote?: (args: Parameters<typeof demoteRelease>[0]) => Promise<{ pointer: Pick<Pointer, 'current'> }>;
}): Promise<Outcome[]> {
  const counts = await read(new Date(now.getTime() - LIFE_MS));
  const countOf = (remote: string, version: string | null) => counts.find((f) => f.remote === remote && f.version === version);
  // the pointers as the registry has them (each demotion is a switch of its own: it reads them again)
  const registry = openRegistry(releasesDir, apps);
  const state = await registry.read().finally(() => registry.close());
  const outcomes: Outcome[] = [];
  for (const app of apps.filter((a) => a.name !== 'host')) {
    let version: string | null = null;
    let reason = '';
    try {
      const pointer = pointerOf(state, app);
      version = pointer.current;
      const c = countOf(app.name, version);
      if (!c?.crashed || !c.crashedAt) continue;
      const good = countOf(app.name, pointer.lastGood);
      const [rate, goodRate] = [rateOf(c), rateOf(good)];
      reason =
        `crashed on ${c.crashed} of ${plural(c.devices, 'device')} (${percent(rate)}; ${plural(c.crashes, 'crash', 'crashes')}, ${plural(c.fallbacks, 'fallback')}), ` +
        `the latest at ${when(c.crashedAt, now)}; last good ${pointer.lastGood ?? 'none'}: ${percent(goodRate)} of ${plural(good?.devices ?? 0, 'device')}`;
      const why =
        c.crashed < threshold
          ? `demoted from ${plural(threshold, 'crashed device')}`
          : Date.parse(c.crashedAt) < now.getTime() - windowMinutes * 60_000
            ? `no crash within the last ${windowMinutes} min`
            : rate - goodRate < crashPoints
              ? `demoted ${crashPoints} points over the last good release's rate`
              : null;
      if (why) {
        outcomes.push({ app, version, reason, action: 'kept', why });
        continue;
      }
      const r = await demote({ app, apps, releasesDir, hostDist, version: c.version, reason, now });
      outcomes.push({ app, version, reason, action: 'demoted', to: r.pointer.current });
    } catch (e) {
      outcomes.push({ app, version, reason, action: 'refused', error: (e as Error).message });
    }
  }
  return outcomes;
}

/** What a look did, a line per remote with reports (or one saying there was nothing to do). */
export function describeOutcomes(outcomes: readonly Outcome[]): string[] {
  if (!outcomes.length) return ['no current release has crashed on a device'];
  return outcomes.map((o) => {
    if (o.action === 'demoted') return `${o.app.dir}: ${o.version} demoted (${o.reason}); ${o.version} -> ${o.to} (current)`;
    if (o.action === 'kept') return `${o.app.dir}: ${o.version} kept (${o.reason}; ${o.why})`;
    return `${o.app.dir}: ${o.version ?? 'its pointer'} could not be demoted${o.reason ? ` (${o.reason})` : ''}: ${o.error}`;
  });
}

/**
 * The CLI's `watch`: one look, printed, answering the exit code (2 when a demotion was refused);
 * with `every` (seconds), a look every so often for ever, a failed look printed and the next one tried.
 * `afterDemotion`: run once a look demoted something (the entry pages rendered again).
 */
export async function runWatch({
  apps,
  releasesDir,
  hostDist,
  api,
  every,
  env = process.env,
  log = console.log,
  afterDemotion = async () => {},
}: {
  apps: readonly App[];
  releasesDir: string;
  hostDist: string;
  api: string;
  /** seconds between looks; undefined: one look */
  every?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  afterDemotion?: () => Promise<unknown>;
}): Promise<number> {
  const settings = watchSettings(env);
  const read = apiReader(api, env.OPS_TOKEN);
  const look = async () => {
    const outcomes = await watchOnce({ apps, releasesDir, hostDist, read, ...settings });
    if (outcomes.some((o) => o.action === 'demoted')) await afterDemotion();
    return { outcomes, lines: describeOutcomes(outcomes) };
  };
  if (every === undefined) {
    const { outcomes, lines } = await look();
    lines.forEach((l) => log(l));
    return outcomes.some((o) => o.action === 'refused') ? 2 : 0;
  }
  const seconds = Number(every);
  if (!(seconds > 0)) throw new Error('--every takes a number of seconds above 0');
  log(
    `watching ${api} every ${seconds} s: a current release that crashed on ${plural(settings.threshold, 'device')}, one within ${settings.windowMinutes} min, ` +
      `at a rate ${settings.crashPoints} points over its last good release's is demoted`,
  );
  for (;;) {
    const at = new Date().toISOString();
    try {
      (await look()).lines.forEach((l) => log(`${at} ${l}`));
    } catch (e) {
      log(`${at} watch: ${(e as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, seconds * 1000));
  }
}
