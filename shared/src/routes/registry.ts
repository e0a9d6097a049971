/**
 * The run-time route table: what the router is built from and what `go(name)` resolves. Each
 * remote's routes come with its release (remotes.json, from the remote's `src/routeTable.ts`);
 * a remote whose release publishes none gets its spec routes (spec.ts). Remotes move between
 * screens by name, never by path.
 */
import type { EndpointName } from '../contract/endpoints';
import { QA_FIXTURE_STATES, type QaFixtureState } from '../contract/testBorrower';
import { REMOTE_NAMES, SPEC_ROUTES, type RemoteName, type SpecRoute, type SpecRouteName } from './spec';

export { REDIRECTS, REMOTE_NAMES, SPEC_ROUTES, STAFF_REMOTE_NAMES, type RemoteName, type SpecRoute, type SpecRouteName, type StaffRemoteName } from './spec';
export { declareRoutes, type DeclaredRoutes, type PublishedRoute, type RouteTable } from './declare';

export interface RouteEntry extends SpecRoute {
  /** calls (without parameters) the screen makes first: started while its code loads (api/prefetch.ts) */
  prefetch?: readonly EndpointName[];
  /** the screens a borrower most often opens from this one: their code is fetched when the phone is idle */
  next?: readonly string[];
  /**
   * who a release's smoke load is when it opens this route (platform/src/release/smoke.ts): a QA fixture borrower in
   * that state, or nobody; by default a guarded route's is an onboarded borrower, any other's nobody
   */
  smokeAs?: SmokeAs;
}
/** a route's smoke-load borrower: a QA fixture's state, or 'signedOut' */
export type SmokeAs = QaFixtureState | 'signedOut';
const isSmokeAs = (v: unknown) => v === undefined || v === 'signedOut' || (QA_FIXTURE_STATES as readonly unknown[]).includes(v);
/** who the smoke load is on `route` (RouteEntry.smokeAs) */
export const smokeAsOf = (route: Pick<RouteEntry, 'guarded' | 'smokeAs'>): SmokeAs => route.smokeAs ?? (route.guarded ? 'onboarded' : 'signedOut');

/**
 * Names of routes a remote adds beyond the spec's, so that `go()` accepts them: the remote
 * declares them beside its route table, e.g.
 *   declare module 'shared/routes' { interface RemoteRouteNames { repayGuide: true } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by remotes' declaration merging
export interface RemoteRouteNames {}
export type RouteName = SpecRouteName | (keyof RemoteRouteNames & string);

/**
 * The global an app's chunks register in when they run (output.chunkLoadingGlobal). Two
 * releases of one remote share it, so the host clears it before loading a remote's last good
 * release after its current one ran some of its chunks.
 */
export const chunkGlobalOf = (name: string) => `chunks_${name}`;

const specRoutesOf = (remote: RemoteName): RouteEntry[] => SPEC_ROUTES.filter((r) => r.remote === remote);

const index = (routes: readonly RouteEntry[]) => new Map(routes.map((e) => [e.name, e]));
let table: readonly RouteEntry[] = SPEC_ROUTES;
let byName = index(table);

const isNameList = (v: unknown) => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
/** A route as a release publishes it (remotes.json is data from outside the page). */
export function isRouteEntry(v: unknown): v is RouteEntry {
  const r = v as RouteEntry;
  return (
    Boolean(r) &&
    typeof r.name === 'string' &&
    typeof r.path === 'string' &&
    r.path.startsWith('/') &&
    (REMOTE_NAMES as readonly string[]).includes(r.remote) &&
    isNameList(r.prefetch) &&
    isNameList(r.next) &&
    isSmokeAs(r.smokeAs)
  );
}

/**
 * The whole table from each remote's published routes, the spec's for a remote that published
 * none. A release claiming another remote's name or path is refused before it goes live
 * (platform/src/release/checks.ts); should one get through, the spec's routes keep theirs, then the
 * first claim.
 */
export function composeRoutes(published: Partial<Record<RemoteName, readonly RouteEntry[]>>): RouteEntry[] {
  const specNames = new Set<string>(SPEC_ROUTES.map((r) => r.name));
  const all = REMOTE_NAMES.flatMap((remote) => (published[remote] ?? specRoutesOf(remote)).map((r) => ({ r, remote })));
  const names = new Set<string>();
  const paths = new Set<string>();
  const routes: RouteEntry[] = [];
  for (const { r, remote } of [...all.filter((x) => specNames.has(x.r.name)), ...all.filter((x) => !specNames.has(x.r.name))]) {
    if (r.remote !== remote || names.has(r.name) || paths.has(r.path)) {
      console.error(`route ${r.name} (${r.path}) of ${remote} is claimed twice or by another remote: left out`);
      continue;
    }
    names.add(r.name);
    paths.add(r.path);
    routes.push(r);
  }
  return routes;
}

/** The table the router and `go()` use from now on (the host at boot, a standalone page). */
export function installRoutes(routes: readonly RouteEntry[]): void {
  table = routes;
  byName = index(routes);
}

export const allRoutes = (): readonly RouteEntry[] => table;

/** A name from outside the code (an address's query): one the table has now. */
export const isRouteName = (name: string): name is RouteName => byName.has(name);

/** A route named in data from outside the page (a `next` list): undefined when no release has it now. */
export const findRoute = (name: string): RouteEntry | undefined => byName.get(name);

export function routeByName(name: string): RouteEntry {
  const e = byName.get(name);
  if (!e) throw new Error(`unknown route name: ${name}`);
  return e;
}

/** The hash path for a route name with optional query parameters. */
export function pathFor(name: RouteName, query?: Record<string, string | number | undefined>): string {
  const { path } = routeByName(name);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
