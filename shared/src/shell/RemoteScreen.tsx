/**
 * Renders one route's screen from its remote: loads the remote's module (once), adds its
 * i18n namespace, and shows the retry UI if the remote cannot load, without touching
 * the rest of the app.
 */
import { Suspense, use, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteName, RouteEntry } from '../routes/registry';
import { registerResources } from '../i18n/setup';
import { ErrorBoundary } from './ErrorBoundary';
import { Button, ErrorState, Skeleton } from 'shared/ui';
import type { RemoteModule } from './remote-module';
import { onceOnline, useOnline } from '../runtime/online';

export type RemoteLoader = (remote: RemoteName, opts?: { retry?: boolean }) => Promise<RemoteModule>;

const cache = new Map<RemoteName, Promise<RemoteModule>>();

function loadOnce(loader: RemoteLoader, remote: RemoteName, retry = false): Promise<RemoteModule> {
  let p = cache.get(remote);
  if (!p || retry) {
    p = loader(remote, { retry }).then(async (m) => {
      await registerResources(m.namespace, m.resources);
      return m;
    });
    p.catch(() => undefined);
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
  const mod = use(promise);
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

export function RemoteFailure({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('common');
  const online = useOnline();
  const retry = useRef(onRetry);
  retry.current = onRetry;
  // failed for want of a network: tried again by itself when it is back. Armed once, at the failure: the render the
  // network's return causes (online, and a new onRetry) must not clear the retry it has just set off
  useEffect(() => (navigator.onLine ? undefined : onceOnline(() => retry.current())), []);
  return (
    <div className="page" data-testid="remote-error">
      <div className="page__body">
        <ErrorState
          message={
            <>
              {t('error.remoteTitle')}
              <br />
              {online ? t('error.network') : t('offline.waiting')}
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

export function RemoteScreen({ route, loader }: { route: RouteEntry; loader: RemoteLoader }) {
  const [promise, setPromise] = useState(() => loadOnce(loader, route.remote));
  return (
    <ErrorBoundary resetKey={promise} fallback={() => <RemoteFailure onRetry={() => setPromise(loadOnce(loader, route.remote, true))} />}>
      <Suspense fallback={<ScreenSkeleton />}>
        <Loaded promise={promise} route={route} />
      </Suspense>
    </ErrorBoundary>
  );
}
