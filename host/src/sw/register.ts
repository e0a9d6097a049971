/**
 * Registers the service worker (production builds only) once the first screen is up, then
 * hands it the files this page loaded before it was in control, so the next visit, online
 * or not, finds them in its cache; for a visitor with no session, the calls the page made
 * (the worker keeps the answers of the public ones, public-answers.ts, and ignores the rest);
 * and a pre-rendered page's address (the worker keeps the page, pages.ts).
 */
import { bearerToken, currentUiLanguage, useSession } from 'shared';
import { isApi, KEEP_PAGE, worthCaching } from './rules';

/** long enough for any request started before the worker took control to end, on a slow link */
const LATE_REQUESTS_MS = 60_000;

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  // a page the worker controlled from its start: it saw every request itself, nothing to hand
  const seenByWorker = sw.controller !== null;
  const start = () =>
    sw.register('sw.js').then(
      async () => {
        if (seenByWorker) return;
        const ready = await sw.ready;
        // from the moment it controls the page it sees every request itself
        if (!sw.controller) await new Promise((r) => sw.addEventListener('controllerchange', r, { once: true }));
        const controlledAt = performance.now();
        const hand = (urls: string[]) => {
          // a call is handed with the headers the worker opens and keys it by, never a token (Workbox's [url, init] form)
          const call = (u: string) => [u, { headers: { packageName: useSession.getState().packageName, lang: currentUiLanguage() } }];
          const calls = bearerToken() ? [] : urls.filter((u) => isApi(new URL(u))).map(call);
          const urlsToCache = [...urls.filter((u) => worthCaching(new URL(u))), ...calls];
          if (urlsToCache.length) ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
        };
        const unseen = (entries: PerformanceEntryList) => entries.filter((e) => e.startTime < controlledAt).map((e) => e.name);
        // remotes.json too: a first visit reads the map from the page, the next ones ask for it
        // the stylesheets a pre-rendered page carries inlined, named by disabled links (platform/src/prerender/render.ts), were
        // never fetched: handed too, so a later visit that starts from the shell has them offline
        const inlined = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map((l) => l.href);
        hand([new URL('remotes.json', location.href).href, ...inlined, ...unseen(performance.getEntriesByType('resource'))]);
        // a pre-rendered page (its gate's data in it) at the address it was loaded from, not the one its gate moved to
        const address = performance.getEntriesByType('navigation')[0]?.name;
        if (document.getElementById('prerender-page') && address) ready.active?.postMessage({ type: KEEP_PAGE, url: address });
        // requests already under way when it took control end later, unseen by it as well
        const late = new PerformanceObserver((list) => hand(unseen(list.getEntries())));
        late.observe({ type: 'resource' });
        setTimeout(() => late.disconnect(), LATE_REQUESTS_MS);
      },
      (e: unknown) => console.warn('service worker not registered', e),
    );
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
