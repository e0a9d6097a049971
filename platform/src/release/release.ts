/**
 * Releasing a remote: publish a build as an immutable version, check it fits the host and the
 * API, switch the remote's pointer, and republish what the host's origin serves for it
 * (remotes.json and the host page). Rolling back (or demoting) switches the pointer only.
 * Each computes everything it will write first, then writes it all or nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PublishedRoute, RouteEntry, SpecRoute } from 'shared/routes';
import { apiPublicOrigin, originOf } from '../../../apps.config.mjs';
import { completeCopies } from '../core/compressed';
import { hostPageFiles, publishHostPage, readPublished, startupFiles, type MfManifest, type Published, type RemoteEntry } from '../core/host-page';
import type { ReleaseInfo, SpecRoutesFile } from '../core/published';
import { keyRing, SIGNATURE_FILE, signatureProblem, type KeyRing, type SignatureFile } from '../core/signing';
import {
  buildHash,
  demote,
  endCanary,
  hostPublished,
  isVerified,
  logged,
  pointerFiles,
  readPointer,
  recordVersion,
  remoteDir,
  rollBack,
  saveLog,
  startCanary,
  switchTo,
  VERSION_DIR,
  withLock,
  writeAll,
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

/** Where a change of a remote's pointer is published: the remotes, the releases folder, the host's build. */
interface Where {
  app: App;
  apps: readonly App[];
  releasesDir: string;
  hostDist: string;
}
/** Who switched, and why (the pointer's log). */
interface Switch {
  by?: string;
  note?: string;
  /** where the remote's releases are served (default: this shell's ports); it must be the one its pointer has */
  origin?: string;
  now?: Date;
}
/** A remote's part of the composition: its remotes.json entry, its start-up files and its screens' files by route path. */
interface Part {
  entry: RemoteEntry;
  files?: string[];
  screens?: Record<string, string[]>;
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

/** A remote's origin: its pointer's; for a pointer from before origins were stored, that of its last published entry (the shell's ports only when there is none). */
/** A pointer with a current version. */
const hasCurrent = (p: Pointer): p is Pointer & { current: string } => Boolean(p.current);

const originFor = (app: App, pointer: Pointer, published: Published): string =>
  pointer.origin ?? (published.remotes[app.name] && new URL(published.remotes[app.name].entry).origin) ?? originOf(app);

/**
 * A remote's part of the composition for `pointer`'s current version, read from `versionDir`:
 * its remotes.json entry (with the route table the version publishes, none for a build from
 * before remote-owned routes), its start-up files and its screens' files by route path. Refused
 * when the version cannot be read.
 */
function partOf(app: App, pointer: Pointer & { current: string }, origin: string, versionDir: string): Part {
  const manifestUrl = manifestAt(origin, pointer.current);
  const manifest = readBuildJson<MfManifest>(app, pointer.current, versionDir, 'mf-manifest.json');
  const info = readBuildJson<ReleaseInfo>(app, pointer.current, versionDir, 'release.json', { optional: true });
  const canary = pointer.canary && canaryOf(app, pointer.canary, origin, path.join(path.dirname(versionDir), pointer.canary.id));
  let files;
  try {
    files = startupFiles(manifest, manifestUrl);
  } catch (e) {
    throw new Refused(`${app.dir} ${pointer.current}: ${path.join(versionDir, 'mf-manifest.json')} is not a manifest (${(e as Error).message})`, { cause: e });
  }
  // each route's screen files (release.json's `screens`, by route name; none from a build from before them), by route path
  const screens = Object.fromEntries(
    (info?.routes ?? []).filter((r) => info?.screens?.[r.name]?.length).map((r) => [r.path, info!.screens![r.name].map((f) => new URL(f, manifestUrl).href)]),
  );
  const entry: RemoteEntry = {
    entry: manifestUrl,
    version: pointer.current,
    ...(pointer.lastGood ? { lastGood: { entry: manifestAt(origin, pointer.lastGood), version: pointer.lastGood } } : {}),
    ...(info?.routes ? { routes: composedRoutes(info.routes) } : {}),
    ...(canary ? { canary } : {}),
  };
  return { entry, files, screens };
}

/** a composed remote's published routes: its release refused any the host's router does not take (checks.ts routeProblems) */
const composedRoutes = (routes: readonly PublishedRoute[]) => routes as readonly SpecRoute[] as readonly RouteEntry[];

/** The canary's part of a remote's entry: the host serves it to `share` percent of devices (host/src/remotes/tracks.ts). */
function canaryOf(app: App, { id, share }: { id: string; share: number }, origin: string, versionDir: string): RemoteEntry['canary'] {
  readBuildJson(app, id, versionDir, 'mf-manifest.json'); // there and readable, or refused
  const info = readBuildJson<ReleaseInfo>(app, id, versionDir, 'release.json', { optional: true });
  return { entry: manifestAt(origin, id), version: id, share, ...(info?.routes ? { routes: composedRoutes(info.routes) } : {}) };
}

/**
 * The parts of every remote but `app`, from their current releases (a remote never released
 * has none). One whose release cannot be read keeps its part as last published (its start-up
 * files too when the page has them), with a warning: it must not block this release.
 */
function otherParts({ app, apps, releasesDir, published }: Omit<Where, 'hostDist'> & { published: Published }): Record<string, Part> {
  const parts: Record<string, Part> = {};
  for (const other of remotesOf(apps).filter((a) => a.name !== app.name)) {
    const dir = remoteDir(releasesDir, other);
    try {
      const pointer = readPointer(dir, other.name);
      if (hasCurrent(pointer)) parts[other.name] = partOf(other, pointer, originFor(other, pointer, published), path.join(dir, pointer.current));
    } catch (e) {
      const entry = published.remotes[other.name];
      console.warn(`warning: ${(e as Error).message}; ${other.dir} is published as it was${entry ? '' : ' (never published: left out)'}`);
      if (entry) parts[other.name] = { entry, files: published.files[other.name], screens: published.screens[other.name] };
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
  const ordered = remotesOf(apps).filter((a) => parts[a.name]);
  const remotes = Object.fromEntries(ordered.map((a) => [a.name, parts[a.name].entry]));
  const files = Object.fromEntries(ordered.filter((a) => parts[a.name].files).map((a) => [a.name, parts[a.name].files!]));
  const screens = Object.fromEntries(ordered.filter((a) => parts[a.name].screens).map((a) => [a.name, parts[a.name].screens!]));
  return [...pointerFiles(dir, pointer), ...hostPageFiles({ hostDist, outDir: hostPublished(releasesDir), remotes, files, screens })];
}

/** Publishes `app`'s new `pointer` (from `before`) and the composition with it, all or nothing. */
function repoint({ app, apps, releasesDir, hostDist, before, pointer }: Where & { before: Pointer; pointer: Pointer }) {
  if (pointer === before) return { before: before.current, pointer };
  if (isStaff(app)) {
    writeAll(pointerFiles(remoteDir(releasesDir, app), pointer));
    return { before: before.current, pointer };
  }
  const published = readPublished(hostPublished(releasesDir));
  const others = otherParts({ app, apps, releasesDir, published });
  publishHostPage(publication({ app, apps, releasesDir, hostDist, pointer, published, others }), hostPublished(releasesDir));
  return { before: before.current, pointer };
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
}

export async function release({
  app,
  apps,
  from,
  releasesDir,
  hostDist,
  hostManifest,
  spec,
  contract,
  apiOrigin,
  verify,
  verified = Boolean(verify),
  canary,
  signed,
  keys,
  by,
  note,
  origin = originOf(app),
  now = new Date(),
}: ReleaseOptions) {
  if (!verify && typeof verified !== 'boolean') throw new TypeError('release() needs `verify` or `verified`: whether the build was checked working');
  const info = readBuildJson<ReleaseInfo>(app, 'build', from, 'release.json');
  if (info.remote !== app.name) throw new Refused(`${from} is a build of ${info.remote}, not ${app.name}`);
  const id = `${info.version}-${buildHash(from)}`;
  if (!VERSION_DIR.test(id)) throw new Refused(`${id} is not a version a release can have (x.y.z in package.json)`);
  return withLock(releasesDir, async () => {
    const dir = remoteDir(releasesDir, app);
    let pointer = refusing(() => withOrigin(app, readPointer(dir, app.name), origin));
    const onDisk = pointer;
    try {
      // who may release it: signed by the key of the squad that owns it, over these very files
      const unsigned = signatureProblem(keys ?? keyRing(), from, app.name, info.version, signed);
      if (unsigned) throw new Refused(unsigned);
      if (pointer.canary)
        throw new Refused(`${app.dir} has a canary running (${pointer.canary.id} on ${pointer.canary.share}% of devices): promote or abort it first`);
      // under the lock: the other remotes' routes are those current when this one goes live
      const published = readPublished(hostPublished(releasesDir));
      let others: Record<string, Part> = {};
      let problems: string[];
      if (isStaff(app)) {
        // its own page bundles what it takes of `shared` and its routes are its own: it meets no host (its staff calls are
        // not in the borrower API's catalogue: its smoke load signs nobody in, the API's own tests hold them)
        problems = [...callProblems(info, contract, apiOrigin), ...staffRouteProblems(info), ...staffApiProblems(info, apiPublicOrigin())];
      } else {
        if (!hostManifest || !spec) throw new Refused(`${app.dir} is composed into the host: its release needs the host's manifest and route table`);
        others = otherParts({ app, apps, releasesDir, published });
        const otherRoutes = remotesOf(apps)
          .filter((a) => a.name !== app.name)
          .flatMap((a): readonly SpecRoute[] => others[a.name]?.entry.routes ?? spec.routes.filter((r) => r.remote === a.name));
        const shared = sharedFit(info, hostManifest);
        problems = [...shared.problems, ...callProblems(info, contract, apiOrigin), ...routeProblems(info, spec, otherRoutes)];
        for (const note of shared.notes) console.log(`note: ${app.dir} ${info.version} ${note}`);
      }
      if (problems.length) throw new Refused(`${app.dir} ${info.version} does not fit what it would meet:\n  - ${problems.join('\n  - ')}`);
      const target = path.join(dir, id);
      const inPlace = fs.existsSync(target);
      const before = pointer.current;
      const known = pointer.versions.find((v) => v.id === id);
      // the build borrowers run now, checked working when it went live: nothing to switch, nor to smoke-load again
      const alreadyCurrent = inPlace && before === id && canary === undefined && known !== undefined && isVerified(known);
      if (!inPlace) {
        // copied beside, then renamed into place: a version folder appears whole or not at all;
        // served from there, nothing points at it until the pointers below are written
        const tmp = `${target}.${process.pid}.tmp`;
        fs.cpSync(from, tmp, { recursive: true });
        // published with it: what the host checks the version's files against before running them
        fs.writeFileSync(path.join(tmp, SIGNATURE_FILE), JSON.stringify(signed));
        // every text file with its compressed copies, as the servers send them (a build makes them; one from elsewhere may not)
        completeCopies(tmp);
        fs.renameSync(tmp, target);
      }
      try {
        const failed: string[] =
          verify && !alreadyCurrent ? await verify({ entry: manifestAt(originFor(app, pointer, published), id), version: id, routes: info.routes ?? [] }) : [];
        if (failed.length)
          throw new Refused(
            `${app.dir} ${id} failed its smoke load ${isStaff(app) ? 'on its own page' : 'in the composed app'}:\n  - ${failed.join('\n  - ')}`,
          );
        // a staff app's page bundles its own platform: no version of it to meet (`-`)
        pointer = recordVersion(pointer, { id, version: info.version, shared: info.shared ?? '-', publishedAt: now.toISOString(), verified });
        pointer = refusing(() => (canary === undefined ? switchTo(pointer, id) : startCanary(pointer, id, canary)));
        if (pointer.current !== before || canary !== undefined)
          pointer = logged(
            pointer,
            { action: canary === undefined ? 'release' : 'canary', version: id, from: before, ...(canary !== undefined ? { share: canary } : {}), by, note },
            now,
          );
        if (isStaff(app)) writeAll(pointerFiles(dir, pointer));
        else publishHostPage(publication({ app, apps, releasesDir, hostDist, pointer, published, others }), hostPublished(releasesDir));
      } catch (e) {
        if (!inPlace) fs.rmSync(target, { recursive: true, force: true });
        throw e;
      }
      return { id, before, published: !inPlace, pointer };
    } catch (e) {
      // the audit log keeps a refused release too: who tried what, and why it did not go live
      if (e instanceof Refused) saveLog(dir, logged(onDisk, { action: 'refused', version: id, from: onDisk.current, by, note: e.message }, now));
      throw e;
    }
  });
}

/** Ends `app`'s canary: `how` 'promote' (current for every device) or 'abort' (for none, never a fallback). */
export async function endCanaryRelease({
  app,
  apps,
  releasesDir,
  hostDist,
  how,
  by,
  note,
  origin = originOf(app),
  now = new Date(),
}: Where & Switch & { how: 'promote' | 'abort' }) {
  return withLock(releasesDir, async () => {
    const before = refusing(() => withOrigin(app, readPointer(remoteDir(releasesDir, app), app.name), origin));
    const ended = refusing(() => endCanary(before, how, now));
    const canary = before.canary!; // endCanary refused a pointer without one
    const pointer = logged(ended, { action: how, version: canary.id, from: before.current, by, note }, now);
    return { ...repoint({ app, apps, releasesDir, hostDist, before, pointer }), canary };
  });
}

/** Back to version `to` (default: the last good one). `origin` as for release(). */
export async function rollback({ app, apps, to, releasesDir, hostDist, by, note, origin = originOf(app), now = new Date() }: Where & Switch & { to?: string }) {
  return withLock(releasesDir, async () => {
    const before = refusing(() => withOrigin(app, readPointer(remoteDir(releasesDir, app), app.name), origin));
    const back = refusing(() => rollBack(before, to, now));
    const pointer = logged(back, { action: 'rollback', version: back.current!, from: before.current, by, note }, now);
    return repoint({ app, apps, releasesDir, hostDist, before, pointer });
  });
}

/**
 * Marks `version` of `app` bad for `reason` (never a fallback again, as if rolled back); if it
 * is current, rolls back to the last good one. Published as a rollback is.
 */
export async function demoteRelease({
  app,
  apps,
  releasesDir,
  hostDist,
  version,
  reason,
  by = 'fallback reports',
  now = new Date(),
}: Where & { version: string; reason: string; by?: string; now?: Date }) {
  return withLock(releasesDir, async () => {
    const before = refusing(() => readPointer(remoteDir(releasesDir, app), app.name));
    const demoted = refusing(() => demote(before, version, reason, now));
    const pointer = demoted === before ? before : logged(demoted, { action: 'demote', version, from: before.current, by, note: reason }, now);
    return repoint({ app, apps, releasesDir, hostDist, before, pointer });
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
