/**
 * The smoke load a release passes before it becomes current: the composed app of the running
 * host, in Debian's Chromium at a phone's size, with this remote's candidate version in place
 * of its current one (remotes.json and the host page's copy of it answered so in this browser
 * only: no borrower sees it), and no last good version to fall back to. Every route of the
 * remote is opened in English and in Urdu: a guarded one must lead to the login screen, any
 * other must show its screen; no uncaught error, no "could not load", no missing screen.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import type { PublishedRoute, RouteEntry } from 'shared/routes';
import type { Published, RemoteEntry } from '../core/host-page';
import { AUTOMATION_LAUNCH } from '../core/chromium';
import { LANGUAGES } from '../core/pages';

const ASSETS = /(<script id="remote-assets" type="application\/json">)([^<]*)(<\/script>)/;
const SETTLE_MS = 15_000;

/** A version to try: its manifest, its id, the routes it publishes. */
export interface Candidate {
  entry: string;
  version: string;
  routes: readonly PublishedRoute[];
}

/** The published map with `name` pointed at the candidate, and nothing to fall back to. */
function withCandidate(map: Record<string, RemoteEntry>, name: string, candidate: Candidate): Record<string, RemoteEntry> {
  // a composed remote's routes: its release checked them as the host's router takes them (checks.ts routeProblems)
  return { ...map, [name]: { entry: candidate.entry, version: candidate.version, routes: candidate.routes as readonly RouteEntry[] } };
}

async function answerWithCandidate(context: BrowserContext, hostOrigin: string, name: string, candidate: Candidate) {
  await context.route(`${hostOrigin}/remotes.json`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: withCandidate(await res.json(), name, candidate) });
  });
  await context.route(new RegExp(`^${hostOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(index\\.html)?(\\?.*)?$`), async (route) => {
    const res = await route.fetch();
    const headers = Object.fromEntries(Object.entries(res.headers()).filter(([h]) => !/^content-(encoding|length)$/.test(h)));
    const page = (await res.text()).replace(ASSETS, (_, open: string, json: string, close: string) => {
      const published: Published = JSON.parse(json);
      // the current version's start-up and screens' files: not the candidate's
      const files = { ...published.files };
      const screens = { ...published.screens };
      delete files[name];
      delete screens[name];
      const body = JSON.stringify({ ...published, remotes: withCandidate(published.remotes, name, candidate), files, screens });
      return `${open}${body.replace(/</g, '\\u003c')}${close}`;
    });
    await route.fulfill({ response: res, headers, body: page });
  });
}

/** What the screen of `route` shows once settled, or the reason it is not right. */
async function checkRoute(page: Page, hostOrigin: string, route: Pick<PublishedRoute, 'path' | 'guarded'>): Promise<string | null> {
  // the host's plain page: a pre-rendered one (platform/src/prerender/) holds the current release's markup
  await page.goto(`${hostOrigin}/index.html#${route.path}`);
  if (route.guarded) {
    await page.waitForURL(/#\/user\/login\?redirect=/, { timeout: SETTLE_MS }).catch(() => undefined);
    return /#\/user\/login\?redirect=/.test(page.url()) ? null : `is guarded but opened without a session (${page.url()})`;
  }
  const shown = page.locator('main, [data-testid=remote-error], [data-testid=screen-missing], [data-testid=not-found]').first();
  await shown.waitFor({ timeout: SETTLE_MS }).catch(() => undefined);
  for (const [id, what] of [
    ['remote-error', 'could not load ("This part of the app could not load")'],
    ['screen-missing', 'has no screen in this build'],
    ['not-found', 'is not in the route table the host built'],
  ]) {
    if (await page.getByTestId(id).count()) return what;
  }
  return (await page.locator('main').count()) ? null : `showed nothing within ${SETTLE_MS / 1000} s`;
}

/**
 * `candidate`: { entry, version, routes } of the version to try (already published in its
 * folder). Answers the problems found, empty when every route of the remote came up in both
 * languages.
 */
export async function smokeLoad({ hostOrigin, remote, candidate }: { hostOrigin: string; remote: string; candidate: Candidate }): Promise<string[]> {
  const browser = await chromium.launch(AUTOMATION_LAUNCH);
  const problems: string[] = [];
  try {
    for (const lang of LANGUAGES) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      // a page answered by a route handler is a public site to Chromium's Local Network Access: let it reach the app's servers as the real page does
      await context.grantPermissions(['local-network-access']);
      await context.addInitScript((l) => localStorage.setItem('language', l), lang);
      await answerWithCandidate(context, hostOrigin, remote, candidate);
      const page = await context.newPage();
      let current = '';
      // the registry's console line says why a remote could not load
      let why = '';
      page.on('console', (m) => {
        const unavailable = /remote \S+ is unavailable: (.*)/.exec(m.text());
        if (unavailable) why = unavailable[1].split('\n')[0].slice(0, 200);
      });
      page.on('pageerror', (e) => problems.push(`${lang} ${current}: uncaught ${e.message.split('\n')[0]}`));
      for (const route of candidate.routes) {
        current = `${route.name} (${route.path})`;
        why = '';
        const problem = await checkRoute(page, hostOrigin, route);
        if (problem) problems.push(`${lang} ${current}: ${problem}${why ? `: ${why}` : ''}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return problems;
}

/** where a staff app's page keeps the member's language (mf-operations/src/shell/i18n.ts) */
const STAFF_LANGUAGE_KEY = 'ops.language';
/** a staff app's page sends a guarded route without a session to its sign-in, saying where to come back */
const STAFF_SIGN_IN = /#\/sign-in\?redirect=/;

/**
 * The smoke load of a staff app (the operations console): its candidate's own page (`page`: the version folder's
 * index.html, served already, nothing pointing at it) in Debian's Chromium at a tablet's size, every route in English
 * and in Urdu: a guarded one must lead to its sign-in, any other show its `main`; no uncaught error.
 */
export async function smokeLoadStaff({ page: pageUrl, candidate }: { page: string; candidate: Candidate }): Promise<string[]> {
  const browser = await chromium.launch(AUTOMATION_LAUNCH);
  const problems: string[] = [];
  try {
    for (const lang of LANGUAGES) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' });
      await context.grantPermissions(['local-network-access']);
      await context.addInitScript(([key, l]) => localStorage.setItem(key, l), [STAFF_LANGUAGE_KEY, lang]);
      const page = await context.newPage();
      let current = '';
      page.on('pageerror', (e) => problems.push(`${lang} ${current}: uncaught ${e.message.split('\n')[0]}`));
      for (const route of candidate.routes) {
        current = `${route.name} (${route.path})`;
        await page.goto(`${pageUrl}#${route.path}`);
        if (route.guarded) {
          await page.waitForURL(STAFF_SIGN_IN, { timeout: SETTLE_MS }).catch(() => undefined);
          if (!STAFF_SIGN_IN.test(page.url())) problems.push(`${lang} ${current}: is guarded but opened without a session (${page.url()})`);
        } else {
          await page
            .locator('main')
            .first()
            .waitFor({ timeout: SETTLE_MS })
            .catch(() => undefined);
          if (!(await page.locator('main').count())) problems.push(`${lang} ${current}: showed nothing within ${SETTLE_MS / 1000} s`);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return problems;
}
