/**
 * Registers the service worker (production builds only) once the first screen is up, then
 * hands it the files this page loaded before it was in control, so the next visit, online
 * or not, finds them in its cache.
 */
import { worthCaching } from './rules';

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const start = () =>
    sw.register('sw.js').then(
      async () => {
        const ready = await sw.ready;
        // from the moment it controls the page it sees every request itself
        if (!sw.controller) await new Promise((r) => sw.addEventListener('controllerchange', r, { once: true }));
        // remotes.json too: a first visit reads the map from the page, the next ones ask for it
        const urlsToCache = [new URL('remotes.json', location.href).href, ...performance.getEntriesByType('resource').map((e) => e.name)].filter((u) =>
          worthCaching(new URL(u)),
        );
        ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
      },
      (e: unknown) => console.warn('service worker not registered', e),
    );
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
