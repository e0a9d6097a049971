/**
 * Development only (`npm run dev`): the dev servers' remotes.json has no route tables (nothing is
 * released), so each remote's table is read from the release.json its dev server builds, and a
 * screen a squad adds is routed in the composed dev app as it will be once released.
 */
import { isRouteEntry, type RouteEntry } from 'shared/host';
import type { RemotesMap } from './registry';

export async function withDevRoutes(map: RemotesMap): Promise<RemotesMap> {
  const tables = await Promise.all(
    Object.entries(map).map(async ([name, r]) => {
      try {
        const res = await fetch(new URL('release.json', r.entry));
        const routes: unknown = res.ok ? (await res.json()).routes : undefined;
        return [name, Array.isArray(routes) && routes.every(isRouteEntry) ? (routes as RouteEntry[]) : undefined] as const;
      } catch {
        return [name, undefined] as const; // that dev server is down: its spec routes stand in
      }
    }),
  );
  return Object.fromEntries(Object.entries(map).map(([name, r], i) => [name, { ...r, routes: tables[i][1] ?? r.routes }]));
}
