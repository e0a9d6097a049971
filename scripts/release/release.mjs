/**
 * Releasing a remote: publish a build as an immutable version, check it fits the host and the
 * API, switch the remote's pointer, and republish what the host's origin serves for it
 * (remotes.json and the host page). Rolling back switches the pointer only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { originOf } from '../../apps.config.mjs';
import { publishHostPage } from '../host-page.mjs';
import { callProblems, routeProblems, sharedProblems } from './checks.mjs';
import { buildHash, readPointer, remoteDir, rollBack, savePointer, switchTo, VERSION_DIR, withLock } from './store.mjs';

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

export class Refused extends Error {}

/** Where the host's origin keeps what it publishes for the remotes (served at its root). */
export const hostPublished = (releasesDir) => path.join(releasesDir, 'host');

/** The route table a version publishes (release.json), none for a build older than remote-owned routes. */
function routesOfVersion(versionDir) {
  const file = path.join(versionDir, 'release.json');
  return fs.existsSync(file) ? readJson(file).routes : undefined;
}

/** The routes the current releases of every remote but `app` serve (the spec's for one that publishes none). */
function otherRoutes({ app, apps, releasesDir, spec }) {
  return apps
    .filter((a) => a.name !== 'host' && a.name !== app.name)
    .flatMap((a) => {
      const p = readPointer(remoteDir(releasesDir, a), a.name);
      return (p.current && routesOfVersion(path.join(remoteDir(releasesDir, a), p.current))) || spec.routes.filter((r) => r.remote === a.name);
    });
}

/** remotes.json and the host page for every remote's current version, with the route table it publishes. */
export function publishComposition({ apps, releasesDir, hostDist }) {
  const remotes = {};
  for (const app of apps.filter((a) => a.name !== 'host')) {
    const dir = remoteDir(releasesDir, app);
    const p = readPointer(dir, app.name);
    if (!p.current) continue; // never released: its routes show the retry screen
    const at = (id) => `${originOf(app)}/${id}/mf-manifest.json`;
    const routes = routesOfVersion(path.join(dir, p.current));
    remotes[app.name] = {
      entry: at(p.current),
      version: p.current,
      ...(p.lastGood ? { lastGood: { entry: at(p.lastGood), version: p.lastGood } } : {}),
      ...(routes ? { routes } : {}),
      dir: path.join(dir, p.current),
    };
  }
  publishHostPage({ hostDist, outDir: hostPublished(releasesDir), remotes });
}

/**
 * `from`: the remote's build folder. `hostManifest`: the mf-manifest.json of the host it will
 * meet; `spec`: that host's spec-routes.json; `contract`: the API's GET /contract. Refuses
 * (throws Refused) when the build does not fit.
 */
export async function release({ app, apps, from, releasesDir, hostDist, hostManifest, spec, contract, apiOrigin, now = new Date() }) {
  const manifest = readJson(path.join(from, 'mf-manifest.json'));
  const info = readJson(path.join(from, 'release.json'));
  if (info.remote !== app.name) throw new Refused(`${from} is a build of ${info.remote}, not ${app.name}`);
  const id = `${info.version}-${buildHash(from)}`;
  if (!VERSION_DIR.test(id)) throw new Refused(`${id} is not a version a release can have (x.y.z in package.json)`);
  return withLock(releasesDir, async () => {
    // under the lock: the other remotes' routes are those current when this one goes live
    const problems = [
      ...sharedProblems(manifest, hostManifest),
      ...callProblems(info, contract, apiOrigin),
      ...routeProblems(info, spec, otherRoutes({ app, apps, releasesDir, spec })),
    ];
    if (problems.length) throw new Refused(`${app.dir} ${info.version} does not fit what it would meet:\n  - ${problems.join('\n  - ')}`);
    const dir = remoteDir(releasesDir, app);
    const target = path.join(dir, id);
    let pointer = readPointer(dir, app.name);
    const published = fs.existsSync(target);
    if (!published) {
      // copied beside, then renamed into place: a version folder appears whole or not at all
      const tmp = `${target}.${process.pid}.tmp`;
      fs.cpSync(from, tmp, { recursive: true });
      fs.renameSync(tmp, target);
      pointer = { ...pointer, versions: [...pointer.versions, { id, version: info.version, shared: info.shared, publishedAt: now.toISOString() }] };
    }
    const before = pointer.current;
    pointer = switchTo(pointer, id);
    savePointer(dir, pointer);
    publishComposition({ apps, releasesDir, hostDist });
    return { id, before, published: !published, pointer };
  });
}

export async function rollback({ app, apps, to, releasesDir, hostDist, now = new Date() }) {
  return withLock(releasesDir, async () => {
    const dir = remoteDir(releasesDir, app);
    const before = readPointer(dir, app.name);
    let pointer;
    try {
      pointer = rollBack(before, to, now);
    } catch (e) {
      throw new Refused(e.message);
    }
    savePointer(dir, pointer);
    publishComposition({ apps, releasesDir, hostDist });
    return { before: before.current, pointer };
  });
}

/** The versions of a remote, oldest first, the current one marked. */
export function describe(pointer) {
  if (!pointer.versions.length) return `${pointer.remote}: nothing released yet`;
  const day = (iso) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;
  return pointer.versions
    .map((v) => {
      const marks = [
        v.id === pointer.current && 'current',
        v.id === pointer.lastGood && 'last good',
        v.rolledBackAt && `rolled back ${day(v.rolledBackAt)}`,
      ].filter(Boolean);
      return `${v.id === pointer.current ? '*' : ' '} ${v.id.padEnd(20)} ${day(v.publishedAt)}  shared ${v.shared}${marks.length ? `  (${marks.join(', ')})` : ''}`;
    })
    .join('\n');
}
