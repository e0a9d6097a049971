/**
 * The smoke load a release passes before it becomes current: the composed app of the running
 * host, in Debian's Chromium at a phone's size, with this remote's candidate version in place
 * of its current one (remotes.json and the host page's copy of it answered so in this browser
 * only: no borrower sees it), and no last good version to fall back to. Every route of the
 * remote is opened in English and in Urdu as the borrower its screen needs (the route's
 * `smokeAs`: a QA fixture borrower made by the API's dev controls in that state, with its order
 * in the address; by default an onboarded one on a guarded route, nobody on any other) and left
 * on screen for SMOKE.holdMs, so what its effects do after mounting runs too: no uncaught error,
 * no crashed or unloaded part ("stopped working", "could not load"), no missing screen, and a
 * guarded screen opened, not the login screen (signed out: the login screen).
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import type { PublishedRoute, RouteEntry, SmokeAs } from 'shared/routes';
import type { Published, RemoteEntry } from '../core/host-page';
import { AUTOMATION_LAUNCH } from '../core/chromium';
import { LANGUAGES, type Language } from '../core/pages';
import { contract, routes as sharedRoutes } from '../core/shared';

const ASSETS = /(<script id="remote-assets" type="application\/json">)([^<]*)(<\/script>)/;

/** The smoke load's figures (docs/squad-guide.md). */
export const SMOKE = {
  /** a screen's first paint: longer is a screen that never shows */
  settleMs: 15_000,
  /**
   * how long each screen stays open once shown: its effects, timers and first calls' answers run meanwhile (a screen
   * that throws 4 s after mounting is caught); each second is a second of every release, spread over `pages`
   */
  holdMs: 5_000,
  /** screens open at once (a route in a language each): the holds overlap, on two cores too */
  pages: 4,
};

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
      // the current version's start-up and screens' files and their integrity: not the candidate's
      const files = { ...published.files };
      const screens = { ...published.screens };
      const integrity = { ...published.integrity };
      delete files[name];
      delete screens[name];
      delete integrity[name];
      const body = JSON.stringify({ ...published, remotes: withCandidate(published.remotes, name, candidate), files, screens, integrity });
      return `${open}${body.replace(/</g, '\\u003c')}${close}`;
    });
    await route.fulfill({ response: res, headers, body: page });
  });
}

/** A QA fixture borrower, signed in: what the API's dev controls answer (server/src/dev/fixtures.ts). */
interface Borrower {
  token: string;
  orderNo: string | null;
}

/** A fresh fixture borrower in `state`, from the API at `api`; an Error saying why not. */
async function fixtureBorrower(api: string, state: Exclude<SmokeAs, 'signedOut'>): Promise<Borrower> {
  let res;
  try {
    res = await fetch(`${api}/__dev/fixture`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state }),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (e) {
    throw new Error(`cannot reach the API at ${api} (${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message})`, { cause: e });
  }
  if (res.status === 404)
    throw new Error(`the API at ${api} makes no QA fixture borrowers (its DEV_CONTROLS are off): release against a stack whose API has them (--api)`);
  const body = (await res.json().catch(() => ({}))) as Partial<Borrower> & { ok?: boolean; error?: string; message?: string };
  if (!res.ok || !body.ok || !body.token) throw new Error(`the API at ${api} answered HTTP ${res.status}: ${body.error ?? body.message ?? 'no borrower'}`);
  return { token: body.token, orderNo: body.orderNo ?? null };
}

/** what each testid on screen means: a part of the app that failed */
const FAILED_PARTS = [
  ['remote-crash', 'stopped working ("This part of the app stopped working")'],
  ['remote-error', 'could not load ("This part of the app could not load")'],
  ['screen-missing', 'has no screen in this build'],
  ['not-found', 'is not in the route table the host built'],
] as const;
const LOGIN = /#\/user\/login\?redirect=/;

/** What is wrong on `page` now with `route` opened as `as`, or null. */
async function problemOn(page: Page, route: Pick<PublishedRoute, 'guarded'>, as: SmokeAs): Promise<string | null> {
  for (const [id, what] of FAILED_PARTS) if (await page.getByTestId(id).count()) return what;
  const atLogin = LOGIN.test(page.url());
  if (as === 'signedOut' && route.guarded) return atLogin ? null : `is guarded but opened without a session (${page.url()})`;
  if (atLogin) return `asked a ${as} borrower to sign in (${page.url()})`;
  return (await page.evaluate(screenShown, undefined)) ? null : 'shows nothing';
}

/**
 * In the page: a screen is shown, its page's `main` (shared/ui Page), or, once its code is in (no screen skeleton:
 * RemoteScreen.tsx), whatever it renders; or (`failed`, a selector) a part that failed shows.
 */
const screenShown = (failed?: string) =>
  Boolean(failed && document.querySelector(failed)) ||
  Boolean(document.querySelector('main')) ||
  (!document.querySelector('.page[aria-busy=true]') && Boolean(document.querySelector('.app')?.textContent?.trim()));

/** Opens `route` in `page` (as `as`, `path` its address), then holds it: the problems seen, each a line. */
async function openAndHold(page: Page, hostOrigin: string, route: PublishedRoute, as: SmokeAs, path: string): Promise<string | null> {
  // the host's plain page: a pre-rendered one (platform/src/prerender/) holds the current release's markup
  await page.goto(`${hostOrigin}/index.html#${path}`);
  const failed = FAILED_PARTS.map(([id]) => `[data-testid=${id}]`).join(', ');
  const shown =
    as === 'signedOut' && route.guarded
      ? page.waitForURL(LOGIN, { timeout: SMOKE.settleMs })
      : page.waitForFunction(screenShown, failed, { timeout: SMOKE.settleMs });
  if (!(await shown.then(() => true).catch(() => false))) return (await problemOn(page, route, as)) ?? `showed nothing within ${SMOKE.settleMs / 1000} s`;
  const early = await problemOn(page, route, as);
  if (early) return early;
  await page.waitForTimeout(SMOKE.holdMs);
  const late = await problemOn(page, route, as);
  return late && `${late} within ${SMOKE.holdMs / 1000} s of showing`;
}

/** Runs `jobs` with at most `n` at once. */
async function pool<T>(jobs: readonly T[], n: number, run: (job: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, jobs.length) }, async () => {
      while (next < jobs.length) await run(jobs[next++]);
    }),
  );
}

/**
 * `candidate`: { entry, version, routes } of the version to try (already published in its
 * folder); `api`: the API the host's page calls, whose dev controls make the fixture borrowers.
 * Answers the problems found, empty when every route of the remote came up and stayed up in both
 * languages.
 */
export async function smokeLoad({
  hostOrigin,
  api,
  remote,
  candidate,
}: {
  hostOrigin: string;
  api: string;
  remote: string;
  candidate: Candidate;
}): Promise<string[]> {
  const problems: string[] = [];
  // one borrower of each state the routes need, for both languages
  const states = [...new Set(candidate.routes.map(sharedRoutes.smokeAsOf))].filter((s): s is Exclude<SmokeAs, 'signedOut'> => s !== 'signedOut');
  const borrowers = new Map<SmokeAs, Borrower | Error>(
    await Promise.all(states.map(async (s) => [s, await fixtureBorrower(api, s).catch((e: Error) => e)] as const)),
  );
  const browser = await chromium.launch(AUTOMATION_LAUNCH);
  try {
    const jobs = LANGUAGES.flatMap((lang) => candidate.routes.map((route) => ({ lang, route, as: sharedRoutes.smokeAsOf(route) })));
    await pool(jobs, SMOKE.pages, async ({ lang, route, as }: { lang: Language; route: PublishedRoute; as: SmokeAs }) => {
      const label = `${lang} ${route.name} (${route.path})`;
      const borrower = borrowers.get(as);
      if (borrower instanceof Error) return void problems.push(`${label}: could not sign in as a ${as} QA borrower: ${borrower.message}`);
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      try {
        // a page answered by a route handler is a public site to Chromium's Local Network Access: let it reach the app's servers as the real page does
        await context.grantPermissions(['local-network-access']);
        // the session as the app keeps it (shared/src/session/store.ts), and the language
        await context.addInitScript(
          ([l, token]) => {
            localStorage.setItem('language', l);
            if (token) localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${token}` }));
          },
          [lang, borrower?.token ?? ''] as const,
        );
        await answerWithCandidate(context, hostOrigin, remote, candidate);
        const page = await context.newPage();
        // the registry's console line says why a remote could not load
        let why = '';
        page.on('console', (m) => {
          const unavailable = /remote \S+ is unavailable: (.*)/.exec(m.text());
          if (unavailable) why = unavailable[1].split('\n')[0].slice(0, 200);
        });
        page.on('pageerror', (e) => problems.push(`${label}: uncaught ${e.message.split('\n')[0]}`));
        const problem = await openAndHold(page, hostOrigin, route, as, contract.withFixtureOrder(route.path, borrower?.orderNo ?? null));
        if (problem) problems.push(`${label}${as === 'signedOut' ? '' : ` as a ${as} borrower`}: ${problem}${why ? `: ${why}` : ''}`);
      } finally {
        await context.close();
      }
    });
  } finally {
    await browser.close();
  }
  // in the routes' order, English first: the same list whatever finished first
  const order = LANGUAGES.flatMap((l) => candidate.routes.map((r) => `${l} ${r.name} (`));
  const rank = (p: string) => order.findIndex((o) => p.startsWith(o));
  return problems
    .map((p, i) => [p, i] as const)
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([p]) => p);
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
          await page.waitForURL(STAFF_SIGN_IN, { timeout: SMOKE.settleMs }).catch(() => undefined);
          if (!STAFF_SIGN_IN.test(page.url())) problems.push(`${lang} ${current}: is guarded but opened without a session (${page.url()})`);
        } else {
          await page
            .locator('main')
            .first()
            .waitFor({ timeout: SMOKE.settleMs })
            .catch(() => undefined);
          if (!(await page.locator('main').count())) problems.push(`${lang} ${current}: showed nothing within ${SMOKE.settleMs / 1000} s`);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return problems;
}
