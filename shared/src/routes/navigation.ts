/**
 * `go(name, query)`: navigation by route name. The host (or the standalone harness)
 * installs the router's navigate function at boot.
 */
import { pathFor, type RouteName } from './registry';

type Navigate = (to: string | number, opts?: { replace?: boolean }) => void;
let navigateImpl: Navigate | null = null;

export function installNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function go(name: RouteName, query?: Record<string, string | number | undefined>, opts?: { replace?: boolean }): void {
  const to = pathFor(name, query);
  if (navigateImpl) navigateImpl(to, opts);
  else window.location.hash = `#${to}`;
}

export function goBack(): void {
  if (window.history.length > 1 && navigateImpl) navigateImpl(-1);
  else go('home');
}
