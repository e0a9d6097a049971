/**
 * What each remote exposes as `./routes`: its screens by route name (lazy, one chunk per
 * route) and its i18n namespace. Paths and guard flags come from the shared registry,
 * so the host can mount a route before the remote is loaded.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName, RouteEntry } from '../routes/registry';
import { routesOf } from '../routes/registry';
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
  /** the remote's route definitions (from the registry) */
  routes: RouteEntry[];
}

export function defineRemote(def: Omit<RemoteModule, 'routes'>): RemoteModule {
  const routes = routesOf(def.remote);
  const unknown = Object.keys(def.screens).filter((n) => !routes.some((r) => r.name === n));
  if (unknown.length) throw new Error(`${def.remote} defines screens not in its route table: ${unknown.join(', ')}`);
  return { ...def, routes };
}
