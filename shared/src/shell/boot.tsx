/**
 * Starting an app (the host, or a remote's standalone page): simulator if built in and asked for,
 * bridge receiver, i18n, session sync with the wrapper, then the router.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { bridge, installBridgeReceiver } from '../bridge/bridge';
import { startI18n } from '../i18n/setup';
import { storeToken } from '../session/actions';
import { nativeUserInfo } from '../session/login';
import { bearerToken } from '../session/store';
import { watchSession } from '../session/check';
import { AppRouter, type AppRouterProps } from './AppRouter';
import { allRoutes, type RouteEntry } from '../routes/registry';
import { endpoints } from '../contract/endpoints';
import { prefetch } from '../api/prefetch';
import { isPrerendering, offerPrerender } from './prerender';
import { hydratingScreen, loadLaterStrings } from '../i18n/later';

/** The route of the page's address (hash router), if it is one of the installed table's. */
export function openedRoute(): RouteEntry | undefined {
  const path = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  return allRoutes().find((r) => r.path === path);
}

let prefetched = false;
/** The opened screen's first calls go out now, while its remote's code downloads (once a page load). */
export function prefetchOpenedRoute(): void {
  if (prefetched) return;
  prefetched = true;
  const route = openedRoute();
  if (!route || (route.guarded && !bearerToken())) return;
  for (const name of route.prefetch ?? []) prefetch(endpoints[name], {});
}

/** In the wrapper, the native session wins: take its token when it has one. */
async function syncNativeSession(): Promise<void> {
  if (!bridge.inApp) return;
  try {
    const info = await bridge.call('getLoginInfo');
    if (typeof info.token === 'string' && info.token && `Bearer ${info.token}` !== bearerToken()) {
      storeToken(info.token, nativeUserInfo(info.userInfo));
    }
  } catch {
    /* no answer: the stored session stays */
  }
}

/** `hydrate`: the root holds this page's pre-rendered markup (platform/src/prerender/), which React takes over as it is. */
export async function bootApp(props: AppRouterProps, rootElement: HTMLElement, { hydrate = false }: { hydrate?: boolean } = {}): Promise<void> {
  // QA's and e2e's fake wrapper: only in builds that ask for it (platform/src/build/native-sim.ts), never a borrower's. In
  // the boot's own chunk: a chunk of its own was a round trip more before the first screen of a QA build than a borrower's
  if (process.env.NATIVE_SIM === '1') (await import(/* webpackMode: "eager" */ '../bridge/simulator')).maybeInstallSimulator();
  installBridgeReceiver();
  startI18n();
  await syncNativeSession();
  if (!hydrate) prefetchOpenedRoute(); // a hydrated screen asks anew once hydrated (its inlined answers shown meanwhile)
  const app = (
    <StrictMode>
      <AppRouter {...props} />
    </StrictMode>
  );
  if (isPrerendering()) offerPrerender(app);
  // the native wrapper may have signed in meanwhile: a borrower's screen is rendered, never the public one hydrated
  if (hydrate && !bearerToken()) {
    hydratingScreen(openedRoute()?.name);
    hydrateRoot(rootElement, app);
  } else {
    // the platform's later strings, beside the first screen's code (a hydrated screen has them loaded once it is interactive)
    loadLaterStrings().catch(() => undefined);
    if (hydrate) rootElement.replaceChildren();
    createRoot(rootElement).render(app);
  }
  // a session ended elsewhere is noticed now, once the page is idle: nothing on the first screen's path waits for it
  if (!isPrerendering()) watchSession();
}
