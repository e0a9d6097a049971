/**
 * The front ends as deployed: each remote's releases folder served on its own port (as a CDN
 * would serve a bucket), and the host's build on its port with what is published for the
 * remotes (remotes.json, its page); the staff apps' releases folders on theirs (the operations
 * console: its own page, no host). `releaseBuilds` releases the remotes' fresh builds first,
 * with the same checks as a squad's `npm run release`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, API_PORT, DIST_DIR, RELEASES_DIR, STAFF_APPS, originOf } from '../../../apps.config.mjs';
import { HOST_PUBLISHED, type MfManifest } from '../core/host-page';
import { pageAnswer, RENDER_EVERY_S } from '../core/pages';
import { fetchJson, SPEC_ROUTES_FILE, type SpecRoutesFile } from '../core/published';
import { hostPublished, type App } from '../core/store';
import { signBuild, signingKey } from '../core/signing';
import { republishPages } from '../prerender/publish';
import { release } from '../release/release';
import type { Contract } from '../release/checks';
import { serveStatic } from './serve-static';

const hostOf = (apps: readonly App[]) => apps.find((a) => a.name === 'host')!;

/** The front ends of a stack: the repository, its apps, their build folder, the releases folder, the API. */
export interface FrontEnds {
  root: string;
  apps: readonly App[];
  /** served alone on their origins, never composed (apps.config.mjs STAFF_APPS) */
  staffApps: readonly App[];
  distDir: string;
  releasesDir: string;
  apiOrigin: string;
}

/** The local stack's front ends (apps.config.mjs and the environment), against the API at `apiOrigin`. */
export function localFrontEnds(apiOrigin: string): FrontEnds {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  return { root, apps: APPS, staffApps: STAFF_APPS, distDir: DIST_DIR, releasesDir: path.resolve(root, RELEASES_DIR), apiOrigin };
}

/**
 * Releases every remote's build in `distDir` (a build already published is only made current); each release republishes the
 * host's files. `origin`: where each app's releases are served (default: this shell's, apps.config.mjs originOf).
 */
export async function releaseBuilds(
  { root, apps, staffApps, distDir, releasesDir, apiOrigin }: FrontEnds,
  { origin = (app: App) => originOf(app) }: { origin?: (app: App) => string } = {},
) {
  const hostDist = path.join(root, hostOf(apps).dir, distDir);
  const read = (f: string) => JSON.parse(fs.readFileSync(path.join(hostDist, f), 'utf8'));
  const hostManifest: MfManifest = read('mf-manifest.json');
  const spec: SpecRoutesFile = read(SPEC_ROUTES_FILE);
  const contract = await fetchJson<Contract>(`${apiOrigin}/contract`, 'the API');
  for (const app of [...apps.filter((a) => a.name !== 'host'), ...staffApps]) {
    // verified: the working tree's fresh builds, which the test command's own suite (unit, e2e) verifies
    const from = path.join(root, app.dir, distDir);
    const r = await release({
      app,
      apps,
      from,
      releasesDir,
      hostDist,
      ...(app.staff ? {} : { hostManifest, spec }),
      contract,
      apiOrigin,
      verified: true,
      // the working tree's key: its squad's development key, or RELEASE_KEY (core/signing.ts)
      signed: signBuild(from, app.name, signingKey(app.name)),
      by: 'start-up (the working tree)',
      origin: origin(app),
    });
    if (r.before !== r.id) console.log(`  ${app.dir}: ${r.before ?? 'nothing'} -> ${r.id}`);
  }
}

/** Answers the servers (to close them). */
export async function serveFrontEnds({ root, apps, staffApps, distDir, releasesDir, apiOrigin }: FrontEnds): Promise<import('node:http').Server[]> {
  const servers = [];
  for (const app of [...apps.filter((a) => a.name !== 'host'), ...staffApps])
    servers.push(await serveStatic({ dir: path.join(releasesDir, app.dir), port: app.port, apiOrigin }));
  const host = hostOf(apps);
  const published = hostPublished(releasesDir);
  const files = Object.fromEntries(HOST_PUBLISHED.map((f) => [`/${f}`, path.join(published, f)]));
  servers.push(
    await serveStatic({
      dir: path.join(root, host.dir, distDir),
      port: host.port,
      apiOrigin,
      // the pre-rendered entry pages at their addresses (home at `/`) while published, else the host's published page
      overrides: (urlPath, query) => pageAnswer(published, urlPath, query) ?? (urlPath === '/' ? files['/index.html'] : files[urlPath]),
      servesHost: true,
    }),
  );
  return servers;
}

/**
 * Renders the entry pages from the served host, then again every PRERENDER_EVERY seconds (default
 * RENDER_EVERY_S; 0: once), keeping their inlined answers under the bound (core/pages.ts). The first render failing
 * throws (a stack whose pages cannot render is not one to call running: its browser cannot load it either); a later
 * one only warns, the pages published before staying within their bound.
 */
export async function keepPagesRendered({ apps, releasesDir }: FrontEnds) {
  const hostOrigin = originOf(hostOf(apps)); // the origin the remotes' CORS and the policy name
  const publishedDir = hostPublished(releasesDir);
  if (process.env.PRERENDER !== '0' && !(await republishPages({ hostOrigin, publishedDir })))
    throw new Error(`the entry pages could not be rendered from ${hostOrigin} (the warning above says why): the front ends are not ready`);
  const every = Number(process.env.PRERENDER_EVERY ?? RENDER_EVERY_S);
  if (every > 0) setInterval(() => void republishPages({ hostOrigin, publishedDir }), every * 1000).unref();
}

// node --import tsx platform/src/stack/front-ends.ts: the built front ends alone, released and served against a
// running API (API_PORT); ports, DIST_DIR and RELEASES_DIR as for start.ts
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const front = localFrontEnds(`http://127.0.0.1:${API_PORT}`);
  try {
    await releaseBuilds(front);
    await serveFrontEnds(front);
    await keepPagesRendered(front);
    console.log(`front ends ready: http://localhost:${hostOf(APPS).port}/`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
