/**
 * The pre-rendered entry pages (issue 26): the screens borrowers land on from outside, each
 * rendered to HTML in English and in Urdu with the public answers it shows inlined
 * (render.mjs), served at a real address (pageUrl) so a link to one works before any script runs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** by route name (shared/src/routes/spec.ts): home, the fee calculator, the promotion pages, login */
export const PAGE_ROUTES = ['home', 'mortgageCalculator', 'yx1', 'yx2', 'yx3', 'login'];
export const LANGUAGES = ['en', 'ur'];

/**
 * How old a page's inlined answers may be when it is hydrated: older, the phone renders the app
 * itself (as without a pre-rendered page). Pages are rendered again at every release, rollback and
 * demotion, and every PRERENDER_EVERY seconds by the local stack or `npm run prerender -- --every`.
 */
export const MAX_AGE_MS = 30 * 60_000;
/** the default of `--every` and of the local stack's re-render */
export const RENDER_EVERY_S = 600;

/** Under the host's published folder (releases/host). */
export const PAGES_DIR = 'pages';
export const PAGES_INDEX = 'pages.json';

/**
 * The address of a route's page in `lang`: one path segment, so the host's relative file names
 * resolve there as at its root (the service worker answers a later visit with the host's page:
 * its start-hints script reads the route from the address): the route's path when it is one
 * segment, else its name (/login); Urdu with `?lang=ur`.
 */
export function pageUrl(route, lang) {
  const at = /^\/[^/]*$/.test(route.path) ? route.path : `/${route.name}`;
  return lang === 'en' ? at : `${at}?lang=ur`;
}
export const pageFile = (name, lang) => `${lang}.${name}.html`;

/** route path -> { en, ur } addresses, for the pages of `routes` ({ name, path }) */
export function pageAddresses(routes) {
  return Object.fromEntries(routes.map((r) => [r.path, Object.fromEntries(LANGUAGES.map((l) => [l, pageUrl(r, l)]))]));
}

/** What the pages were rendered from: the host's published page (the remotes' current releases, their start-up files). */
export const compositionOf = (hostPage) => crypto.createHash('sha256').update(hostPage).digest('hex');

/**
 * The file published for a request of `urlPath` with `query` (URLSearchParams), when it is a
 * pre-rendered page's (from the last render's index in `publishedDir`) and was rendered from the
 * composition published now: after a release, rollback or demotion the host's plain page is
 * served until the pages are rendered again. Read on every request, as they change while the server runs.
 */
export function prerenderedFile(publishedDir, urlPath, query) {
  const lang = query.get('lang') === 'ur' ? 'ur' : 'en';
  try {
    const index = JSON.parse(fs.readFileSync(path.join(publishedDir, PAGES_DIR, PAGES_INDEX), 'utf8'));
    if (index.composition !== compositionOf(fs.readFileSync(path.join(publishedDir, 'index.html')))) return undefined;
    const hit = index.pages.find((p) => p.lang === lang && p.url.split('?')[0] === urlPath);
    return hit ? path.join(publishedDir, PAGES_DIR, hit.file) : undefined;
  } catch {
    return undefined;
  }
}
