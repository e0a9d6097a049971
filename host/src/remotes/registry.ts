/**
 * Run-time remote registry: remotes.json (remote name -> mf-manifest.json URL) is fetched
 * at boot, so a squad ships a new remote by updating one pointer, with no host rebuild.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteModule, type RemoteName } from 'shared';
import { isUnavailable, RemoteUnavailableError } from './unavailable';

export type RemotesMap = Record<RemoteName, string>;

/**
 * The map published into the page itself (scripts/host-page.mjs) saves a request on a first
 * visit; a page answered by the service worker may be older than remotes.json, so it asks,
 * and keeps the page's map for when it cannot.
 */
function publishedMap(): RemotesMap | null {
  try {
    const map = JSON.parse(document.getElementById('remote-assets')?.textContent ?? '{}').remotes ?? {};
    return REMOTE_NAMES.every((n) => typeof map[n] === 'string') ? (map as RemotesMap) : null;
  } catch {
    return null;
  }
}

export async function fetchRemotes(url = 'remotes.json'): Promise<RemotesMap> {
  const published = publishedMap();
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
  const map = (await res.json()) as Partial<RemotesMap>;
  const missing = REMOTE_NAMES.filter((n) => typeof map[n] !== 'string');
  if (missing.length) console.error(`remotes.json lacks ${missing.join(', ')}`);
  return map as RemotesMap;
}

export function registerAll(map: RemotesMap): void {
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
}

export function createLoader(map: RemotesMap) {
  return async (remote: RemoteName, opts: { retry?: boolean } = {}): Promise<RemoteModule> => {
    if (!map[remote]) throw new RemoteUnavailableError(remote);
    // a retry drops what the runtime cached of the failed attempt
    if (opts.retry) registerRemotes([{ name: remote, entry: map[remote] }], { force: true });
    const mod = await loadRemote<{ default: RemoteModule }>(`${remote}/routes`);
    if (!mod || isUnavailable(mod) || !mod.default) throw new RemoteUnavailableError(remote);
    return mod.default;
  };
}
