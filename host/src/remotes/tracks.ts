/**
 * Which release of each remote this device runs: the current one, or the canary when the
 * device's bucket falls in its share (the same devices each time: a random id kept on the
 * device), or, in QA builds, a version pinned with `?pin=<remote>@<version>` (platform/src/release/pin.ts).
 * A canary or pinned version falls back to the current one when it cannot load, as the current
 * one falls back to its last good one.
 */
import { deviceStorage, type RemoteName } from 'shared';
import type { RemoteRelease, RemotesMap } from './registry';

export type Track = 'canary' | 'pinned';
export interface Chosen extends RemoteRelease {
  track?: Track;
}
export type ChosenMap = Partial<Record<RemoteName, Chosen>>;

const store = deviceStorage('releases');
const PIN_PARAM = 'pin';

/**
 * This device's bucket, 0-99, for `remote`: one random id per device, hashed with the remote's name (FNV-1a). The page's
 * start hints compute it again (host/src/boot/start-hints.js runs before any module): change both, their test holds them alike.
 */
export function bucketOf(remote: string, deviceId: string): number {
  let h = 0x811c9dc5;
  for (const c of `${deviceId}:${remote}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h % 100;
}

/** randomUUID needs a secure context and a recent web view; 16 random bytes do as well */
const randomId = () => crypto.randomUUID?.() ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** This phone's random id (the same for every remote and session; it survives log-out): its canary buckets, and who its reports are from when signed out. */
export function deviceId(): string {
  let id = store.get<string>('device');
  if (!id) store.set('device', (id = randomId()));
  return id;
}

/** QA builds: `?pin=mf_repay@1.0.0-abcdef0` pins, `?pin=mf_repay@` unpins; kept on the device. */
function pins(): Partial<Record<RemoteName, string>> {
  if (process.env.NATIVE_SIM !== '1') return {};
  const kept = store.get<Partial<Record<RemoteName, string>>>('pins') ?? {};
  for (const asked of new URLSearchParams(location.search).getAll(PIN_PARAM)) {
    const [remote, version] = asked.split('@') as [RemoteName, string | undefined];
    if (version) kept[remote] = version;
    else delete kept[remote];
  }
  store.set('pins', Object.keys(kept).length ? kept : null);
  return kept;
}

/** The file `file` of `version`, in the same bucket as the manifest `current` (a remote's versions share its origin). */
const fileOf = (current: string, version: string, file: string) => new URL(`../${version}/${file}`, current).href;
const entryOf = (current: string, version: string) => fileOf(current, version, 'mf-manifest.json');

/** The release each remote runs on this device, with the current one to fall back to when it is not the current one. */
export function chooseTracks(map: RemotesMap): ChosenMap {
  const pinned = pins();
  const id = deviceId();
  return Object.fromEntries(
    Object.entries(map).map(([name, r]): [string, Chosen] => {
      const fallback = { entry: r.entry, version: r.version };
      const pin = pinned[name as RemoteName];
      if (pin && pin !== r.version) return [name, { entry: entryOf(r.entry, pin), version: pin, lastGood: fallback, track: 'pinned' }];
      if (r.canary && bucketOf(name, id) < r.canary.share)
        return [name, { entry: r.canary.entry, version: r.canary.version, routes: r.canary.routes ?? r.routes, lastGood: fallback, track: 'canary' }];
      return [name, r];
    }),
  );
}

/** A pinned version's own route table (its release.json): QA devices only, one request each. */
export async function withPinnedRoutes(chosen: ChosenMap): Promise<ChosenMap> {
  const pinned = Object.entries(chosen).filter(([, r]) => r.track === 'pinned');
  type Info = { routes?: RemoteRelease['routes'] };
  const tables = await Promise.all(
    pinned.map(([, r]) =>
      fetch(fileOf(r.entry, r.version, 'release.json'))
        .then((res): Promise<Info> | Info => (res.ok ? res.json() : {}))
        .catch((): Info => ({})),
    ),
  );
  return { ...chosen, ...Object.fromEntries(pinned.map(([name, r], i) => [name, { ...r, routes: tables[i].routes }])) };
}
