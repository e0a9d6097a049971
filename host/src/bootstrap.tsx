import { bootApp, installRoutes, openedRoute, prefetchOpenedRoute, setRunningVersion } from 'shared/host';
import { createLoader, fetchRemotes, publishedMap, registerAll, routesOf, watchPageErrors } from './remotes/registry';
import { prefetchWhenIdle } from './remotes/prefetch';
import { chooseTracks, withPinnedRoutes } from './remotes/tracks';
import { withDevRoutes } from './remotes/devRoutes';
import { takePrerendered, willHydrate } from './boot/prerendered';

async function main() {
  const root = document.getElementById('root')!;
  setRunningVersion('host', { version: process.env.APP_VERSION! });
  // the page's own copy of the route table: the opened screen's calls start before remotes.json is asked
  const pageMap = publishedMap();
  installRoutes(routesOf(chooseTracks(pageMap ?? {})));
  // a hydrated page shows the answers inlined in it and asks for fresh ones once hydrated: its calls (and the HTTP
  // client's code) are not on the way of its first interaction
  if (!willHydrate()) prefetchOpenedRoute();
  let map;
  try {
    const published = await fetchRemotes(pageMap);
    map = await withPinnedRoutes(chooseTracks(process.env.NODE_ENV === 'production' ? published : await withDevRoutes(published)));
  } catch (e) {
    console.error(e);
    map = {}; // every route then shows its retry UI
  }
  installRoutes(routesOf(map));
  registerAll(map);
  const loader = createLoader(map);
  watchPageErrors(loader);
  prefetchWhenIdle(Object.keys(map) as (keyof typeof map)[], loader);
  const owner = openedRoute()?.remote;
  await bootApp({ loader }, root, { hydrate: takePrerendered(!owner || pageMap?.[owner]?.version === map[owner]?.version) });
}

// the service worker is registered once the page has loaded (sw/register.ts): its code comes then, off the first screen's way
const whenLoaded = (run: () => void) => (document.readyState === 'complete' ? run() : window.addEventListener('load', run, { once: true }));
whenLoaded(
  () =>
    void import('./sw/register').then(
      ({ registerServiceWorker }) => registerServiceWorker(),
      (e: unknown) => console.warn('service worker not registered', e),
    ),
);
void main();
