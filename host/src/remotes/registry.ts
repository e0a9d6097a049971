/**
 * Run-time remote registry: remotes.json (for each remote its current release's manifest,
 * version and route table, and its last good one; published by platform/src/release) is read at
 * boot, so a squad ships a screen or rolls back a remote by switching its pointer, with no host
 * rebuild. A current
 * release that fails to load (manifest, entry, chunk, or its module throwing) is replaced by
 * the last good one for this page load, and the failure is reported. So is one whose screen
 * crashes once loaded (its route's boundary, or an uncaught error in its files): reported, and its
 * last good release runs from the borrower's "Try again" on.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModule, RemoteName } from 'shared';
import { chunkGlobalOf, composeRoutes, isRouteEntry, REMOTE_NAMES, setRunningVersion, type RemoteLoader, type RouteEntry } from 'shared/host';
import { isUnavailable, RemoteUnavailableError, unavailableReason } from './unavailable';
import { reportRemote, reportStarted } from './report';
import { scriptsSettled } from './runtime-plugin';
import { expectRemote } from './integrity';
import type { ChosenMap } from './tracks';

export interface RemoteRelease {
  entry: string;
  version: string;
  lastGood?: { entry: string; version: string };
  /** the current release's route table (none from a release older than remote-owned routes: the spec's then) */
  routes?: RouteEntry[];
  /** a version served to `share` percent of devices instead of the current one (tracks.ts) */
  canary?: { entry: string; version: string; share: number; routes?: RouteEntry[] };
}
export type RemotesMap = Partial<Record<RemoteName, RemoteRelease>>;

const isRelease = (r: unknown): r is RemoteRelease =>
  Boolean(r && typeof (r as RemoteRelease).entry === 'string' && typeof (r as RemoteRelease).version === 'string');

/** a release's routes that are not a list of routes of that remote are dropped: its spec routes stand in */
const isTableOf = (name: RemoteName, routes: unknown) =>
  routes === undefined || (Array.isArray(routes) && routes.every((x) => isRouteEntry(x) && x.remote === name));
const isCanary = (c: RemoteRelease['canary']) => c === undefined || (isRelease(c) && typeof c.share === 'number');

/** a release's routes that are not a list of routes of that remote are dropped (its spec routes stand in), so is a canary that is not one */
function withRoutesChecked(name: RemoteName, r: RemoteRelease): RemoteRelease {
  if (isTableOf(name, r.routes) && isCanary(r.canary) && isTableOf(name, r.canary?.routes)) return r;
  console.error(`remotes.json: the routes or canary of ${name} ${r.version} are not what a release publishes`);
  return { entry: r.entry, version: r.version, lastGood: r.lastGood, routes: isTableOf(name, r.routes) ? r.routes : undefined };
}

function checked(map: Record<string, unknown>): RemotesMap {
  const missing = REMOTE_NAMES.filter((n) => !isRelease(map[n]));
  if (missing.length) console.error(`remotes.json lacks ${missing.join(', ')}`);
  return Object.fromEntries(REMOTE_NAMES.filter((n) => isRelease(map[n])).map((n) => [n, withRoutesChecked(n, map[n] as RemoteRelease)])) as RemotesMap;
}

/** The route table of the releases in `map`. */
export const routesOf = (map: RemotesMap) => composeRoutes(Object.fromEntries(Object.entries(map).map(([n, r]) => [n, r.routes])));

/**
 * The map published into the page itself saves a request on a first visit; a page answered
 * by the service worker may be older than remotes.json, so it asks, and keeps the page's map
 * for when it cannot.
 */
export function publishedMap(): RemotesMap | null {
  try {
    const map = JSON.parse(document.getElementById('remote-assets')?.textContent ?? '{}').remotes;
    return map && typeof map === 'object' ? checked(map) : null;
  } catch {
    return null;
  }
}

/** `published`: the page's own map (publishedMap), read once at boot. */
export async function fetchRemotes(published: RemotesMap | null, url = 'remotes.json'): Promise<RemotesMap> {
  if (published && !navigator.serviceWorker?.controller) return published;
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    // no network and no cached copy: the page's own copy is the last known map
    if (published) return published;
    throw e;
  }
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  return checked(await res.json());
}

const register = (name: RemoteName, entry: string, force = false) => {
  expectRemote(name, entry);
  registerRemotes([{ name, entry }], { force });
};

export function registerAll(map: ChosenMap): void {
  for (const [name, r] of Object.entries(map)) expectRemote(name as RemoteName, r.entry);
  registerRemotes(Object.entries(map).map(([name, r]) => ({ name, entry: r.entry })));
  for (const [name, r] of Object.entries(map)) setRunningVersion(name, { version: r.version, track: r.track });
}

async function importRoutes(remote: RemoteName): Promise<RemoteModule> {
  const mod = await loadRemote<{ default: RemoteModule }>(`${remote}/routes`);
  if (!mod || isUnavailable(mod) || !mod.default) throw new RemoteUnavailableError(remote, unavailableReason(mod));
  return mod.default;
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

/** The host's loader: a remote's screens' module, and what a crash of one of its releases does (RemoteLoader.crashed). */
export interface HostLoader extends RemoteLoader {
  crashed(remote: RemoteName, error: Error): boolean;
  /** An uncaught error on the page: a crash of the remote whose running release's files it was thrown from, if any. */
  pageError(error: unknown, file?: string): void;
}

/** the addresses of the scripts an error was thrown from: its file, and those its stack names */
const filesOf = (error: unknown, file?: string) => [file ?? '', ...((error instanceof Error && error.stack?.match(/https?:\/\/[^\s)]+/g)) || [])];

export function createLoader(map: RemotesMap): HostLoader {
  /** remotes running their last good release in this page load */
  const onLastGood = new Set<RemoteName>();
  /** remotes whose current release's routes module loaded in this page load */
  const loaded = new Set<RemoteName>();
  /** the releases whose crash this page load reported (once each) */
  const crashReported = new Set<string>();

  /** the release of `remote` running in this page load (its last good one after a fallback) */
  const runningOf = (remote: RemoteName) => {
    const r = map[remote];
    return r && (onLastGood.has(remote) ? r.lastGood : r);
  };

  /** The last good release instead of the current one; kept only if it loads. */
  async function fallBack(remote: RemoteName, r: RemoteRelease, failure: unknown): Promise<RemoteModule> {
    const lastGood = r.lastGood!;
    // chunks of the failed release that ran are in the global both releases use: once none is
    // still on its way, it is emptied, so the last good release runs its own
    await scriptsSettled(new URL('.', r.entry).href);
    delete (window as unknown as Record<string, unknown>)[chunkGlobalOf(remote)];
    register(remote, lastGood.entry, true);
    try {
      const mod = await importRoutes(remote);
      onLastGood.add(remote);
      setRunningVersion(remote, { version: lastGood.version, fellBackFrom: r.version });
      reportRemote({ event: 'remoteFallback', remote, version: r.version, fallbackVersion: lastGood.version, reason: reason(failure) });
      reportStarted(remote, lastGood.version);
      return mod;
    } catch {
      // neither loads (no network?): the next try starts from the current release again
      register(remote, r.entry, true);
      reportRemote({ event: 'remoteFailed', remote, version: r.version, fallbackVersion: lastGood.version, reason: reason(failure) });
      throw new RemoteUnavailableError(remote);
    }
  }

  /** `retry`: the last attempt failed, here or later (a screen's chunk, or a crash): what the runtime cached of it is dropped. */
  const load = async (remote: RemoteName, opts: { retry?: boolean } = {}): Promise<RemoteModule> => {
    const r = map[remote];
    if (!r) throw new RemoteUnavailableError(remote);
    if (onLastGood.has(remote)) {
      if (opts.retry) register(remote, r.lastGood!.entry, true);
      return importRoutes(remote);
    }
    // a retry after the current release loaded but one of its screens did not, or crashed: its last good one
    if (opts.retry && loaded.has(remote) && r.lastGood) return fallBack(remote, r, new Error('a screen of the current release failed'));
    if (opts.retry) register(remote, r.entry, true);
    try {
      const mod = await importRoutes(remote);
      loaded.add(remote);
      reportStarted(remote, r.version);
      return mod;
    } catch (e) {
      if (!r.lastGood) throw e;
      return fallBack(remote, r, e);
    }
  };

  /** Reports a crash of `version` of `remote`, once a page load. */
  const reportCrash = (remote: RemoteName, version: string, error: unknown) => {
    const key = `${remote}@${version}`;
    if (crashReported.has(key)) return;
    crashReported.add(key);
    reportRemote({ event: 'remoteCrash', remote, version, reason: reason(error) });
  };

  const crashed = (remote: RemoteName, error: unknown): boolean => {
    const running = runningOf(remote);
    if (running) reportCrash(remote, running.version, error);
    return Boolean(map[remote]?.lastGood) && !onLastGood.has(remote);
  };

  const pageError = (error: unknown, file?: string) => {
    const files = filesOf(error, file);
    // the release whose folder it came from: the current one's timers may still fire after its last good one took over
    for (const [remote, r] of Object.entries(map) as [RemoteName, RemoteRelease][]) {
      const release = [r, r.lastGood].find((x) => x && files.some((f) => f.startsWith(new URL('.', x.entry).href)));
      if (release) return reportCrash(remote, release.version, error);
    }
  };

  return Object.assign(load, { crashed, pageError });
}

/** Every uncaught error and unhandled rejection of the page goes to `loader.pageError` (a remote's crash, when it is one's). */
export function watchPageErrors(loader: HostLoader): void {
  window.addEventListener('error', (e) => loader.pageError(e.error ?? e.message, e.filename));
  window.addEventListener('unhandledrejection', (e) => loader.pageError(e.reason));
}
