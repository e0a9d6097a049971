/**
 * The pre-rendered entry pages (issue 26): the screens borrowers land on from outside, each
 * rendered to HTML in English and in Urdu with the public answers it shows inlined
 * (prerender/render.ts), served at a real address (pageUrl) so a link to one works before any script runs.
 * The pages' model: what the pre-render publishes (prerender/publish.ts), what a release withdraws
 * (host-page.ts) and what a server answers (stack/front-ends.ts, the proxy of security-headers.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { UiLanguage } from 'shared/contract';
import type { SpecRouteName } from 'shared/routes';
import { originalOf, removeWithCopies } from './compressed';
import { contract } from './shared';

const { DEFAULT_UI_LANGUAGE, uiLanguage, UI_LANGUAGES } = contract;

/** by route name (shared/src/routes/spec.ts): home, the fee calculator, the promotion pages, login */
export const PAGE_ROUTES: readonly SpecRouteName[] = ['home', 'mortgageCalculator', 'yx1', 'yx2', 'yx3', 'login'];
/** the app's languages: a page in each */
export const LANGUAGES = UI_LANGUAGES;
export type Language = UiLanguage;
/** the query parameter a page's address names its language by (`?lang=ur`), read by the app's rule (uiLanguage) */
export const LANG_PARAM = 'lang';

/** A route a page is rendered for. */
export interface PageRoute {
  name: string;
  path: string;
}

/** A page as the index lists it. */
export interface PageEntry {
  route: string;
  lang: Language;
  url: string;
  file: string;
  renderedAt: number;
}

/** The pages' index (PAGES_INDEX). */
export interface PagesIndex {
  /** compositionOf the host page they were rendered from */
  composition: string;
  dir: string;
  pages: PageEntry[];
}

/**
 * How old a page's inlined answers may be when it is hydrated: older, the phone renders the app
 * itself (as without a pre-rendered page). Pages are rendered again at every release, rollback and
 * demotion, and every PRERENDER_EVERY seconds by the local stack or `npm run prerender -- --every`.
 */
export const MAX_AGE_MS = 30 * 60_000;
/** the default of `--every` and of the local stack's re-render */
export const RENDER_EVERY_S = 600;

/**
 * How they are published, so that a server which cannot compare files (nginx) never serves a stale
 * one, by one rule for it and the local server (stack/front-ends.ts):
 *  - under the host's published folder (releases/host), in PAGES_DIR: the index (PAGES_INDEX: the
 *    composition they were rendered from, their folder, each page's address and file) and the pages
 *    in a folder named for the hashes of their inline code (pagesFolder), with those hashes
 *    (csp-hashes.json). Their code is the same at every render (the gate reads its data from a data
 *    block), so a re-render lands in the same folder, and a proxy configured with a folder's hashes
 *    (`npm run nginx -w platform -- <releases dir>`) is right for it whenever it is there;
 *  - a render publishes them only while the host's page it rendered from is the published one
 *    (prerender/publish.ts, under the releases lock) and removes every other folder;
 *  - publishing another host page (a release, rollback, canary's end, demotion: host-page.ts)
 *    first withdraws the pages (withdrawPages): their files go, the index and the hashes stay;
 *  - an address answers its page while the file is there, else the host's plain page (pageAnswer;
 *    the proxy's try_files).
 */
export const PAGES_DIR = 'pages';
export const PAGES_INDEX = 'pages.json';

/** The folder of pages whose inline code has `hashes` (file name -> { scripts, styles }). */
export const pagesFolder = (hashes: Record<string, unknown>) => crypto.createHash('sha256').update(JSON.stringify(hashes)).digest('hex').slice(0, 16);

/**
 * The address of a route's page in `lang`: one path segment, so the host's relative file names
 * resolve there as at its root (the service worker answers a later visit with the host's page:
 * its start-hints script reads the route from the address): the route's path when it is one
 * segment, else its name (/login); Urdu with `?lang=ur`.
 */
export function pageUrl(route: PageRoute, lang: Language): string {
  const at = /^\/[^/]*$/.test(route.path) ? route.path : `/${route.name}`;
  return lang === DEFAULT_UI_LANGUAGE ? at : `${at}?${LANG_PARAM}=${lang}`;
}
export const pageFile = (name: string, lang: string) => `${lang}.${name}.html`;

/** route path -> { en, ur } addresses, for the pages of `routes` ({ name, path }) */
export function pageAddresses(routes: readonly PageRoute[]): Record<string, Record<Language, string>> {
  return Object.fromEntries(routes.map((r) => [r.path, Object.fromEntries(LANGUAGES.map((l) => [l, pageUrl(r, l)])) as Record<Language, string>]));
}

/** What the pages were rendered from: the host's published page (the remotes' current releases, their start-up files). */
export const compositionOf = (hostPage: string) => crypto.createHash('sha256').update(hostPage).digest('hex');

/** The index of the pages last rendered (undefined when none were, or it is of an older layout). */
export function readPagesIndex(publishedDir: string): PagesIndex | undefined {
  try {
    const index: PagesIndex = JSON.parse(fs.readFileSync(path.join(publishedDir, PAGES_DIR, PAGES_INDEX), 'utf8'));
    return typeof index.dir === 'string' && Array.isArray(index.pages) ? index : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the pages published are those of the host page published now: rendered from it, and not withdrawn since (a
 * switch away and back publishes the same host page again, the pages still withdrawn).
 */
export function pagesCurrent(publishedDir: string): boolean {
  const index = readPagesIndex(publishedDir);
  const hostPage = path.join(publishedDir, 'index.html');
  if (!index?.pages.length || !fs.existsSync(hostPage) || index.composition !== compositionOf(fs.readFileSync(hostPage, 'utf8'))) return false;
  return index.pages.every((p) => fs.existsSync(path.join(publishedDir, PAGES_DIR, index.dir, p.file)));
}

/**
 * The file answering a request of `urlPath` with `query` (URLSearchParams) when it is a page's
 * address: the page in the language asked for (the app's rule: uiLanguage) while it is published,
 * else the host's plain page (withdrawn by a release until the pages are rendered again).
 * Undefined for any other address. Read on every request, as they change while the server runs.
 */
export function pageAnswer(publishedDir: string, urlPath: string, query: URLSearchParams): string | undefined {
  const lang = uiLanguage(query.get(LANG_PARAM));
  const index = readPagesIndex(publishedDir);
  const hit = index?.pages.find((p) => p.lang === lang && p.url.split('?')[0] === urlPath);
  if (!index || !hit) return undefined;
  const file = path.join(publishedDir, PAGES_DIR, index.dir, hit.file);
  return fs.existsSync(file) ? file : path.join(publishedDir, 'index.html');
}

/** Withdraws the published pages (their addresses answer the host's plain page): every page file goes; the index and each folder's hashes stay. */
export function withdrawPages(publishedDir: string) {
  const dir = path.join(publishedDir, PAGES_DIR);
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    // with their compressed copies: a server sends a copy whenever it exists
    if (entry.isDirectory()) for (const f of fs.readdirSync(at).filter((f) => f.endsWith('.html'))) removeWithCopies(path.join(at, f));
    else if (originalOf(entry.name) !== PAGES_INDEX) fs.rmSync(at, { force: true }); // an older layout's pages
  }
}
