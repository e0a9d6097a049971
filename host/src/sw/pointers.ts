/// <reference lib="webworker" />
/**
 * The pointers (remotes.json; each remote's mf-manifest.json) as the worker answers them.
 * - A manifest inside a release's folder never changes (its server says `immutable`): once
 *   cached it is answered from the cache and never asked again.
 * - Any other pointer (remotes.json) is answered from the cache at once and refreshed behind,
 *   once per visit: a squad's new release is in the cache after the first visit that follows it
 *   and runs from the visit after that. A page never waits for the network for it, and one
 *   with no network starts from what it ran last.
 * Nothing cached yet (a first visit's files handed over by the page): the network, kept.
 */
import { SW_CACHES } from './rules';

/** pointers refreshed since the last navigation: each asked of the network once a visit */
let refreshed = new Map<string, Promise<Response>>();

/** A new visit (a navigation): every moving pointer may be asked again, once. */
export function newVisit(): void {
  refreshed = new Map();
}

const immutable = (res: Response) => /\bimmutable\b/.test(res.headers.get('cache-control') ?? '');

function fromNetwork(url: string): Promise<Response> {
  const asked = refreshed.get(url);
  if (asked) return asked.then((r) => r.clone());
  // the browser's HTTP cache as the server says: remotes.json is revalidated, a release's manifest is not
  const res = fetch(url, { mode: 'cors', credentials: 'omit' }).then(async (r) => {
    if (r.ok) await (await caches.open(SW_CACHES.pointers)).put(url, r.clone());
    return r;
  });
  refreshed.set(url, res);
  // a failure is not remembered: the next request of this visit may try again
  res.catch(() => refreshed.delete(url));
  return res.then((r) => r.clone());
}

export async function answerPointer(url: string, event: ExtendableEvent): Promise<Response> {
  const cached = await caches.match(url, { cacheName: SW_CACHES.pointers });
  if (!cached) return fromNetwork(url);
  if (!immutable(cached) && !refreshed.has(url)) event.waitUntil(fromNetwork(url).catch(() => undefined));
  return cached;
}
