/**
 * Demotes a remote's current release that borrowers' phones cannot load (issue 24): the host
 * reports each fallback to the last good release (clientEvent remoteFallback), the API counts the
 * reports per release and device (server/src/domain/remoteFallbacks.ts) and answers them at
 * GET /__ops/remote-fallbacks with OPS_TOKEN; a current release reported by RELEASE_DEMOTE_THRESHOLD
 * devices within RELEASE_DEMOTE_WINDOW_MINUTES is demoted (demoteRelease: marked bad, rolled back to
 * the last good one, all or nothing). `npm run watch-releases [-- --every SECONDS]` (bin/release.ts).
 */
import { readPointer, remoteDir, type App, type Pointer } from '../core/store';
import { demoteRelease } from './release';

/**
 * The watch's settings, from the environment (their one place). 3 devices within an hour by default:
 * a demotion only goes back to a verified release the squad can release again, while a broken
 * current release costs every borrower a fallback on every page load; the host retries before it
 * falls back, and a phone whose network fails loads neither release (remoteFailed, not counted),
 * so three phones in an hour failing on one release and running the last good one is rarely
 * chance. Never fewer than 2: one device must not demote a release alone. A busy market sets it
 * from what its healthy releases show at /__ops/remote-fallbacks.
 */
export interface WatchSettings {
  threshold: number;
  windowMinutes: number;
}

export function watchSettings(env: NodeJS.ProcessEnv = process.env): WatchSettings {
  const threshold = Number(env.RELEASE_DEMOTE_THRESHOLD || 3);
  const windowMinutes = Number(env.RELEASE_DEMOTE_WINDOW_MINUTES || 60);
  if (!Number.isInteger(threshold) || threshold < 2)
    throw new Error('RELEASE_DEMOTE_THRESHOLD must be a whole number of devices, at least 2 (one device never demotes a release alone)');
  if (!(windowMinutes > 0)) throw new Error('RELEASE_DEMOTE_WINDOW_MINUTES must be a number of minutes above 0');
  return { threshold, windowMinutes };
}

/** `read(since)` over the API: its /__ops/remote-fallbacks answer's `fallbacks` ({remote, version, devices, reports, firstAt, lastAt}) */
/** A release's fallback reports as the API counts them. */
export interface FallbackCount {
  remote: string;
  version: string;
  devices: number;
  reports: number;
  firstAt: string;
  lastAt: string;
}
export type Reader = (since: Date) => Promise<FallbackCount[]>;

export function apiReader(api: string, token: string | undefined): Reader {
  if (!token) throw new Error('OPS_TOKEN is not set: the API answers /__ops/remote-fallbacks only with its operations token');
  return async (since) => {
    const url = `${api}/__ops/remote-fallbacks?since=${encodeURIComponent(since.toISOString())}`;
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
    return ((await res.json()) as { fallbacks: FallbackCount[] }).fallbacks;
  };
}

/** a time in a reason: the time of day in UTC, with the date when it is not `now`'s */
function when(iso: string, now: Date) {
  const [day, time] = new Date(iso).toISOString().split('T');
  return `${day === now.toISOString().slice(0, 10) ? '' : `${day} `}${time.slice(0, 5)} UTC`;
}
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One look: each remote's current version with fallback reports from at least `threshold` devices
 * whose latest report is within `windowMinutes` of `now` is demoted. Answers one outcome per remote
 * whose current version has reports: {app, version, reason, action: 'demoted' (with `to`, the
 * current one now) | 'kept' (fewer devices) | 'refused' (with `error`: nothing changed)}.
 */
export interface Outcome {
  app: App;
  version: string | null;
  reason: string;
  action: 'demoted' | 'kept' | 'refused';
  to?: string | null;
  error?: string;
}

export async function watchOnce({
  apps,
  releasesDir,
  hostDist,
  read,
  threshold,
  windowMinutes,
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
  const counts = await read(new Date(now.getTime() - windowMinutes * 60_000));
  const outcomes: Outcome[] = [];
  for (const app of apps.filter((a) => a.name !== 'host')) {
    let version: string | null = null;
    let reason = '';
    try {
      version = readPointer(remoteDir(releasesDir, app), app.name).current;
      const current = version;
      const c = current && counts.find((f) => f.remote === app.name && f.version === current);
      if (!c) continue;
      reason = `${plural(c.reports, 'fallback report')} from ${plural(c.devices, 'device')} since ${when(c.firstAt, now)}`;
      if (c.devices < threshold) {
        outcomes.push({ app, version, reason, action: 'kept' });
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
export function describeOutcomes(outcomes: readonly Outcome[], { threshold, windowMinutes }: WatchSettings): string[] {
  if (!outcomes.length) return [`no current release has fallback reports within the last ${windowMinutes} min`];
  return outcomes.map((o) => {
    if (o.action === 'demoted') return `${o.app.dir}: ${o.version} demoted (${o.reason}); ${o.version} -> ${o.to} (current)`;
    if (o.action === 'kept') return `${o.app.dir}: ${o.version} kept (${o.reason}; demoted from ${plural(threshold, 'device')})`;
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
    return { outcomes, lines: describeOutcomes(outcomes, settings) };
  };
  if (every === undefined) {
    const { outcomes, lines } = await look();
    lines.forEach((l) => log(l));
    return outcomes.some((o) => o.action === 'refused') ? 2 : 0;
  }
  const seconds = Number(every);
  if (!(seconds > 0)) throw new Error('--every takes a number of seconds above 0');
  log(
    `watching ${api} every ${seconds} s: a current release reported by ${plural(settings.threshold, 'device')} within ${settings.windowMinutes} min is demoted`,
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
