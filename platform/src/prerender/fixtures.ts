/**
 * For the tests of how the entry pages are published and served: a host build, its page published
 * as a release publishes it (scripts/host-page.mjs), and pages assembled from it as render.mjs
 * assembles them (the gate, the data blocks, inline styles and style attributes), published as
 * publish.mjs publishes them. No browser: the screens are made-up markup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hostPageFiles, publishHostPage } from '../host-page.mjs';
import { LANGUAGES, pageAddresses, pageFile, pageUrl } from './pages.mjs';
import { publishPages } from './publish.mjs';
import { assemble } from './render.mjs';

const ROUTES = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/user/login' },
];
const HOST_PAGE =
  '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>LoanMarket</title>' +
  '<script id="remote-assets" type="application/json">{}</script><script>window.hints = 1</script><style>#boot{display:grid}</style></head>' +
  '<body><div id="root"><div id="boot" role="status">…</div></div><script defer src="main.0123abcd.js"></script></body></html>';

/** The host's build in `root`/host/dist and its published folder, `root`/releases/host. */
export function hostFixture(root) {
  const hostDist = path.join(root, 'host/dist');
  fs.mkdirSync(hostDist, { recursive: true });
  fs.writeFileSync(path.join(hostDist, 'index.html'), HOST_PAGE);
  fs.writeFileSync(path.join(hostDist, 'mf-manifest.json'), JSON.stringify({ shared: [] }));
  fs.writeFileSync(path.join(hostDist, 'host-shares.json'), '[]');
  return { hostDist, releasesDir: path.join(root, 'releases'), publishedDir: path.join(root, 'releases/host') };
}

/** Publishes the host's page for mf_loan's `version` (a release of it); answers the page. */
export function releaseFixture({ hostDist, publishedDir }, version) {
  const remotes = { mf_loan: { entry: `http://127.0.0.1:1/${version}/mf-manifest.json`, version } };
  publishHostPage(hostPageFiles({ hostDist, outDir: publishedDir, remotes, files: {} }), publishedDir);
  return fs.readFileSync(path.join(publishedDir, 'index.html'), 'utf8');
}

/** Home and login in both languages assembled from `hostPage` (default: the published one), rendered at `renderedAt`. */
export function pagesFixture({ publishedDir }, { renderedAt, hostPage = fs.readFileSync(path.join(publishedDir, 'index.html'), 'utf8') }) {
  const addresses = pageAddresses(ROUTES);
  const pages = LANGUAGES.flatMap((lang) =>
    ROUTES.map((route) => {
      const rendered = {
        html: `<main class="page" style="gap:${route.name === 'home' ? 12 : 8}px"><h1>${route.name} ${lang}</h1><a href="#/">home</a></main>`,
        answers: { 'marketIndex|{}': { loggedIn: false, at: renderedAt } },
        styles: [`<style>.page{color:#123}</style>`],
      };
      const html = assemble({ hostPage, route, lang, rendered, addresses, renderedAt });
      return { route: route.name, lang, url: pageUrl(route, lang), file: pageFile(route.name, lang), html, renderedAt };
    }),
  );
  return { hostPage, pages };
}

/** Renders and publishes them (publish.mjs); answers the pages. */
export async function renderFixture(host, opts) {
  const { hostPage, pages } = pagesFixture(host, opts);
  await publishPages({ publishedDir: host.publishedDir, hostPage, pages });
  return pages;
}
