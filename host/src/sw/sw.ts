/// <reference lib="webworker" />
/**
 * The host's service worker (Workbox modules). What it keeps:
 * - the host shell, precached at install (list injected at build: host/rspack.config.ts);
 *   every navigation is answered with it, so a repeat visit starts with no network at all;
 * - content-hashed files of the host and every remote: cache first (a hash never changes);
 * - the pointers (remotes.json and each remote's mf-manifest.json; entries are hashed): always
 *   asked of the network, refreshed in parallel the moment the page is navigated to, and
 *   answered from the cache only when the network fails or is slower than POINTER_WAIT_MS:
 *   a squad's new release is used on the next visit, never pinned.
 * Files the page loaded before this worker controlled it are cached when the page posts
 * their list (CACHE_URLS, register.ts; Workbox's default router listens for it).
 * Nothing else is touched: API calls (/api, /cou) go to the network, never to a cache, so no
 * borrower's answers can be served to anyone.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { HASHED_FILE, isPointer, SW_CACHES } from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** how long a page waits for a fresh pointer before the cached one is used */
const POINTER_WAIT_MS = 3000;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** pointer fetches started by a navigation, each handed to the first request of it from the page */
const early = new Map<string, Promise<Response>>();

function fetchPointer(url: string): Promise<Response> {
  return fetch(url, { cache: 'no-cache', mode: 'cors', credentials: 'omit' }).then(async (res) => {
    if (res.ok) await (await caches.open(SW_CACHES.pointers)).put(url, res.clone());
    return res;
  });
}

/** A navigation: every known pointer is asked for now, in parallel, before the page asks. */
async function refreshKnownPointers(): Promise<void> {
  const cache = await caches.open(SW_CACHES.pointers);
  for (const req of await cache.keys()) {
    const p = fetchPointer(req.url);
    p.catch(() => undefined);
    early.set(req.url, p);
  }
}

async function answerPointer(url: string): Promise<Response> {
  const fresh = early.get(url) ?? fetchPointer(url);
  early.delete(url);
  const late = new Promise<null>((r) => setTimeout(() => r(null), POINTER_WAIT_MS));
  try {
    const res = await Promise.race([fresh, late]);
    if (res?.ok) return res;
  } catch {
    /* offline: the cached copy below */
  }
  const cached = await caches.match(url, { cacheName: SW_CACHES.pointers });
  return cached ?? fresh;
}

const shell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute(async (options) => {
    void refreshKnownPointers();
    return shell(options);
  }),
);
registerRoute(
  ({ url }) => isPointer(url),
  ({ url }) => answerPointer(url.href),
);
registerRoute(
  ({ url }) => HASHED_FILE.test(url.pathname),
  new CacheFirst({
    cacheName: SW_CACHES.hashed,
    plugins: [
      // never an opaque answer: it would be handed to a CORS request of the same file and fail
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }),
    ],
  }),
);
