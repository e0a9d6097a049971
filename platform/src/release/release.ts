/**
 * Releasing a remote: publish a build as an immutable version, check it fits the host and the
 * API, switch the remote's pointer, and republish what the host's origin serves for it
 * (remotes.json and the host page). Rolling back (or demoting) switches the pointer only.
 * Each switch reads the registry (core/registry.ts), decides and computes everything it will write from what it read,
 * then stores the pointer by one compare-and-set and writes the derived files; one that lost to another switch reads
 * again and decides again (switchOnce).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PublishedRoute, RouteEntry, SpecRoute } from 'shared/routes';
import { apiPublicOrigin, originOf } from '../../../apps.config.mjs';
import { completeCopies } from '../core/compressed';
import { hostPageFiles, publishHostPage, readPublished, startupFiles, type Hints, type MfManifest, type Published, type RemoteEntry } from '../core/host-page';
import type { ReleaseInfo, SpecRoutesFile } from '../core/published';
import { openRegistry, pointerOf, type Registry, type RegistryState } from '../core/registry';
import { keyRing, SIGNATURE_FILE, signatureProblem, signedIntegrities, type KeyRing, type SignatureFile } from '../core/signing';
import {
  buildHash,
  contentHash,
  demote,
  endCanary,
  hostPublished,
  isVerified,
  logged,
  pointerFiles,
  recordVersion,
  remoteDir,
  rollBack,
  startCanary,
  switchTo,
  VERSION_DIR,
  writeAll,
  saveLog,
  type App,
  type Files,
  type LogEntry,
  type Pointer,
} from '../core/store';
import { callProblems, routeProblems, sharedFit, staffApiProblems, staffRouteProblems, type Contract } from './checks';
import type { Candidate } from './smoke';

export class Refused extends Error {}

/** Runs `fn`, its failure a refusal (the CLI's exit 2: nothing changed). */
function refusing<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw e instanceof Refused ? e : new Refused((e as Error).message, { cause: e });
  }
}

/**
 * A staff app (apps.config.mjs STAFF_APPS: the operations console) is released as a remote is, but served alone on
 * its own origin: a change of its pointer publishes its pointer files only, never the host's composition.
 */
const isStaff = (app: App) => app.staff === true;
/** the remotes the borrower's host composes */
const remotesOf = (apps: readonly App[]) => apps.filter((a) => a.name !== 'host' && !isStaff(a));
const manifestAt = (origin: string, id: string) => `${origin}/${id}/mf-manifest.json`;

/** Where a change of a remote's pointer is published: the remotes, the releases folder, the host's build; the registry (default: openRegistry's). */
interface Where {
  app: App;
  apps: readonly App[];
  releasesDir: string;
  hostDist: string;
  registry?: Registry;
}
/** Who switched, and why (the pointer's log). */
interface Switch {
  by?: string;
  note?: string;
  /** where the remote's releases are served (default: this shell's ports); it must be the one its pointer has */
  origin?: string;
  now?: Date;
}
/**
 * A remote's part of the composition: its remotes.json entry, its start-up files, its screens' files by route path and
 * the signed integrity of those files by address.
 */
interface Part extends Partial<Hints> {
  entry: RemoteEntry;
  /** its canary's start hints */
  canary?: Hints;
}

/** `file` of `app`'s build `label` in `dir`, parsed; refused naming the remote, build and file when it cannot be read. `optional`: absent is undefined. */
function readBuildJson<T>(app: App, label: string, dir: string, file: string): T;
function readBuildJson<T>(app: App, label: string, dir: string, file: string, opts: { optional: true }): T | undefined;
function readBuildJson<T>(app: App, label: string, dir: string, file: string, { optional = false } = {}): T | undefined {
  const p = path.join(dir, file);
  if (optional && !fs.existsSync(p)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(p, 'utf8')) as T;
  } catch (e) {
    throw new Refused(`${app.dir} ${label}: ${p} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { cause: e });
  }
}

/**
 * The pointer with its origin, where the remote's releases are served from: `origin` (this
 * shell's) is stored with a pointer that has none yet, and must match the one it has.
 */
function withOrigin(app: App, pointer: Pointer, origin: string): Pointer {
  if (!pointer.origin) {
    const { remote, origin: _none, ...rest } = pointer;
    return { remote, origin, ...rest }; // first in the file, after the remote's name
  }
  if (pointer.origin !== origin)
    throw new Refused(`${app.dir}'s releases are served from ${pointer.origin}; this shell says ${origin} — set the port variables or pass --origin`);
  return pointer;
}

/** A pointer with a current version. */
const hasCurrent = (p: Pointer): p is Pointer & { current: string } => Boolean(p.current);

/**
 * Where a remote's releases are served (an origin, or a path under the host's): its pointer's; for a pointer from before
 * origins were stored, that of its last published entry (the shell's ports only when there is none).
 */
const originFor = (app: App, pointer: Pointer, published: Published): string =>
  pointer.origin ?? published.remotes[app.name]?.entry.replace(/\/[^/]+\/mf-manifest\.json$/, '') ?? originOf(app);

/**
 * A remote's part of the composition for `pointer`'s current version, read from `versionDir`:
 * its remotes.json entry (with the route table the version publishes, none for a build from
 * before remote-owned routes), its start-up files and its screens' files by route path, with the integrity its
 * signature gives them (the host's preloads carry it, or the browser fetches each again for the loads that check it).
 * Refused when the version cannot be read.
 */
function partOf(app: App, pointer: Pointer & { current: string }, origin: string, versionDir: string): Part {
  const manifestUrl = manifestAt(origin, pointer.current);
  const info = readBuildJson<ReleaseInfo>(app, pointer.current, versionDir, 'release.json', { optional: true });
  const canary = pointer.canary && canaryOf(app, pointer.canary, origin, path.join(path.dirname(versionDir), pointer.canary.id));
  const entry: RemoteEntry = {
    entry: manifestUrl,
    version: pointer.current,
    ...(pointer.lastGood ? { lastGood: { entry: manifestAt(origin, pointer.lastGood), version: pointer.lastGood } } : {}),
    ...(info?.routes ? { routes: composedRoutes(info.routes) } : {}),
    ...(canary ? { canary: canary.entry } : {}),
  };
  return { entry, ...hintsOf(app, pointer.current, manifestUrl, versionDir, info), ...(canary ? { canary: canary.hints } : {}) };
}

/**
 * Version `id`'s start hints, read from `versionDir`: its start-up files, its screens' files by route path, with the
 * integrity its signature gives them (the host's preloads carry it, or the browser fetches each again for the loads that
 * check it). Refused when the version cannot be read.
 */
function hintsOf(app: App, id: string, manifestUrl: string, versionDir: string, info: ReleaseInfo | undefined): Hints {
  const manifest = readBuildJson<MfManifest>(app, id, versionDir, 'mf-manifest.json');
  let files;
  try {
    files = startupFiles(manifest, manifestUrl);
  } catch (e) {
    throw new Refused(`${app.dir} ${id}: ${path.join(versionDir, 'mf-manifest.json')} is not a manifest (${(e as Error).message})`, { cause: e });
  }
  // each route's screen files (release.json's `screens`, by route name; none from a build from before them), by route path
  const screens = Object.fromEntries(
    (info?.routes ?? []).filter((r) => info?.screens?.[r.name]?.length).map((r) => [r.path, info!.screens![r.name].map((f) => new URL(f, manifestUrl).href)]),
  );
  const signed = signedIntegrities(versionDir);
  const integrity: Record<string, string> = {};
  if (signed) {
    // the host reads the signature right after the manifest (host/src/remotes/integrity.ts): asked for with it
    files.splice(1, 0, new URL(SIGNATURE_FILE, manifestUrl).href);
    for (const [file, sri] of Object.entries(signed)) {
      const url = new URL(file, manifestUrl).href;
      if (files.includes(url) || Object.values(screens).some((s) => s.includes(url))) integrity[url] = sri;
    }
  }
  return { files, screens, integrity };
}

/** a composed remote's published routes: its release refused any the host's router does not take (checks.ts routeProblems) */
const composedRoutes = (routes: readonly PublishedRoute[]) => routes as readonly SpecRoute[] as readonly RouteEntry[];

/** The canary's part of a remote: its entry (the host serves it to `share` percent of devices: host/src/remotes/tracks.ts) and its start hints. */
function canaryOf(app: App, { id, share }: { id: string; share: number }, origin: string, versionDir: string) {
  const info = readBuildJson<ReleaseInfo>(app, id, versionDir, 'release.json', { optional: true });
  const manifestUrl = manifestAt(origin, id);
  const entry: NonNullable<RemoteEntry['canary']> = {
    entry: manifestUrl,
    version: id,
    share,
    ...(info?.routes ? { routes: composedRoutes(info.routes) } : {}),
  };
  return { entry, hints: hintsOf(app, id, manifestUrl, versionDir, info) };
}

/**
 * The parts of every remote but `app`, from their current releases (a remote never released
 * has none). One whose release cannot be read keeps its part as last published (its start-up
 * files too when the page has them), with a warning: it must not block this release.
 */
function otherParts({
  app,
  apps,
  releasesDir,
  published,
  state,
}: Pick<Where, 'apps' | 'releasesDir'> & { app?: App; published: Published; state: RegistryState }): Record<string, Part> {
  const parts: Record<string, Part> = {};
  for (const other of remotesOf(apps).filter((a) => a.name !== app?.name)) {
    const dir = remoteDir(releasesDir, other);
    try {
      const pointer = pointerOf(state, other);
      if (hasCurrent(pointer)) parts[other.name] = partOf(other, pointer, originFor(other, pointer, published), path.join(dir, pointer.current));
    } catch (e) {
      const entry = published.remotes[other.name];
      console.warn(`warning: ${(e as Error).message}; ${other.dir} is published as it was${entry ? '' : ' (never published: left out)'}`);
      if (entry)
        parts[other.name] = {
          entry,
          files: published.files[other.name],
          screens: published.screens[other.name],
          integrity: published.integrity[other.name],
          canary: published.canary[other.name],
        };
    }
  }
  return parts;
}

/**
 * Everything a change of `app`'s pointer writes, computed whole before any of it is (a problem
 * of this remote's refuses with nothing written): its pointer files, then the host's
 * remotes.json and page.
 */
function publication({
  app,
  apps,
  releasesDir,
  hostDist,
  pointer,
  published,
  others,
}: Where & { pointer: Pointer; published: Published; others: Record<string, Part> }): Files {
  const dir = remoteDir(releasesDir, app);
  if (!hasCurrent(pointer)) throw new Refused(`${app.dir} has no current version to publish`);
  const parts = { ...others, [app.name]: partOf(app, pointer, originFor(app, pointer, published), path.join(dir, pointer.current)) };
  return [...pointerFiles(dir, pointer), ...hostFiles({ apps, releasesDir, hostDist }, parts)];
}

/** The host's remotes.json and page composing `parts` (each remote's, by name). */
function hostFiles({ apps, releasesDir, hostDist }: Pick<Where, 'apps' | 'releasesDir' | 'hostDist'>, parts: Record<string, Part>): Files {
  const ordered = remotesOf(apps).filter((a) => parts[a.name]);
  const remotes = Object.fromEntries(ordered.map((a) => [a.name, parts[a.name].entry]));
  const files = Object.fromEntries(ordered.filter((a) => parts[a.name].files).map((a) => [a.name, parts[a.name].files!]));
  const screens = Object.fromEntries(ordered.filter((a) => parts[a.name].screens).map((a) => [a.name, parts[a.name].screens!]));
  const integrity = Object.fromEntries(ordered.filter((a) => parts[a.name].integrity).map((a) => [a.name, parts[a.name].integrity!]));
  const canary = Object.fromEntries(ordered.filter((a) => parts[a.name].canary).map((a) => [a.name, parts[a.name].canary!]));
  return hostPageFiles({ hostDist, outDir: hostPublished(releasesDir), remotes, files, screens, integrity, canary });
}

/** The files `app`'s new `pointer` is published as with `state` (the registry as read): its pointer files, and for a composed remote the host's composition. */
function publicationFor({ app, apps, releasesDir, hostDist, state, pointer }: Where & { state: RegistryState; pointer: Pointer }): () => void {
  if (isStaff(app)) {
    const files = pointerFiles(remoteDir(releasesDir, app), pointer);
    return () => writeAll(files);
  }
  const published = readPublished(hostPublished(releasesDir));
  const others = otherParts({ app, apps, releasesDir, published, state });
  const files = publication({ app, apps, releasesDir, hostDist, pointer, published, others });
  return () => publishHostPage(files, hostPublished(releasesDir));
}

/**
 * Everything derived from the registry, written again from `state`: each remote's pointer files, the host's
 * remotes.json and page. The same state gives the same files, on any machine, however often.
 */
function rebuildFrom({ apps, releasesDir, hostDist, state }: Omit<Where, 'app'> & { state: RegistryState }) {
  const files = apps
    .filter((a) => a.name !== 'host' && hasCurrent(pointerOf(state, a)))
    .flatMap((a) => pointerFiles(remoteDir(releasesDir, a), state.pointers[a.name]));
  // a remote with only refused releases: its pointer alone
  const logs = apps.filter((a) => a.name !== 'host' && state.pointers[a.name] && !hasCurrent(state.pointers[a.name]));
  logs.forEach((a) => saveLog(remoteDir(releasesDir, a), state.pointers[a.name]));
  if (!remotesOf(apps).some((a) => hasCurrent(pointerOf(state, a)))) return writeAll(files);
  const parts = otherParts({ apps, releasesDir, published: readPublished(hostPublished(releasesDir)), state });
  publishHostPage([...files, ...hostFiles({ apps, releasesDir, hostDist }, parts)], hostPublished(releasesDir));
}

/**
 * The derived files of `registry` brought to its latest state: rebuilt (rebuildFrom) until a read after writing
 * finds the revision they were written from. A switch landing meanwhile on another machine makes it write again, so
 * the last writer always wrote the latest state. `seen`: the revision this process just published.
 */
export async function rebuild({ registry, seen, ...where }: Omit<Where, 'app' | 'registry'> & { registry: Registry; seen?: string }) {
  for (;;) {
    const state = await registry.read();
    if (state.revision === seen) return state;
    rebuildFrom({ ...where, state });
    seen = state.revision;
  }
}

/** The registry a switch uses: the one given, else this shell's (the folder's holds `app`'s pointer even when `apps` does not name it). */
const registryOf = ({ registry, releasesDir, apps, app }: Where) =>
  registry ?? openRegistry(releasesDir, apps.some((a) => a.name === app.name) ? apps : [...apps, app]);

/** how often a switch reads again after losing to another before it is refused */
export const SWITCH_ATTEMPTS = 20;

/** What a switch decided from the registry as read: the remote's next pointer (`before`'s own: nothing to switch) and what it answers. */
interface Decision<T> {
  pointer: Pointer;
  result: T;
}

/**
 * One switch of `app`'s pointer: reads the registry, `decide`s (throws Refused: nothing changes) and computes the
 * derived files, then stores the pointer only if the registry has not moved since (one compare-and-set) and writes
 * them. Lost to another switch: reads again and decides again, so a switch is applied to the registry as it is, or
 * refused by it. `registry`: opened here (and closed) when none is given.
 */
async function switchOnce<T>(where: Where, decide: (state: RegistryState, before: Pointer) => Promise<Decision<T>> | Decision<T>): Promise<T> {
  const registry = registryOf(where);
  try {
    for (let attempt = 1; ; attempt++) {
      const state = await registry.read();
      const before = pointerOf(state, where.app);
      const { pointer, result } = await decide(state, before);
      if (pointer === before) return result;
      const publish = refusing(() => publicationFor({ ...where, state, pointer }));
      const revision = await registry.commit(state.revision, where.app.name, pointer, publish);
      if (revision !== null) {
        await rebuild({ ...where, registry, seen: revision });
        return result;
      }
      if (attempt === SWITCH_ATTEMPTS)
        throw new Refused(
          `${where.app.dir}: ${SWITCH_ATTEMPTS} other switches landed in ${registry.where} while this one was deciding; nothing changed, try again`,
        );
      console.log(`${where.app.dir}: another switch landed in ${registry.where} first; reading it again`);
    }
  } finally {
    if (!where.registry) await registry.close();
  }
}

/** `app`'s `pointer` with one more line in its log, stored without switching anything (a refused release's line): retried as a switch is. */
async function logOnly(where: Where, entry: (before: Pointer) => Pointer) {
  const registry = registryOf(where);
  try {
    for (let attempt = 1; attempt <= SWITCH_ATTEMPTS; attempt++) {
      const state = await registry.read();
      const pointer = entry(pointerOf(state, where.app));
      if ((await registry.commit(state.revision, where.app.name, pointer, () => saveLog(remoteDir(where.releasesDir, where.app), pointer))) !== null) return;
    }
  } finally {
    if (!where.registry) await registry.close();
  }
}

/**
 * Puts the build `from` in place as version folder `target`, answering whether this release did (false: it was there).
 * A version folder never changes: one already there with the same content (the same source built again, or another
 * runner's release of it) is used as it is; one with other content under the same id is refused.
 */
function placeVersion(app: App, from: string, target: string, signed: SignatureFile): boolean {
  const same = () => {
    if (contentHash(target) !== contentHash(from))
      throw new Refused(`${app.dir} ${path.basename(target)} is already published with other content (${target}): a version folder never changes`);
    return false;
  };
  if (fs.existsSync(target)) return same();
  // copied beside, then renamed into place: a version folder appears whole or not at all; served from there, nothing
  // points at it until the pointer is stored
  const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
  fs.cpSync(from, tmp, { recursive: true });
  // published with it: what the host checks the version's files against before running them
  fs.writeFileSync(path.join(tmp, SIGNATURE_FILE), JSON.stringify(signed));
  // every text file with its compressed copies, as the servers send them (a build makes them; one from elsewhere may not)
  completeCopies(tmp);
  try {
    fs.renameSync(tmp, target);
    return true;
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    // another runner put the same version in place meanwhile
    if (['EEXIST', 'ENOTEMPTY'].includes((e as NodeJS.ErrnoException).code ?? '')) return same();
    throw e;
  }
}

/**
 * `from`: the remote's build folder. `hostManifest`: the mf-manifest.json of the host it will
 * meet; `spec`: that host's spec-routes.json; `contract`: the API's GET /contract.
 * `verify(candidate)`: checks the build working once its folder is in place, before anything
 * points at it (the CLI's smoke load: smoke.mjs), answering the problems found: any refuses the
 * release and the folder goes again. Without it, `verified` says whether the caller checked the
 * build otherwise (only a verified version is ever fallen back to). `origin`: where the remote's
 * releases are served (default: this shell's ports); it must be the one its pointer has.
 * Refuses (throws Refused) when the build does not fit or cannot be published; then nothing has
 * changed.
 */
export interface ReleaseOptions extends Where, Switch {
  /** the remote's build folder */
  from: string;
  /** the mf-manifest.json of the host it will meet (none for a staff app: it meets no host) */
  hostManifest?: Parameters<typeof sharedFit>[1];
  /** that host's spec-routes.json (none for a staff app) */
  spec?: SpecRoutesFile;
  /** the API's GET /contract */
  contract: Contract;
  apiOrigin: string;
  verify?: (candidate: Candidate) => Promise<string[]>;
  verified?: boolean;
  /** a canary's share of devices, in percent */
  canary?: number;
  /** the build's signature by its squad's key (core/signing.ts signBuild): refused without one, or by another key */
  signed?: SignatureFile;
  /** the squads and their keys (default: those trusted here, core/signing.ts keyRing) */
  keys?: KeyRing;
  /** the environment this build is promoted from, as promote.ts names it (its log note says so) */
  promotedFrom?: string;
  /** this environment takes only promoted builds (production: RELEASES_PROMOTED_ONLY=1); any other is refused, logged */
  promotedOnly?: boolean;
}

export async function release(options: ReleaseOptions) {
  const {
    from,
    hostManifest,
    spec,
    contract,
    apiOrigin,
    verify,
    verified = Boolean(verify),
    canary,
    signed,
    keys,
    promotedFrom,
    promotedOnly,
    by,
    note: asked,
    origin: _origin,
    now = new Date(),
    ...where
  } = options;
  const { app, apps, releasesDir } = where;
  const origin = options.origin ?? originOf(app);
  const note = promotedFrom ? [`promoted from ${promotedFrom}`, asked].filter(Boolean).join('; ') : asked;
  if (!verify && typeof verified !== 'boolean') throw new TypeError('release() needs `verify` or `verified`: whether the build was checked working');
  const info = readBuildJson<ReleaseInfo>(app, 'build', from, 'release.json');
  if (info.remote !== app.name) throw new Refused(`${from} is a build of ${info.remote}, not ${app.name}`);
  const id = `${info.version}-${buildHash(from)}`;
  if (!VERSION_DIR.test(id)) throw new Refused(`${id} is not a version a release can have (x.y.z in package.json)`);
  // who may release it: signed by the key of the squad that owns it, over these very files (refused once the origin is checked)
  const unsigned = signatureProblem(keys ?? keyRing(), from, app.name, info.version, signed);
  const dir = remoteDir(releasesDir, app);
  const target = path.join(dir, id);
  /** whether this release put the version folder in place (undefined: not yet); its smoke load's problems, once run */
  let placed: boolean | undefined;
  let failed: string[] | undefined;
  /** the origin was checked: a refusal from here on is logged */
  let logRefusal = false;
  try {
    return await switchOnce(where, async (state, stored) => {
      logRefusal = false;
      let pointer = refusing(() => withOrigin(app, stored, origin));
      logRefusal = true;
      if (promotedOnly && !promotedFrom)
        throw new Refused(
          `${app.dir}: this environment takes only what staging runs (RELEASES_PROMOTED_ONLY): release it to staging, then promote it (--promote-from)`,
        );
      if (unsigned) throw new Refused(unsigned);
      if (pointer.canary)
        throw new Refused(`${app.dir} has a canary running (${pointer.canary.id} on ${pointer.canary.share}% of devices): promote or abort it first`);
      // from the registry as read: the other remotes' routes are those current when this one goes live
      const published = readPublished(hostPublished(releasesDir));
      let problems: string[];
      if (isStaff(app)) {
        // its own page bundles what it takes of `shared` and its routes are its own: it meets no host (its staff calls are
        // not in the borrower API's catalogue: its smoke load signs nobody in, the API's own tests hold them)
        problems = [...callProblems(info, contract, apiOrigin), ...staffRouteProblems(info), ...staffApiProblems(info, apiPublicOrigin())];
      } else {
        if (!hostManifest || !spec) throw new Refused(`${app.dir} is composed into the host: its release needs the host's manifest and route table`);
        const others = otherParts({ app, apps, releasesDir, published, state });
        const otherRoutes = remotesOf(apps)
          .filter((a) => a.name !== app.name)
          .flatMap((a): readonly SpecRoute[] => others[a.name]?.entry.routes ?? spec.routes.filter((r) => r.remote === a.name));
        const shared = sharedFit(info, hostManifest);
        problems = [...shared.problems, ...callProblems(info, contract, apiOrigin), ...routeProblems(info, spec, otherRoutes)];
        if (placed === undefined) for (const note of shared.notes) console.log(`note: ${app.dir} ${info.version} ${note}`);
      }
      if (problems.length) throw new Refused(`${app.dir} ${info.version} does not fit what it would meet:\n  - ${problems.join('\n  - ')}`);
      placed ??= placeVersion(app, from, target, signed!);
      const before = pointer.current;
      const known = pointer.versions.find((v) => v.id === id);
      // the build borrowers run now, checked working when it went live: nothing to switch, nor to smoke-load again
      if (!placed && before === id && canary === undefined && known !== undefined && isVerified(known))
        return { pointer: stored, result: { id, before, published: false, pointer: stored } };
      // one smoke load however often the switch is decided again: the same build
      failed ??= verify ? await verify({ entry: manifestAt(originFor(app, pointer, published), id), version: id, routes: info.routes ?? [] }) : [];
      if (failed.length)
        throw new Refused(`${app.dir} ${id} failed its smoke load ${isStaff(app) ? 'on its own page' : 'in the composed app'}:\n  - ${failed.join('\n  - ')}`);
      // a staff app's page bundles its own platform: no version of it to meet (`-`)
      pointer = recordVersion(pointer, { id, version: info.version, shared: info.shared ?? '-', publishedAt: now.toISOString(), verified });
      pointer = refusing(() => (canary === undefined ? switchTo(pointer, id) : startCanary(pointer, id, canary)));
      if (pointer.current !== before || canary !== undefined)
        pointer = logged(
          pointer,
          { action: canary === undefined ? 'release' : 'canary', version: id, from: before, ...(canary !== undefined ? { share: canary } : {}), by, note },
          now,
        );
      return { pointer, result: { id, before, published: placed, pointer } };
    });
  } catch (e) {
    if (placed) fs.rmSync(target, { recursive: true, force: true });
    // the audit log keeps a refused release too: who tried what, and why it did not go live
    if (e instanceof Refused && logRefusal)
      await logOnly(where, (p) => logged(withOrigin(app, p, origin), { action: 'refused', version: id, from: p.current, by, note: e.message }, now));
    throw e;
  }
}

/** Ends `app`'s canary: `how` 'promote' (current for every device) or 'abort' (for none, never a fallback). */
export async function endCanaryRelease({ how, by, note, origin, now = new Date(), ...where }: Where & Switch & { how: 'promote' | 'abort' }) {
  return switchOnce(where, (_state, stored) => {
    const before = refusing(() => withOrigin(where.app, stored, origin ?? originOf(where.app)));
    const ended = refusing(() => endCanary(before, how, now));
    const canary = before.canary!; // endCanary refused a pointer without one
    const pointer = logged(ended, { action: how, version: canary.id, from: before.current, by, note }, now);
    return { pointer, result: { before: before.current, pointer, canary } };
  });
}

/** Back to version `to` (default: the last good one). `origin` as for release(). */
export async function rollback({ to, by, note, origin, now = new Date(), ...where }: Where & Switch & { to?: string }) {
  return switchOnce(where, (_state, stored) => {
    const before = refusing(() => withOrigin(where.app, stored, origin ?? originOf(where.app)));
    const back = refusing(() => rollBack(before, to, now));
    const pointer = logged(back, { action: 'rollback', version: back.current!, from: before.current, by, note }, now);
    return { pointer, result: { before: before.current, pointer } };
  });
}

/**
 * Marks `version` of `app` bad for `reason` (never a fallback again, as if rolled back); if it
 * is current, rolls back to the last good one. Published as a rollback is.
 */
export async function demoteRelease({
  version,
  reason,
  by = 'fallback reports',
  now = new Date(),
  ...where
}: Where & { version: string; reason: string; by?: string; now?: Date }) {
  return switchOnce(where, (_state, before) => {
    const demoted = refusing(() => demote(before, version, reason, now));
    const pointer = demoted === before ? before : logged(demoted, { action: 'demote', version, from: before.current, by, note: reason }, now);
    return { pointer, result: { before: before.current, pointer } };
  });
}

const day = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;

/** One switch of the log, as `releases` prints it. */
const logLine = (e: LogEntry) =>
  `  ${day(e.at)}  ${e.action.padEnd(8)} ${e.version}${e.share ? ` on ${e.share}% of devices` : ''}${e.from && e.from !== e.version ? ` (was ${e.from})` : ''}  by ${e.by ?? 'unknown'}${e.note ? `: ${e.note}` : ''}`;

/** The versions of a remote, oldest first, the current one marked, then the log of switches. */
export function describe(pointer: Pointer): string {
  if (!pointer.versions.length && !pointer.log?.length) return `${pointer.remote}: nothing released yet`;
  const versions = pointer.versions.map((v) => {
    const marks = [
      v.id === pointer.current && 'current',
      v.id === pointer.canary?.id && `canary on ${pointer.canary.share}% of devices`,
      v.id === pointer.lastGood && 'last good',
      !isVerified(v) && 'unverified',
      v.rolledBackAt && `rolled back ${day(v.rolledBackAt)}`,
      v.abortedAt && `canary aborted ${day(v.abortedAt)}`,
      v.demotedAt && `demoted ${day(v.demotedAt)}${v.demoteReason ? `: ${v.demoteReason}` : ''}`,
    ].filter(Boolean);
    return `${v.id === pointer.current ? '*' : ' '} ${v.id.padEnd(20)} ${day(v.publishedAt)}  shared ${v.shared}${marks.length ? `  (${marks.join(', ')})` : ''}`;
  });
  const log = pointer.log?.length ? ['', 'switches:', ...pointer.log.map(logLine)] : [];
  return [...versions, ...log].join('\n');
}
