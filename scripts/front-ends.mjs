/**
 * The front ends as deployed: each remote's releases folder served on its own port (as a CDN
 * would serve a bucket), and the host's build on its port with what is published for the
 * remotes (remotes.json, its page). `releaseBuilds` releases the remotes' fresh builds first,
 * with the same checks as a squad's `npm run release`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HOST_PUBLISHED } from './host-page.mjs';
import { fetchJson } from './release/checks.mjs';
import { hostPublished, publishComposition, release } from './release/release.mjs';
import { serveStatic } from './serve-static.mjs';

const hostOf = (apps) => apps.find((a) => a.name === 'host');

/** Releases every remote's build in `distDir` (a build already published is only made current). */
export async function releaseBuilds({ root, apps, distDir, releasesDir, apiOrigin }) {
  const hostDist = path.join(root, hostOf(apps).dir, distDir);
  const hostManifest = JSON.parse(fs.readFileSync(path.join(hostDist, 'mf-manifest.json'), 'utf8'));
  const contract = await fetchJson(`${apiOrigin}/contract`, 'the API');
  for (const app of apps.filter((a) => a.name !== 'host')) {
    const r = await release({ app, apps, from: path.join(root, app.dir, distDir), releasesDir, hostDist, hostManifest, contract, apiOrigin });
    if (r.before !== r.id) console.log(`  ${app.dir}: ${r.before ?? 'nothing'} -> ${r.id}`);
  }
  publishComposition({ apps, releasesDir, hostDist });
}

export async function serveFrontEnds({ root, apps, distDir, releasesDir, apiOrigin }) {
  for (const app of apps.filter((a) => a.name !== 'host')) await serveStatic({ dir: path.join(releasesDir, app.dir), port: app.port, apiOrigin });
  const host = hostOf(apps);
  const published = hostPublished(releasesDir);
  const files = Object.fromEntries(HOST_PUBLISHED.map((f) => [`/${f}`, path.join(published, f)]));
  await serveStatic({ dir: path.join(root, host.dir, distDir), port: host.port, apiOrigin, overrides: { '/': files['/index.html'], ...files } });
}
