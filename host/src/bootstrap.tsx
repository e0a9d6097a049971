import { bootApp, prefetchOpenedRoute, setRunningVersion } from 'shared/host';
import { createLoader, fetchRemotes, registerAll } from './remotes/registry';
import { registerServiceWorker } from './sw/register';
import { prefetchWhenIdle } from './remotes/prefetch';

async function main() {
  const root = document.getElementById('root')!;
  setRunningVersion('host', { version: process.env.APP_VERSION! });
  prefetchOpenedRoute();
  let map;
  try {
    map = await fetchRemotes();
  } catch (e) {
    console.error(e);
    map = {} as Awaited<ReturnType<typeof fetchRemotes>>; // every route then shows its retry UI
  }
  registerAll(map);
  const loader = createLoader(map);
  prefetchWhenIdle(Object.keys(map) as (keyof typeof map)[], loader);
  await bootApp({ loader }, root);
}

registerServiceWorker();
void main();
