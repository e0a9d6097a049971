/**
 * Whether a remote's build fits what it will meet once live: the parts of `shared` the running
 * host provides (the platform, one instance per page, within the range the remote needs), the
 * running API's catalogue (every call the remote makes must be answered there, with the
 * request and response schemas the remote was built with), and the route table (the spec's,
 * as the host has it, and the other remotes' current routes).
 * Each check returns the reasons to refuse, empty when the build fits.
 */
import type { RouteEntry, SpecRoute } from 'shared/routes';
import type { MfManifest } from '../core/host-page';
import type { ReleaseInfo, SpecRoutesFile } from '../core/published';
import { lowest, satisfies } from '../core/range';
import { routes as sharedRoutes } from '../core/shared';

const major = (v: string) => Number(v.split('.')[0]);

/**
 * `info`: the remote's release.json; `hostManifest`: the host's mf-manifest.json (the version
 * of each entry of `shared` it provides). The platform is the host's alone: a range it does
 * not satisfy refuses, naming the host version needed. Another part out of range is no reason
 * to refuse (the remote loads its own copy): it is in `notes`. A build from before parts needs
 * the platform `^` the `shared` it was built with.
 */
export function sharedFit(
  info: { parts?: ReleaseInfo['parts']; shared?: string },
  hostManifest: { shared: Pick<MfManifest['shared'][number], 'name' | 'version'>[] },
): { problems: string[]; notes: string[] } {
  const needs = info.parts ?? { platform: { version: info.shared, range: `^${info.shared}`, shares: ['shared'] } };
  const hostVersion = (shares: string[]) => hostManifest.shared.find((s) => shares.includes(s.name))?.version;
  const problems: string[] = [];
  const notes: string[] = [];
  for (const [part, { version, range, shares }] of Object.entries(needs)) {
    const host = hostVersion(shares);
    const built = `(it was built with ${version})`;
    if (!host) (part === 'platform' ? problems : notes).push(`needs ${part} ${range} ${built}; the running host provides none`);
    else if (satisfies(host, range)) continue;
    else if (part === 'platform')
      problems.push(
        major(host) > major(lowest(range))
          ? `needs platform ${range} ${built}; the running host has platform ${host}, a later major version: rebuild it against platform ${major(host)}.x`
          : `needs platform ${range} ${built}; the running host has platform ${host}: release a host with platform ${lowest(range)} or later first`,
      );
    else notes.push(`needs ${part} ${range} ${built}; the running host has ${part} ${host}: it loads its own copy of ${shares.join(', ')}`);
  }
  return { problems, notes };
}

/**
 * `info`: the remote's release.json; `contract`: the API's GET /contract. A call is matched by
 * method and path; its schemas' fingerprints are compared when both sides have them (a build
 * or an API from before fingerprints is checked by path only). Any change of a schema refuses,
 * a compatible one too (an optional field added): the fingerprint cannot tell them apart.
 */
/** The API's GET /contract, as far as the checks read it. */
export interface Contract {
  fingerprint: string;
  endpoints: { method: string; prefix: string; path: string; request?: string; response?: string }[];
}

export function callProblems(info: Pick<ReleaseInfo, 'calls'>, contract: Contract, apiOrigin: string): string[] {
  const key = (c: { method: string; prefix: string; path: string }) => `${c.method} ${c.prefix}${c.path}`;
  const served = new Map(contract.endpoints.map((e) => [key(e), e]));
  return info.calls.flatMap((c) => {
    const e = served.get(key(c));
    const call = `calls ${c.name} (${key(c)})`;
    if (!e) return [`${call}, which the API at ${apiOrigin} does not answer (catalogue ${contract.fingerprint}). Release the API first.`];
    const differs = (side: 'request' | 'response') => c[side] && e[side] && c[side] !== e[side];
    return [
      differs('request') &&
        `${call} with a request the API at ${apiOrigin} may no longer accept: built for request schema ${c.request}, the API has ${e.request}. Rebuild against the API's contract.`,
      differs('response') &&
        `${call} and reads its answer as built for response schema ${c.response}, but the API at ${apiOrigin} answers by ${e.response}. Rebuild against the API's contract.`,
    ].filter((p): p is string => Boolean(p));
  });
}

const describeRoute = (r: SpecRoute) => `${r.name} (${r.path}${r.guarded ? ', guarded' : ''})`;

/**
 * `info`: the remote's release.json; `spec`: the host's spec-routes.json; `others`: the routes
 * the other remotes' current releases publish. A spec route keeps its owner, path, guard and tab
 * and is never dropped (other remotes open it by name); a route of the remote's own takes a
 * path no spec route, redirect or other remote has. Each is a route as the host's router takes one
 * (shared/routes isRouteEntry): a name, a path from `/`, one of the remotes.
 */
export function routeProblems(info: Pick<ReleaseInfo, 'remote' | 'routes'>, spec: SpecRoutesFile, others: readonly SpecRoute[]): string[] {
  const routes: readonly unknown[] | undefined = info.routes;
  if (!Array.isArray(routes) || !routes.length) return [`publishes no route table (release.json routes): rebuild it with src/routeTable.ts`];
  const malformed = routes.filter((r) => !sharedRoutes.isRouteEntry(r));
  if (malformed.length)
    return malformed.map((r) => `publishes ${JSON.stringify(r)}, which the host's router does not take as a route (name, path from /, one of the remotes)`);
  return tableProblems(info.remote, routes as RouteEntry[], spec, others);
}

/**
 * A staff app's route table (its own origin, its own router: no spec route, no borrower path to keep clear of):
 * published, each a name and a path from `/` of this remote, no name or path twice.
 */
export function staffRouteProblems(info: Pick<ReleaseInfo, 'remote' | 'routes'>): string[] {
  const routes: readonly unknown[] | undefined = info.routes;
  if (!Array.isArray(routes) || !routes.length) return [`publishes no route table (release.json routes): rebuild it with src/routeTable.ts`];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const r of routes as { name?: unknown; path?: unknown; remote?: unknown }[]) {
    if (typeof r?.name !== 'string' || typeof r.path !== 'string' || !r.path.startsWith('/') || r.remote !== info.remote) {
      problems.push(`publishes ${JSON.stringify(r)}, which is not a route of ${info.remote} (name, path from /)`);
      continue;
    }
    if (seen.has(`name:${r.name}`) || seen.has(`path:${r.path}`)) problems.push(`route ${r.name} (${r.path}) is declared twice`);
    seen.add(`name:${r.name}`).add(`path:${r.path}`);
  }
  return problems;
}

/**
 * A staff app calls the API at the origin built into it: a build made in a shell with other ports (or another
 * API_PUBLIC_ORIGIN) would answer staff "no answer from the server" on every call. `api`: this stack's public API origin.
 */
export function staffApiProblems(info: Pick<ReleaseInfo, 'apiOrigin'>, api: string): string[] {
  if (info.apiOrigin === api) return [];
  return [
    `was built to call the API at ${info.apiOrigin ?? '(none recorded)'}; this stack's API is ${api} (API_PUBLIC_ORIGIN, else API_PORT): build it with this stack's settings`,
  ];
}

function tableProblems(remote: string, routes: readonly RouteEntry[], spec: SpecRoutesFile, others: readonly SpecRoute[]): string[] {
  const problems: string[] = [];
  const specByName = new Map(spec.routes.map((r) => [r.name, r]));
  const seen = new Set<string>();
  for (const r of routes) {
    if (r.remote !== remote) problems.push(`route ${r.name} is declared for ${r.remote}, not ${remote}`);
    if (seen.has(r.name) || seen.has(r.path)) problems.push(`route ${describeRoute(r)} is declared twice`);
    seen.add(r.name).add(r.path);
    const s = specByName.get(r.name);
    if (s) {
      if (s.remote !== remote) problems.push(`route ${r.name} is ${s.remote}'s in the spec's table`);
      else if (s.path !== r.path || Boolean(s.guarded) !== Boolean(r.guarded) || Boolean(s.tab) !== Boolean(r.tab))
        problems.push(`route ${describeRoute(r)} contradicts the spec's table: ${describeRoute(s)}${s.tab ? ' with the tabs' : ''}`);
      continue;
    }
    const specAtPath = spec.routes.find((x) => x.path === r.path);
    const redirectAt = spec.redirects.find((x) => x.from === r.path);
    if (specAtPath) problems.push(`route ${describeRoute(r)} takes the spec's path of ${specAtPath.name}`);
    else if (redirectAt) problems.push(`route ${describeRoute(r)} takes the spec's path of the redirect to ${redirectAt.to}`);
    const other = others.find((x) => x.path === r.path || x.name === r.name);
    if (other) problems.push(`route ${describeRoute(r)} is claimed by ${other.remote} already: ${describeRoute(other)}`);
  }
  const dropped = spec.routes.filter((s) => s.remote === remote && !routes.some((r) => r.name === s.name));
  if (dropped.length) problems.push(`drops spec routes other screens open by name: ${dropped.map((r) => r.name).join(', ')}`);
  return problems;
}
