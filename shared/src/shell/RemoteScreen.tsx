/**
 * Renders one route's screen from its remote: loads the remote's module (once), adds its
 * i18n namespace, and shows the retry UI if the remote cannot load, or if its screen throws once
 * loaded (a crash: told to the loader, which reports it and runs the remote's previous release
 * on the retry), without touching the rest of the app.
 */
import { Suspense, use, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteName, RouteEntry } from '../routes/registry';
import { registerResources } from '../i18n/setup';
import { isHydratingScreen, laterStringsLoaded, loadLaterStrings } from '../i18n/later';
import { ErrorBoundary } from './ErrorBoundary';
import { Button, ErrorState, Skeleton } from 'shared/ui';
import type { RemoteModule } from './remote-module';
import { onceOnline, useOnline } from '../runtime/online';

export interface RemoteLoader {
  (remote: RemoteName, opts?: { retry?: boolean }): Promise<RemoteModule>;
  /**
   * A screen of `remote` threw once its code had loaded (its route's boundary caught it). Answers whether the retry
   * runs the remote's previous release instead (the host's loader: reported, and the last good release on the retry).
   */
  crashed?(remote: RemoteName, error: Error): boolean;
}

const cache = new Map<RemoteName, Promise<RemoteModule>>();
/** the loads that gave a module: an error under one of them is its screen's, not the load's */
const loadedOnes = new WeakSet<Promise<RemoteModule>>();

function loadOnce(loader: RemoteLoader, remote: RemoteName, retry = false): Promise<RemoteModule> {
  let p = cache.get(remote);
  if (!p || retry) {
    p = loader(remote, { retry }).then(async (m) => {
      await registerResources(m.namespace, m.resources);
      return m;
    });
    const loaded = p;
    p.then(() => loadedOnes.add(loaded)).catch(() => undefined);
    cache.set(remote, p);
  }
  return p;
}

/** A remote deployed before the host that names this route: its newer version comes with a reload. */
function ScreenMissing() {
  const { t } = useTranslation('common');
  return (
    <div className="page" data-testid="screen-missing">
      <div className="page__body">
        <ErrorState message={t('error.screenMissing')} onRetry={() => window.location.reload()} />
      </div>
    </div>
  );
}

function Loaded({ promise, route }: { promise: Promise<RemoteModule>; route: RouteEntry }) {
  // the platform's later strings (i18n/later.ts): every screen has them as it renders but the one a pre-rendered page
  // hydrates, which shows none of them: they load once it has (the hooks before any `use`, which may suspend the render)
  const [hydrating] = useState(() => isHydratingScreen(route.name));
  useEffect(() => {
    if (hydrating) loadLaterStrings().catch(() => undefined);
  }, [hydrating]);
  const mod = use(promise);
  if (!hydrating && !laterStringsLoaded()) use(loadLaterStrings());
  const Screen = mod.screens[route.name];
  return Screen ? <Screen /> : <ScreenMissing />;
}

function ScreenSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <div className="navbar" />
      <div className="page__body">
        <Skeleton lines={5} />
      </div>
    </div>
  );
}

/** A screen that could not be shown: what happened and what "Try again" does, one line each, and the button. */
function CannotShow({ testId, said, next, onRetry }: { testId: string; said: string; next: string; onRetry(): void }) {
  const { t } = useTranslation('common');
  return (
    <div className="page" data-testid={testId}>
      <div className="page__body">
        <ErrorState
          message={
            <>
              {said}
              <br />
              {next}
            </>
          }
        />
        <Button onClick={onRetry} block>
          {t('retry')}
        </Button>
      </div>
    </div>
  );
}

export function RemoteFailure({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('common');
  const online = useOnline();
  const retry = useRef(onRetry);
  retry.current = onRetry;
  // failed for want of a network: tried again by itself when it is back. Armed once, at the failure: the render the
  // network's return causes (online, and a new onRetry) must not clear the retry it has just set off
  useEffect(() => (navigator.onLine ? undefined : onceOnline(() => retry.current())), []);
  return <CannotShow testId="remote-error" said={t('error.remoteTitle')} next={online ? t('error.remoteRetry') : t('offline.waiting')} onRetry={onRetry} />;
}

/** A screen of the remote threw once loaded: said so (not a network's failure), and what "Try again" will open. */
export function RemoteCrashed({ previous, onRetry }: { previous: boolean; onRetry(): void }) {
  const { t } = useTranslation('common');
  return (
    <CannotShow
      testId="remote-crash"
      said={t('error.remoteCrashed')}
      next={previous ? t('error.remoteCrashedPrevious') : t('error.remoteRetry')}
      onRetry={onRetry}
    />
  );
}

/** ChunkLoadError: a screen's own file that did not come (the network, or a file missing): a load's failure, not a crash */
const isLoadFailure = (e: Error) => e.name === 'ChunkLoadError';

export function RemoteScreen({ route, loader }: { route: RouteEntry; loader: RemoteLoader }) {
  const [promise, setPromise] = useState(() => loadOnce(loader, route.remote));
  /** whether the retry after a crash under this load runs the previous release (the loader's answer once told) */
  const [previous, setPrevious] = useState<{ on: Promise<RemoteModule>; runs: boolean } | null>(null);
  const retry = () => setPromise(loadOnce(loader, route.remote, true));
  const isCrash = (error: Error) => loadedOnes.has(promise) && !isLoadFailure(error);
  return (
    <ErrorBoundary
      resetKey={promise}
      onError={(error) => {
        if (isCrash(error)) setPrevious({ on: promise, runs: loader.crashed?.(route.remote, error) ?? false });
      }}
      fallback={(error) =>
        isCrash(error) ? <RemoteCrashed previous={previous?.on === promise && previous.runs} onRetry={retry} /> : <RemoteFailure onRetry={retry} />
      }
    >
      <Suspense fallback={<ScreenSkeleton />}>
        <Loaded promise={promise} route={route} />
      </Suspense>
    </ErrorBoundary>
  );
}
