/**
 * What the builds publish beside their code, as the release and the pre-render read it: a remote's
 * release.json (build/release-info.ts writes it), the host's spec-routes.json (host/rspack.config.ts),
 * and how the tooling asks a running origin for them.
 */
import type { PublishedRoute, REDIRECTS, SpecRoute } from 'shared/routes';

/** the spec's route table, as the host build emits it (host/rspack.config.ts) */
export const SPEC_ROUTES_FILE = 'spec-routes.json';
export interface SpecRoutesFile {
  routes: readonly SpecRoute[];
  redirects: typeof REDIRECTS;
}

/** A call of the API's catalogue a remote makes, with the fingerprints of the schemas it was built with. */
export interface Call {
  name: string;
  method: string;
  prefix: string;
  path: string;
  request?: string;
  response?: string;
}

/** A remote's release.json. */
export interface ReleaseInfo {
  remote: string;
  version: string;
  /** the platform part's version (`parts.platform.version`) */
  shared: string;
  /** absent in a build from before parts */
  parts?: Record<string, { version: string; range: string; shares: string[] }>;
  calls: Call[];
  /** absent in a build from before remote-owned routes */
  routes?: readonly PublishedRoute[];
  /** route name -> its screen's files; absent in a build from before them */
  screens?: Record<string, string[]>;
  /** a staff app's: the API origin its build calls (it has no same-origin proxy: rspack.config.base.ts STAFF_API_ORIGIN) */
  apiOrigin?: string;
}

/** `url`'s JSON, or an error naming `what` was asked for and why it did not answer. */
export async function fetchJson<T>(url: string, what: string): Promise<T> {
  let res;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (e) {
    throw new Error(`cannot reach ${what} at ${url} (${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message}); is it running?`, {
      cause: e,
    });
  }
  if (!res.ok) throw new Error(`${what} at ${url} answered HTTP ${res.status}`);
  return (await res.json()) as T;
}
