/**
 * The shared package's browser entry (an MF singleton): everything remotes and the host
 * use at start-up. Forms import the schemas from `shared/schemas` (a singleton of its own,
 * with zod, loaded when a form is). The server imports only `shared/contract`.
 */
import './ui/styles.css';

// the contract without its schemas: zod and the schemas load with the forms (`shared/schemas`)
export * from './contract/cipher';
export * from './contract/wire';
export * from './contract/status';
export * from './contract/options';
export * from './contract/limits';
export * from './contract/safeValues';
export * from './contract/errors';
export * from './contract/endpoint';
export * from './contract/endpoints';
export type * from './contract/schemas/index';
export * from './api/http';
export * from './api/errors';
export * from './api/useRequest';
export * from './api/idempotency';
export * from './session/store';
export * from './session/actions';
export * from './session/login';
export * from './bridge/bridge';
export * from './bridge/events';
export * from './bridge/milestones';
export * from './bridge/simulator';
export * from './i18n/setup';
export * from './routes/registry';
export * from './routes/navigation';
export * from './routes/hooks';
export * from './runtime/overlay';
export * from './runtime/toast';
export * from './runtime/online';
export * from './runtime/sessionStore';
export * from './runtime/versions';
export * from './ui/index';
export * from './shell/remote-module';
export * from './shell/ErrorBoundary';
export * from './shell/RemoteScreen';
export * from './shell/AppRouter';
export * from './shell/boot';
export * from './harness/standalone';
