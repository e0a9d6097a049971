/**
 * One CI runner of registry.test.ts's race: from its own checkout (a folder of its own builds), it releases remotes
 * into one releases folder (the bucket) against the registry of its environment (RELEASES_DB_URL: PostgreSQL), each
 * release held in its smoke-load window a random while, so the runners' switches overlap.
 *   node --import tsx race-runner.ts CHECKOUT BUCKET HOST_DIST START_FILE REMOTE...
 * Says it is ready (START_FILE.<checkout's name>), starts once START_FILE exists; prints one JSON line per release.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../core/store';
import type { SpecRoutesFile } from '../core/published';
import type { RouteEntry } from 'shared/routes';
import { openRegistry, type Registry } from '../core/registry';
import { signBuild, signingKey } from '../core/signing';
import { release } from './release';

export const RACE_APPS: App[] = [
  { dir: 'host', name: 'host', port: 3100 },
  { dir: 'mf-loan', name: 'mf_loan', port: 3102 },
  { dir: 'mf-repay', name: 'mf_repay', port: 3103 },
];
const route = (remote: string) => ({ name: `${remote}Home`, path: `/${remote}`, remote }) as RouteEntry;

/** A host build the composition is published from, in `root`. */
export function hostDistIn(root: string) {
  const hostDist = path.join(root, 'host-dist');
  fs.mkdirSync(hostDist, { recursive: true });
  fs.writeFileSync(path.join(hostDist, 'index.html'), '<html><head><script id="remote-assets" type="application/json">{}</script></head></html>');
  fs.writeFileSync(path.join(hostDist, 'host-shares.json'), '[]');
  const shared = [{ name: 'shared', version: '1.0.0', assets: { js: { sync: [] }, css: { sync: [] } } }];
  fs.writeFileSync(path.join(hostDist, 'mf-manifest.json'), JSON.stringify({ shared }));
  return hostDist;
}

/** A build of `app` in `checkout`, its code `code` (the same code: the same build). */
export function buildIn(checkout: string, app: App, code: string) {
  const from = fs.mkdtempSync(path.join(checkout, `${app.dir}-build-`));
  const js = `routes.${code.replace(/\W/g, '-')}.js`;
  fs.writeFileSync(path.join(from, js), `/* ${app.name}: ${code} */`);
  const manifest = {
    shared: [{ name: 'shared', version: '1.0.0' }],
    metaData: { remoteEntry: { name: 'remoteEntry.js' } },
    exposes: [{ name: 'routes', assets: { js: { sync: [js] }, css: { sync: [] } } }],
  };
  fs.writeFileSync(path.join(from, 'mf-manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(
    path.join(from, 'release.json'),
    JSON.stringify({ remote: app.name, version: '1.0.0', shared: '1.0.0', calls: [], routes: [route(app.name)] }),
  );
  return from;
}

/** the signature of the build `from` of `app` by its squad's development key, as the release command makes it */
export const signedBy = (app: App, from: string) => signBuild(from, app.name, signingKey(app.name));

const spec: SpecRoutesFile = { routes: RACE_APPS.filter((a) => a.name !== 'host').map((a) => route(a.name)), redirects: [] };

/** what a release of `app` into `releasesDir` takes here but its build: the composition, the spec, the API's contract (never asked) */
export const raceRelease = (app: App, registry: Registry, releasesDir: string, hostDist: string) => ({
  app,
  apps: RACE_APPS,
  registry,
  releasesDir,
  hostDist,
  hostManifest: { shared: [{ name: 'shared', version: '1.0.0' }] },
  spec,
  contract: { fingerprint: 'f', endpoints: [] },
  apiOrigin: 'http://api',
});

async function main() {
  const [checkout, bucket, hostDist, startFile, ...remotes] = process.argv.slice(2);
  fs.writeFileSync(`${startFile}.${path.basename(checkout)}`, ''); // ready
  while (!fs.existsSync(startFile)) await new Promise((r) => setTimeout(r, 20));
  const registry = openRegistry(bucket, RACE_APPS);
  try {
    for (const [i, dir] of remotes.entries()) {
      const app = RACE_APPS.find((a) => a.dir === dir)!;
      const from = buildIn(checkout, app, `${path.basename(checkout)} ${i}`);
      const r = await release({
        ...raceRelease(app, registry, bucket, hostDist),
        from,
        signed: signedBy(app, from),
        // a smoke load's while: the other runner switches meanwhile
        verify: () => new Promise((r) => setTimeout(() => r([]), 20 + Math.random() * 120)),
        by: path.basename(checkout),
      });
      console.log(JSON.stringify({ remote: app.name, id: r.id, before: r.before }));
    }
  } finally {
    await registry.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
