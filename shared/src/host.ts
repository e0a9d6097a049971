/**
 * The host's entry point (`shared/host`): booting the page, the router shell, loading remotes
 * and recording their versions. Remotes never import it (a lint rule says so) and it is not a
 * federated module: the host bundles it. It reaches the state it shares with remotes (session,
 * bridge, i18n, routes) through the same modules as the `shared` singleton, whose one copy on
 * a composed page is the host's (remotes' containers do not bring their own).
 */
export { bootApp, openedRoute, prefetchOpenedRoute } from './shell/boot';
export { preloadScreen } from './shell/remote-module';
export type { RemoteLoader } from './shell/RemoteScreen';
export { setRunningVersion } from './runtime/versions';
export { chunkGlobalOf, composeRoutes, findRoute, installRoutes, isRouteEntry, REMOTE_NAMES, type RouteEntry } from './routes/registry';
export { seedInlined, type InlinedAnswers } from './api/inlined';
