/**
 * Once the first screen is up and the phone is idle: the other remotes' manifests, entries and
 * route modules (not what the host already shares), then the code of the screens a borrower
 * most often opens next from the opened one (`next` in the route table), so moving there waits
 * for little or nothing. Skipped when the borrower asked the browser to save data.
 */
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { bearerToken, openedRoute, preloadScreen, routeByName, type RemoteModule, type RemoteName } from 'shared';

/** after the load event: room for the first screen's own requests on a slow link */
const AFTER_LOAD_MS = 2000;

async function prefetch(names: RemoteName[], load: (remote: RemoteName) => Promise<RemoteModule>): Promise<void> {
  await preloadRemote(names.map((nameOrAlias) => ({ nameOrAlias, exposes: ['./routes'], resourceCategory: 'sync' as const })));
  for (const name of openedRoute()?.next ?? []) {
    const route = routeByName(name);
    if (route.guarded && !bearerToken()) continue; // it would show the login screen instead
    await preloadScreen(await load(route.remote), name);
  }
}

export function prefetchWhenIdle(names: RemoteName[], load: (remote: RemoteName) => Promise<RemoteModule>): void {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const run = () => void prefetch(names, load).catch((e: unknown) => console.warn('prefetch failed', e));
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : run());
  const later = () => setTimeout(idle, AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
