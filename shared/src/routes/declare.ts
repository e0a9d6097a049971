/**
 * A remote's own route table (its `src/routeTable.ts`, plain data): its spec routes by name, with
 * the calls to prefetch and the screens to fetch next that the squad chooses, and routes of its
 * own. Its build publishes the result with each release (release.json -> remotes.json), so a new
 * screen or a changed prefetch ships with the remote alone. The remote's exposed module resolves
 * it through `shared`, its build config through `shared/routes`.
 */
import type { EndpointName } from '../contract/endpoints';
import type { RouteEntry, RouteName, SmokeAs } from './registry';
import { SPEC_ROUTES, type RemoteName, type SpecRouteOf, type StaffRemoteName } from './spec';

interface Choices {
  prefetch?: readonly EndpointName[];
  next?: readonly RouteName[];
  /** who the release's smoke load is on this screen (RouteEntry.smokeAs) */
  smokeAs?: SmokeAs;
}
/** one of the remote's spec routes: its path, guard and tab are the spec's */
type SpecDecl<R extends RemoteName | StaffRemoteName> = Choices & { name: SpecRouteOf<R> };
/** a route the spec does not have */
type OwnDecl = Choices & { name: string; path: string; guarded?: boolean; tab?: boolean };

const CHOICES = ['name', 'prefetch', 'next', 'smokeAs'];

/** `R`: a remote of the borrower's host, or a staff remote (its own routes only: the spec has none of its) */
export interface RouteTable<R extends RemoteName | StaffRemoteName = RemoteName> {
  remote: R;
  routes: readonly (SpecDecl<R> | OwnDecl)[];
}

/** a route as a release publishes it: a staff remote's too (the borrower's router takes only its own remotes': RouteEntry) */
export type PublishedRoute<R extends RemoteName | StaffRemoteName = RemoteName | StaffRemoteName> = Omit<RouteEntry, 'remote'> & { remote: R };
export type DeclaredRoutes<N extends string = string, R extends RemoteName | StaffRemoteName = RemoteName> = readonly (PublishedRoute<R> & { name: N })[];

/** any remote's table (RouteTable<R> checks each one's names against its own spec routes) */
interface AnyTable {
  remote: RemoteName | StaffRemoteName;
  routes: readonly (Choices & { name: string; path?: string; guarded?: boolean; tab?: boolean })[];
}

export function declareRoutes<T extends AnyTable>({ remote, routes }: T): DeclaredRoutes<T['routes'][number]['name'], T['remote']> {
  return routes.map((d) => {
    const spec = SPEC_ROUTES.find((s) => s.name === d.name);
    if (spec && (spec.remote !== remote || Object.keys(d).some((k) => !CHOICES.includes(k)))) {
      throw new Error(`${remote}: ${d.name} is a spec route (${spec.path}, ${spec.remote}): declare it by name, with prefetch, next and smokeAs only`);
    }
    return { ...spec, ...d, remote } as PublishedRoute<T['remote']> & { name: T['routes'][number]['name'] };
  });
}
