/**
 * The hash router of the installed route table (routes/registry.ts), shared by the host and
 * the standalone harness: guard, redirects, not-found, scroll-to-top, paste blocking, tabs, overlay,
 * toasts, and native login events. React Router's declarative mode (<HashRouter> and a route
 * object tree): the app loads no data through the router, and the data router's code would be
 * about half of react-router's bytes on the start-up path.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { HashRouter, Navigate, Outlet, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { allRoutes, REDIRECTS, pathFor, type RouteEntry } from '../routes/registry';
import { go, installNavigate } from '../routes/navigation';
import { useSession } from '../session/store';
import { completeLogin, nativeUserInfo, REDIRECT_PARAM } from '../session/login';
import { isLeavingAfterLogout, routeChanged } from '../session/actions';
import { bridge } from '../bridge/bridge';
import { Button, LoadingOverlay, Page, Skeleton, Toasts } from 'shared/ui';
import { OfflineBanner } from './OfflineBanner';
import { BottomTabs } from './BottomTabs';
import { RemoteScreen, type RemoteLoader } from './RemoteScreen';

function blockPaste(e: ClipboardEvent) {
  e.preventDefault();
}

function Layout({ tabsFor }: { tabsFor: Set<string> }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    installNavigate((to, opts) => void (typeof to === 'number' ? navigate(to) : navigate(to, opts)));
  }, [navigate]);
  useEffect(() => {
    // braces matter: Chromium's scrollTo now returns a promise, which React would take for a clean-up
    window.scrollTo(0, 0);
    routeChanged();
  }, [location.pathname]);
  useEffect(() => {
    document.addEventListener('paste', blockPaste, true);
    const off = bridge.onEvent((e) => {
      if (e.event === 'getLoginInfo' && typeof e.token === 'string' && e.token) {
        const wanted = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get(REDIRECT_PARAM);
        void completeLogin(e.token, nativeUserInfo(e.userInfo), wanted ?? currentPath());
      }
    });
    return () => {
      document.removeEventListener('paste', blockPaste, true);
      off();
    };
  }, []);
  const withTabs = tabsFor.has(location.pathname);
  return (
    <div className={`app ${withTabs ? 'app--tabs' : ''}`}>
      <OfflineBanner />
      <Outlet />
      {withTabs ? <BottomTabs /> : null}
      <LoadingOverlay />
      <Toasts screen={location.pathname} />
    </div>
  );
}

function currentPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

function WaitingForNativeLogin() {
  const { t } = useTranslation('common');
  useEffect(() => {
    bridge.send('toLogin');
  }, []);
  return (
    <Page title={t('appName')}>
      <Skeleton lines={2} />
    </Page>
  );
}

function Guard({ route, children }: { route: RouteEntry; children: ReactNode }) {
  const loggedIn = useSession((s) => Boolean(s.token?.Authorization));
  const location = useLocation();
  if (!route.guarded || loggedIn) return <>{children}</>;
  if (isLeavingAfterLogout()) return null; // on the way home: not a reason to log in
  if (bridge.inApp) return <WaitingForNativeLogin />;
  return <Navigate to={pathFor('login', { [REDIRECT_PARAM]: location.pathname + location.search })} replace />;
}

function NotFound() {
  const { t } = useTranslation('common');
  return (
    <Page title={t('error.notFoundTitle')}>
      <div className="state" data-testid="not-found">
        <p>{t('error.notFoundBody')}</p>
        <Button onClick={() => go('home')}>{t('error.goHome')}</Button>
      </div>
    </Page>
  );
}

function Elsewhere() {
  const { t } = useTranslation('common');
  return (
    <Page title={t('appName')}>
      <div className="state" data-testid="route-elsewhere">
        <p>{t('error.screenElsewhere')}</p>
      </div>
    </Page>
  );
}

export interface AppRouterProps {
  loader: RemoteLoader;
  /** only these routes are mounted; others show a 'lives elsewhere' note (standalone harness) */
  only?: (route: RouteEntry) => boolean;
  /** by route name: what a route that is not mounted shows instead of that note (standalone harness) */
  standIns?: Partial<Record<string, ReactNode>>;
  /** routes outside the route table (the standalone harness's own) */
  extraRoutes?: RouteObject[];
}

/** The route tree: the layout around every route of the table, its redirects, the extra routes and not-found. */
export function appRoutes({ loader, only, standIns, extraRoutes = [] }: AppRouterProps): RouteObject[] {
  const routes = allRoutes();
  const tabsFor = new Set(routes.filter((r) => r.tab).map((r) => r.path));
  const children: RouteObject[] = [
    ...routes.map((route) => ({
      path: route.path,
      element:
        only && !only(route) ? (
          (standIns?.[route.name] ?? <Elsewhere />)
        ) : (
          <Guard route={route}>
            <RemoteScreen key={route.name} route={route} loader={loader} />
          </Guard>
        ),
    })),
    ...REDIRECTS.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
    ...extraRoutes,
    { path: '*', element: <NotFound /> },
  ];
  return [{ element: <Layout tabsFor={tabsFor} />, children }];
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function AppRouter(props: AppRouterProps) {
  const [routes] = useState(() => appRoutes(props));
  return (
    <HashRouter>
      <Routes routes={routes} />
    </HashRouter>
  );
}
