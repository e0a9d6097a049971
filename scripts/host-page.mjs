/**
 * Publishing the remotes: remotes.json (remote name -> mf-manifest.json URL) and the host's
 * page with each remote's start-up files listed in it (host/src/boot/start-hints.js preloads
 * those of the route being opened). Both come from the same manifests, read over HTTP the way
 * any deployment would publish them; the host is never rebuilt for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from './serve-static.mjs';

const ASSETS_TAG = /<script id="remote-assets" type="application\/json">[^<]*<\/script>/;

/** The files a remote needs before its first screen: manifest, entry, and its routes module's own chunks. */
async function startupFiles(manifestUrl) {
  const res = await fetch(manifestUrl);
  if (!res.ok) throw new Error(`${manifestUrl}: HTTP ${res.status}`);
  const m = await res.json();
  const base = new URL('.', manifestUrl);
  const at = (f) => new URL(f, base).href;
  const routes = m.exposes.find((e) => e.name === 'routes');
  return [manifestUrl, at(m.metaData.remoteEntry.name), ...(routes?.assets.js.sync ?? []).map(at), ...(routes?.assets.css.sync ?? []).map(at)];
}

/**
 * The host's own start-up files, asked for by the page itself instead of after its entry has
 * run: its boot chunk and the modules it shares (its manifest lists exactly those it uses;
 * what only forms need is not among them). Same origin: no crossorigin, as its loader asks.
 */
function hostStartupHints(hostDist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(hostDist, 'mf-manifest.json'), 'utf8'));
  const boot = fs.readdirSync(hostDist).filter((f) => /^bootstrap\.[0-9a-f]{8}\.js$/.test(f));
  const js = [...boot, ...manifest.shared.flatMap((s) => s.assets.js.sync)];
  const css = manifest.shared.flatMap((s) => s.assets.css.sync);
  return [...js.map((f) => `<link rel="preload" as="script" href="${f}">`), ...css.map((f) => `<link rel="preload" as="style" href="${f}">`)].join('');
}

/** `remotes`: remote name -> manifest URL. A remote that cannot be read gets no hints (it still loads, or shows its retry screen). */
export async function publishHostPage(hostDist, remotes) {
  const files = {};
  for (const [name, url] of Object.entries(remotes)) {
    try {
      files[name] = await startupFiles(url);
    } catch (e) {
      console.warn(`no start-up hints for ${name}: ${e.message}`);
    }
  }
  const page = fs.readFileSync(path.join(hostDist, 'index.html'), 'utf8');
  // '<' escaped: the JSON sits inside a script element
  const json = JSON.stringify({ remotes, files }).replace(/</g, '\\u003c');
  const withHints = page
    .replace(ASSETS_TAG, `<script id="remote-assets" type="application/json">${json}</script>`)
    .replace('</head>', `${hostStartupHints(hostDist)}</head>`);
  return { indexHtml: withHints, remotesJson: remotes };
}

/**
 * Serves every front end's build on its own port, as if deployed separately: the remotes
 * first, then the host with remotes.json and its page published for them.
 */
export async function serveFrontEnds({ root, apps, distDir, apiOrigin, remotes }) {
  const dirOf = (app) => path.join(root, app.dir, distDir);
  for (const app of apps.filter((a) => a.name !== 'host')) await serveStatic({ dir: dirOf(app), port: app.port, apiOrigin });
  const host = apps.find((a) => a.name === 'host');
  const published = await publishHostPage(dirOf(host), remotes);
  await serveStatic({
    dir: dirOf(host),
    port: host.port,
    apiOrigin,
    overrides: { '/': published.indexHtml, '/index.html': published.indexHtml, '/remotes.json': published.remotesJson },
  });
}
