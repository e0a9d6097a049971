/**
 * The platform: the shared package's browser entry, an MF singleton released with the host
 * (one instance per page: session, HTTP client, bridge, i18n, router, overlay and toasts).
 * The parts a remote may take at its own pace are entries of their own, shared by version
 * range (`shared/parts.json`): the UI kit (`shared/ui`, and `shared/forms` with the first
 * form) and the contract's schemas (`shared/schemas`, with zod). Other entry points
 * (package.json `exports`): the host's own (`shared/host`), a remote's standalone page
 * (`shared/harness`), and, without React or browser APIs, `shared/contract` (the server),
 * `shared/routes` and `shared/format` (build configs and end-to-end tests), `shared/staff` (the operations console).
 */

// the contract without its schemas (zod and the schemas load with the forms: `shared/schemas`) nor its cipher (crypto-js loads
// with the first call, inside the HTTP client; the server and the service worker take it from `shared/contract`)
export * from './contract/prefixes';
export * from './contract/status';
export * from './contract/options';
export * from './contract/limits';
export * from './contract/pakistanTime';
export * from './contract/safeValues';
export * from './contract/errorCodes';
// the catalogue's messages and the schemas' load with the first screen that is not a pre-rendered one (i18n/later.ts)
export { ERROR_MESSAGES, errorMessage } from './i18n/later';
export * from './contract/endpoint';
export * from './contract/endpoints';
export type * from './contract/schemas/index';
export * from './api/http';
export * from './api/errors';
export * from './api/useRequest';
export * from './api/idempotency';
export * from './api/challenge';
export * from './session/store';
export * from './session/actions';
export * from './session/login';
export { userStorage, deviceStorage, type ScopedStorage } from './session/userStorage';
export * from './bridge/bridge';
export * from './bridge/events';
export * from './bridge/milestones';
export * from './i18n/setup';
export { isRouteName, pathFor, type RemoteName, type RouteEntry, type RouteName, type RouteTable } from './routes/registry';
export * from './routes/navigation';
export * from './routes/hooks';
export { RouteLink } from './routes/RouteLink';
export * from './runtime/overlay';
export * from './runtime/toast';
export * from './runtime/online';
export { useRunningVersions, type RunningVersion } from './runtime/versions';
export { defineRemote, lazyScreen, type RemoteModule, type Screen } from './shell/remote-module';
export { useHydrated } from './shell/useHydrated';
