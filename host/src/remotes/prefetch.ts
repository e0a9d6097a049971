/**
 * Once the first screen is up and the phone is idle: the code of the screens a borrower most
 * often opens next from the opened one (`next` in the route table), then the other remotes'
 * manifests, entries and route modules (not what the host already shares), so moving there
 * waits for little or nothing. Skipped when the borrower asked the browser to save data.
 */
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { bearerToken, type RemoteModule, type RemoteName } from 'shared';
import { findRoute, openedRoute, preloadScreen, type RouteEntry } from 'shared/host';

/** after the load event: room for the first screen's own requests on a slow link */
const AFTER_LOAD_MS = 2000;

const preload = (names: RemoteName[]) =>
  names.length ? preloadRemote(names.map((nameOrAlias) => ({ nameOrAlias, exposes: ['./routes'], resourceCategory: 'sync' as const }))) : Promise.resolve();

/** On a slow link the likely next screens come first, then the rest of the remotes. */
async function prefetch(names: RemoteName[], load: (remote: RemoteName) => Promise<RemoteModule>): Promise<void> {
  // a guarded screen would show the login screen instead
  const next = (openedRoute()?.next ?? []).map(findRoute).filter((r): r is RouteEntry => Boolean(r) && (!r!.guarded || Boolean(bearerToken())));
  for (const route of next) await preloadScreen(await load(route.remote), route.name);
  await preload(names.filter((n) => !next.some((r) => r.remote === n)));
}

export function prefetchWhenIdle(names: RemoteName[], load: (remote: RemoteName) => Promise<RemoteModule>): void {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const run = () => void prefetch(names, load).catch((e: unknown) => console.warn('prefetch failed', e));
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : run());
  const later = () => setTimeout(idle, AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
