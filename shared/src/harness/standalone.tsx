/**
 * A remote's own page: mounts only that remote's routes, with the real session, bridge
 * (or simulator) and HTTP client, against the server. QA tests a remote alone with it.
 */
import { bootApp } from '../shell/boot';
import type { RemoteModule } from '../shell/remote-module';

export function mountStandalone(mod: RemoteModule, rootElement: HTMLElement): Promise<void> {
  return bootApp({ loader: async () => mod, only: (route) => route.remote === mod.remote }, rootElement);
}
