/**
 * For the tests of how the entry pages are published and served: a host build, its page published
 * as a release publishes it (core/host-page.ts), and pages assembled from it as render.ts
 * assembles them (the gate, the data blocks, inline styles and style attributes), published as
 * publish.ts publishes them. No browser: the screens are made-up markup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hostPageFiles, publishHostPage } from '../core/host-page';
import { LANGUAGES, pageAddresses, pageFile, pageUrl } from '../core/pages';
import { publishPages } from './publish';
import { assemble, type RenderedPage } from './render';

const ROUTES = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/user/login' },
];
const HOST_PAGE =
  '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>LoanMarket</title>' +
  '<script id="remote-assets" type="application/json">{}</script><script>window.hints = 1</script><style>#boot{display:grid}</style></head>' +
  '<body><div id="root"><div id="boot" role="status">…</div></div><script defer src="main.0123abcd.js"></script></body></html>';

/** The host's build in `root`/host/dist and its published folder, `root`/releases/host. */
/** A host build and its published folder, as the fixtures lay them out. */
export interface HostFixture {
  hostDist: string;
  releasesDir: string;
  publishedDir: string;
}

export function hostFixture(root: string): HostFixture {
  const hostDist = path.join(root, 'host/dist');
  fs.mkdirSync(hostDist, { recursive: true });
  fs.writeFileSync(path.join(hostDist, 'index.html'), HOST_PAGE);
  fs.writeFileSync(path.join(hostDist, 'mf-manifest.json'), JSON.stringify({ shared: [] }));
  fs.writeFileSync(path.join(hostDist, 'host-shares.json'), '[]');
  return { hostDist, releasesDir: path.join(root, 'releases'), publishedDir: path.join(root, 'releases/host') };
}

/** Publishes the host's page for mf_loan's `version` (a release of it); answers the page. */
export function releaseFixture({ hostDist, publishedDir }: HostFixture, version: string): string {
  const remotes = { mf_loan: { entry: `http://127.0.0.1:1/${version}/mf-manifest.json`, version } };
  publishHostPage(hostPageFiles({ hostDist, outDir: publishedDir, remotes, files: {} }), publishedDir);
  return fs.readFileSync(path.join(publishedDir, 'index.html'), 'utf8');
}

/** Home and login in both languages assembled from `hostPage` (default: the published one), rendered at `renderedAt`. */
export function pagesFixture(
  { publishedDir }: HostFixture,
  { renderedAt, hostPage = fs.readFileSync(path.join(publishedDir, 'index.html'), 'utf8') }: { renderedAt: number; hostPage?: string },
): { hostPage: string; pages: RenderedPage[] } {
  const addresses = pageAddresses(ROUTES);
  const pages = LANGUAGES.flatMap((lang) =>
    ROUTES.map((route) => {
      const rendered = {
        html: `<main class="page" style="gap:${route.name === 'home' ? 12 : 8}px"><h1>${route.name} ${lang}</h1><a href="#/">home</a></main>`,
        answers: { 'marketIndex|{}': { loggedIn: false, at: renderedAt } },
        styles: [{ href: '/225.b5f16ddc.css', css: '.page{color:#123}' }],
      };
      const html = assemble({ hostPage, route, lang, rendered, addresses, renderedAt });
      return { route: route.name, lang, url: pageUrl(route, lang), file: pageFile(route.name, lang), html, renderedAt };
    }),
  );
  return { hostPage, pages };
}

/** Renders and publishes them (publish.ts); answers the pages. */
export async function renderFixture(host: HostFixture, opts: { renderedAt: number; hostPage?: string }): Promise<RenderedPage[]> {
  const { hostPage, pages } = pagesFixture(host, opts);
  await publishPages({ publishedDir: host.publishedDir, hostPage, pages });
  return pages;
}
