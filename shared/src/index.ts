/**
 * The shared package's browser entry (an MF singleton): everything remotes and the host
 * use. The server imports only `shared/contract`.
 */
import './ui/styles.css';

export * from './contract/index';
export * from './api/http';
export * from './api/errors';
export * from './api/useRequest';
export * from './api/idempotency';
export * from './session/store';
export * from './session/actions';
export * from './session/login';
export * from './bridge/bridge';
export * from './bridge/events';
export * from './bridge/simulator';
export * from './i18n/setup';
export * from './routes/registry';
export * from './routes/navigation';
export * from './routes/hooks';
export * from './runtime/overlay';
export * from './runtime/toast';
export * from './runtime/online';
export * from './runtime/sessionStore';
export * from './ui/index';
export * from './shell/remote-module';
export * from './shell/ErrorBoundary';
export * from './shell/RemoteScreen';
export * from './shell/AppRouter';
export * from './shell/boot';
export * from './harness/standalone';
