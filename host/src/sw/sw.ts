/// <reference lib="webworker" />
/**
 * The host's service worker (Workbox modules). What it keeps:
 * - the host shell, precached at install (list injected at build: host/rspack.config.ts);
 *   every navigation is answered with it, or with a pre-rendered entry page kept within its
 *   bound (pages.ts), so a repeat visit starts with no network at all;
 * - content-hashed files of the host and every remote: cache first (a hash never changes);
 * - the pointers (remotes.json, each remote's mf-manifest.json): from the cache at once, a
 *   moving one refreshed behind once a visit, so a new release runs from the visit after the
 *   one that fetched it (pointers.ts);
 * - answers of public calls sent without a user: from the cache at once, refreshed behind
 *   (public-answers.ts).
 * Files the page loaded before this worker controlled it are cached when the page posts
 * their list (CACHE_URLS, register.ts; Workbox's default router listens for it).
 * Pushed notices are shown, a tap opening the app at the inbox (push.ts).
 * Nothing else is touched: every other API call (/api, /cou), and every call that carries a
 * borrower's token, goes to the network and never into a cache.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { HASHED_FILE, isPointer, KEEP_PAGE, SW_CACHES } from './rules';
import { answerPointer, newVisit } from './pointers';
import { answerNavigation, keepPage } from './pages';
import { publicAnswers } from './public-answers';
import { publicAnswerKey } from './public-calls';
import { notificationOf, openApp } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// before Workbox's listeners (its precache route answers the navigation to `/` itself)
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') newVisit();
});
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// no directory index: a navigation to `/` is the navigation route's (pages.ts: home's kept page, else the shell)
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });

const shell = createHandlerBoundToURL('index.html');
registerRoute(new NavigationRoute((options) => answerNavigation(options.url.href, options.event as ExtendableEvent, () => shell(options))));
// a first visit's pre-rendered page, loaded before this worker was there (register.ts)
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; url?: unknown } | null;
  if (data?.type === KEEP_PAGE && typeof data.url === 'string' && new URL(data.url).origin === self.location.origin) event.waitUntil(keepPage(data.url));
});
registerRoute(
  ({ url }) => isPointer(url),
  ({ url, event }) => answerPointer(url.href, event as ExtendableEvent),
);
registerRoute(({ request }) => publicAnswerKey(request) !== null, publicAnswers);
registerRoute(
  ({ url }) => HASHED_FILE.test(url.pathname),
  new CacheFirst({
    cacheName: SW_CACHES.hashed,
    // a file handed over by the page (register.ts) was fetched without the page's Origin header: the
    // servers' `Vary: Origin` must not make it a miss (a hashed file is the same for every origin)
    matchOptions: { ignoreVary: true },
    plugins: [
      // never an opaque answer: it would be handed to a CORS request of the same file and fail
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }),
    ],
  }),
);

// web push (the borrower turned it on in Settings): each notice shown; a tap opens the app where it says
self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // not JSON: not ours
  }
  const n = notificationOf(data, self.registration.scope);
  if (n) event.waitUntil(self.registration.showNotification(n.title, n.options));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openApp(self.clients, typeof url === 'string' ? url : self.registration.scope));
});
