/**
 * What each remote exposes as `./routes`: its screens by route name (lazy, one chunk per
 * route), its i18n namespace and its route table. The host mounts routes from the tables
 * releases publish in remotes.json (routes/registry.ts), before any remote is loaded.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName, RouteEntry } from '../routes/registry';
import { declareRoutes, type RouteTable } from '../routes/declare';
import type { Resources } from '../i18n/setup';

export type Screen = LazyExoticComponent<ComponentType> | ComponentType;

type ScreenModule = { default: ComponentType };

/** A screen in its own chunk, which can also be fetched ahead of time (the host's idle prefetch). */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyExoticComponent<ComponentType> & { preload: () => Promise<ScreenModule> } {
  return Object.assign(lazy(load), { preload: load });
}

/** Fetches a screen's chunk without showing it; nothing for a screen that is not lazy. */
export async function preloadScreen(mod: RemoteModule, name: string): Promise<void> {
  await (mod.screens[name] as { preload?: () => Promise<unknown> } | undefined)?.preload?.();
}

export interface RemoteModule {
  remote: RemoteName;
  namespace: string;
  resources: Resources;
  /** route name -> screen; a route of this remote without a screen asks for a reload (a remote older than the route table) */
  screens: Partial<Record<string, Screen>>;
  /** the remote's route table as its build published it (its first route opens its standalone page) */
  routes: readonly RouteEntry[];
}

/** `screens` must have exactly the table's route names (the types say so). */
export function defineRemote<T extends RouteTable>(def: {
  table: T;
  namespace: string;
  resources: Resources;
  screens: Record<T['routes'][number]['name'], Screen>;
}): RemoteModule {
  return { remote: def.table.remote, namespace: def.namespace, resources: def.resources, screens: def.screens, routes: declareRoutes(def.table) };
}
