/**
 * Once the first screen is up and the phone is idle: the remotes' manifests, entries and route
 * modules (not what the host already shares), the opened screen's likely next remotes first. The
 * code of the screens a borrower most often opens next (`next` in the route table) waits for the
 * first touch, scroll or key: a screen's chunk runs when it is fetched, and a form's brings zod and
 * the form library, seconds of main thread on a slow phone that nobody has touched yet. Moving
 * there then waits for little or nothing. Skipped when the borrower asked the browser to save data.
 */
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { bearerToken, type RemoteModule, type RemoteName } from 'shared';
import { findRoute, openedRoute, preloadScreen, type RouteEntry } from 'shared/host';

/** after the load event: room for the first screen's own requests on a slow link */
const AFTER_LOAD_MS = 2000;

const preload = (names: RemoteName[]) =>
  names.length ? preloadRemote(names.map((nameOrAlias) => ({ nameOrAlias, exposes: ['./routes'], resourceCategory: 'sync' as const }))) : Promise.resolve();

/** what says a borrower is using the page: the likely next screens' code is fetched from then on */
const FIRST_USE = ['pointerdown', 'keydown', 'scroll', 'wheel'] as const;

/** Resolves at the page's first touch, scroll or key (capture: the page's own handlers cannot hide it). */
function firstUse(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of FIRST_USE) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of FIRST_USE) window.addEventListener(type, done, { capture: true, passive: true });
  });
}

/** On a slow link the likely next remotes come first, then the rest; the next screens' code from the first use on. */
async function prefetch(names: RemoteName[], load: (remote: RemoteName) => Promise<RemoteModule>, used: Promise<void>): Promise<void> {
  // a guarded screen would show the login screen instead
  const next = (openedRoute()?.next ?? []).map(findRoute).filter((r): r is RouteEntry => Boolean(r) && (!r!.guarded || Boolean(bearerToken())));
  const modules = await Promise.all(next.map((route) => load(route.remote)));
  await preload(names.filter((n) => !next.some((r) => r.remote === n)));
  await used;
  for (const [i, route] of next.entries()) await preloadScreen(modules[i], route.name);
}

export function prefetchWhenIdle(names: RemoteName[], load: (remote: RemoteName) => Promise<RemoteModule>): void {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const used = firstUse();
  const run = () => void prefetch(names, load, used).catch((e: unknown) => console.warn('prefetch failed', e));
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : run());
  const later = () => setTimeout(idle, AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
