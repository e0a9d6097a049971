/**
 * The app on a phone's browser across visits: the service worker's repeat visit that waits for
 * no network (pointers and public answers from its cache, refreshed behind), offline,
 * installability, log-out leaving nothing of the borrower in storage or caches, and the start-up
 * JS budgets (home, login). A remote's new release reaching a page through the worker: releases.spec.ts.
 */
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUDGET } from '../../tools/startup-targets.mjs';
import { jsBytesBefore, screenTimeOf } from '../../tools/bench/screen-time.mjs';
import { loginByApi, useSessionIn } from '../support/api';
import { untilLive, untilPagesRendered } from '../support/fixtures';

// the service worker is this spec's subject (the suite blocks it elsewhere: playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

/** the service worker controls the page and has every file of this visit in its caches */
async function cachedForNextVisit(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cached = new Set<string>();
          for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) cached.add(r.url.split('?')[0]);
          const files = performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((u) => /\.(js|css)$|mf-manifest\.json$/.test(u));
          return files.filter((u) => !cached.has(u));
        }),
      { timeout: 20_000 },
    )
    .toEqual([]);
}

async function cachedUrls(context: BrowserContext): Promise<string[]> {
  const page = context.pages()[0];
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
    return urls;
  });
}

/** the worker's public answers (host/src/sw/public-answers.ts: keyed `/__public-answers/<call>?lang=..&app=..&params=..`), as `call?lang=..` */
const publicAnswers = (page: Page) =>
  page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) {
        const url = new URL(r.url);
        if (url.pathname.startsWith('/__public-answers/')) found.push(`${url.pathname.split('/').pop()}?lang=${url.searchParams.get('lang')}`);
      }
    return found;
  });

/** the first product's name in the worker's cached market index (English), after `rename` when given */
const cachedProductName = (page: Page, rename?: string) =>
  page.evaluate(async (rename) => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const key = (await cache.keys()).find((r) => r.url.includes('/__public-answers/marketIndex?') && r.url.includes('lang=en'));
      if (!key) continue;
      const res = (await cache.match(key))!;
      const body = await res.json();
      if (rename) {
        body.data.products[0].name = rename;
        await cache.put(key, new Response(JSON.stringify(body), { headers: res.headers }));
      }
      return body.data.products[0].name as string;
    }
    return null;
  }, rename);

test('a repeat visit with the network off shows the app and home from the cache, a translated offline notice, and carries on when it is back', async ({
  page,
  context,
}) => {
  await page.goto('/#/');
  await expect(page.getByTestId('product').first()).toBeVisible();
  await cachedForNextVisit(page);
  await expect.poll(() => publicAnswers(page)).toEqual(expect.arrayContaining(['marketIndex?lang=en', 'lendingRecord?lang=en']));

  await context.setOffline(true);
  const again = await context.newPage();
  await again.goto('/#/');
  await expect(again.getByTestId('offline')).toHaveText('You are offline. The app carries on by itself when your connection is back.');
  await expect(again.getByRole('link', { name: 'Records' })).toBeVisible(); // the shell, not a browser error page
  // the public answer home shows, as the worker last had it
  await expect(again.getByTestId('product').first()).toBeVisible();

  // Urdu was never asked for on this phone: nothing of it in the cache, so home waits, in Urdu
  await again.evaluate(() => localStorage.setItem('language', 'ur'));
  await again.reload();
  await expect(again.getByTestId('offline')).toHaveText('آپ آف لائن ہیں۔ کنکشن واپس آتے ہی ایپ خود بخود جاری ہو جائے گی۔');
  await expect(again.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(again.getByTestId('product')).toHaveCount(0);

  await context.setOffline(false);
  await expect(again.getByTestId('offline')).toHaveCount(0);
  await expect(again.getByTestId('product').first()).toBeVisible({ timeout: 20_000 });
});

/** the pre-rendered pages the worker keeps (host/src/sw/pages.ts), by address; `age`: each made that many ms older first */
const keptPages = (page: Page, age = 0) =>
  page.evaluate(async (age) => {
    const cache = await caches.open('lm-pages-v1');
    const kept: string[] = [];
    for (const key of await cache.keys()) {
      const res = (await cache.match(key))!;
      if (!res.headers.get('content-type')?.includes('text/html')) continue;
      if (age) {
        const html = (await res.text()).replace(/"renderedAt":(\d+)/, (_, at) => `"renderedAt":${Number(at) - age}`);
        await cache.put(key, new Response(html, { headers: res.headers }));
      }
      kept.push(new URL(key.url).pathname + new URL(key.url).search);
    }
    return kept;
  }, age);

/** Keeps the product card `page` arrives with, before any script of the app runs. */
const watchArrival = (page: Page) =>
  page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { arrived: Element | null }).arrived = document.querySelector('[data-testid=product]');
    }),
  );

/** Once React owns home's product card: whether it is the card the page arrived with (hydrated), not one rendered anew (watchArrival). */
async function hydrated(page: Page): Promise<boolean> {
  await untilLive(page.getByTestId('product').first());
  return page.evaluate(() => (window as unknown as { arrived: Element | null }).arrived === document.querySelector('[data-testid=product]'));
}

test("a repeat visit shows the pre-rendered page the worker kept, with no network, and hydrates it; past the page's bound, the shell as before", async ({
  page,
  context,
  request,
}) => {
  await untilPagesRendered(request);
  const errors: string[] = [];
  context.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  await expect(page.getByTestId('product').first()).toBeVisible();
  await cachedForNextVisit(page);
  await expect.poll(() => keptPages(page)).toEqual(['/']);

  await context.setOffline(true);
  const again = await context.newPage();
  await watchArrival(again);
  await again.goto('/');
  await expect(again.locator('#prerender-page'), 'the kept page, not the shell').toHaveCount(1);
  expect(await hydrated(again), 'the card React owns is the one the page arrived with').toBe(true);
  // React's hydration errors (production builds name them by number: 418, 423, 425...)
  expect(errors.filter((e) => /hydrat|react\.dev\/errors\/4\d\d/i.test(e))).toEqual([]);
  await again.close();

  // the page older than its bound (30 min, platform/src/core/pages.ts): never shown from the worker again
  await keptPages(page, 31 * 60_000);
  const later = await context.newPage();
  await later.goto('/');
  await expect(later.getByTestId('product').first()).toBeVisible(); // home, from the shell and the worker's answers
  await expect(later.locator('#prerender-page')).toHaveCount(0);
  // online, a visit gets the shell and the worker asks for the page behind: the visit after it has the page again
  await context.setOffline(false);
  const visit = async () => {
    const tab = await context.newPage();
    await tab.goto('/');
    await expect(tab.getByTestId('product').first()).toBeVisible();
    const prerendered = await tab.locator('#prerender-page').count();
    await tab.close();
    return prerendered;
  };
  expect(await visit()).toBe(0);
  await expect.poll(visit).toBe(1);
});

test("a kept page rendered with another release than its route's remote runs now is rendered by the app, not hydrated", async ({ page, context, request }) => {
  await untilPagesRendered(request);
  await page.goto('/');
  await expect(page.getByTestId('product').first()).toBeVisible();
  await cachedForNextVisit(page);
  await expect.poll(() => keptPages(page)).toEqual(['/']);
  // a release of home's remote since the page was kept: the worker's remotes.json names another version (the same code
  // here, so only the version tells)
  await page.evaluate(async () => {
    const cache = await caches.open('lm-pointers-v1');
    const key = (await cache.keys()).find((r) => r.url.endsWith('/remotes.json'))!;
    const map = await (await cache.match(key))!.json();
    map.mf_loan.version = `${map.mf_loan.version}-next`;
    await cache.put(key, Response.json(map));
  });
  const again = await context.newPage();
  await watchArrival(again);
  await again.goto('/');
  await expect(again.locator('#prerender-page'), 'the kept page').toHaveCount(1);
  expect(await hydrated(again), 'the card React owns is one rendered anew').toBe(false);
  await expect(again.getByTestId('product').first()).toBeVisible();
});

test('a repeat visit waits for no network: pointers and public answers come from the worker, each asked again once behind it, and no manifest twice', async ({
  page,
  context,
}) => {
  await page.goto('/#/');
  await expect(page.getByTestId('product').first()).toBeVisible();
  // the first visit's idle prefetch of the other remotes has run too (every remote's manifest loaded), and the worker holds it all
  const manifests = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/mf-manifest.json')).length);
  await expect.poll(manifests, { timeout: 30_000 }).toBe(4);
  await page.waitForLoadState('networkidle');
  await cachedForNextVisit(page);
  await expect.poll(() => publicAnswers(page)).toEqual(expect.arrayContaining(['marketIndex?lang=en', 'lendingRecord?lang=en']));
  const name = (await cachedProductName(page))!;
  // what the worker holds is what the next visit shows: marked here, so the test can tell
  await cachedProductName(page, `${name} (kept by the worker)`);

  const notFromWorker: string[] = [];
  const fromNetwork: string[] = [];
  page.on('response', (res) => !res.fromServiceWorker() && notFromWorker.push(res.url()));
  context.on('request', (req) => req.serviceWorker() && fromNetwork.push(new URL(req.url()).pathname.replace(/^\/(api|cou)\/.*/, '/$1/(a call)')));
  await page.reload();
  await expect(page.getByTestId('product').first()).toContainText(`${name} (kept by the worker)`);
  // and behind it, the fresh answer replaces the marked one
  await expect.poll(() => cachedProductName(page)).toBe(name);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000); // the idle prefetch of the other remotes has run
  await page.waitForLoadState('networkidle');

  expect(notFromWorker, 'every request of the page answered by the worker').toEqual([]);
  // remotes.json once, the three public calls home makes (market index, lending record, market configuration) once
  // each, no manifest (those of a release never change)
  expect(fromNetwork.sort()).toEqual(['/api/(a call)', '/api/(a call)', '/api/(a call)', '/remotes.json']);

  await page.reload();
  await expect(page.getByTestId('product').first()).toHaveText(new RegExp(`^${name}`));
  await expect(page.getByTestId('product').first()).not.toContainText('kept by the worker');
});

test('the app can be installed from the browser: manifest, icons, service worker', async ({ browserName }, testInfo) => {
  // installability needs a real profile (a test's own context counts as incognito)
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 360, height: 740 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/#/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors, browserName).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'LoanMarket', display: 'standalone', start_url: './' });
    for (const icon of manifest.icons) expect((await page.request.get(`/${icon.src}`)).headers()['content-type']).toBe('image/png');
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test("a signed-in borrower's answers are never cached, public calls included; log-out leaves nothing of the borrower in storage", async ({ page, context }) => {
  await useSessionIn(page, await loginByApi());
  await page.goto('/#/');
  await expect(page.getByTestId('product').first()).toBeVisible();
  await page.goto('/#/records');
  await page.goto('/#/me');
  await cachedForNextVisit(page);
  await page.reload(); // a repeat visit, with the worker in control from its start
  await expect(page.getByTestId('me-profile')).toBeVisible();
  await page.goto('/#/');
  await expect(page.getByTestId('product').first()).toBeVisible();
  // the market index and lending record were asked with the borrower's token: the worker kept neither
  expect(await publicAnswers(page)).toEqual([]);
  await page.goto('/#/user_center/settings');
  await page.getByTestId('settings-logout').click();
  await page.getByTestId('settings-logout-confirm').click();
  await expect(page).toHaveURL(/#\/$/);

  const urls = await cachedUrls(context);
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((u) => /\/(api|cou)\//.test(new URL(u).pathname))).toEqual([]);
  const stored = await page.evaluate(() => ({ ...localStorage, ...sessionStorage }));
  // what describes the phone stays, nothing of the borrower: its language, the random id its canary share is chosen by
  // and its release reports are counted by, and the releases it reported starting (host/src/remotes/report.ts)
  expect(Object.keys(stored).filter((k) => k !== 'language' && !/^[a-z]+:device:/.test(k))).toEqual([]);
  expect(
    Object.keys(stored)
      .filter((k) => /:device:/.test(k))
      .sort(),
  ).toEqual(['releases:device:device', 'releases:device:started']);
});

/**
 * What the screen itself needs: the idle prefetch of the next screens' remotes (2 s after the load
 * event) is left out, as a phone in data-saver mode has it; on a loaded machine it may start before
 * the screen renders.
 */
const withoutPrefetch = (page: Page) => page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));

/**
 * JS as transferred (compressed) before `selector` shows at `url`, with `owned`: before React owns it (pre-rendered markup
 * shows before any script), by the page's own clock. Every JS file is answered 500 ms late, as on a slow link: what the
 * screen asks for once it is there (its calls load the HTTP client's code) is never finished by then, however fast this
 * machine answers. Without the service worker: it takes the page over at its load event and answers from its precache,
 * at once and past the delay (the HTTP client's code, asked for by the calls after hydration, was counted so, now and then).
 */
async function expectJsBeforeScreen(browser: Browser, url: string, selector: string, budget: number, owned = false) {
  const context = await browser.newContext({ ...test.info().project.use, serviceWorkers: 'block' });
  const page = await context.newPage();
  await withoutPrefetch(page);
  await page.route(/\.js(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto(url);
  const at = await screenTimeOf(page, selector, owned);
  const bytes = await jsBytesBefore(page, at);
  expect(bytes).toBeGreaterThan(0);
  // over the budget: which files, when
  const files = await page.evaluate(
    (until) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.responseEnd <= until)
        .map((e) => `${e.name} ${e.encodedBodySize} B, ${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ms`),
    at,
  );
  expect(bytes, `${bytes} B before ${Math.round(at)} ms:\n${files.join('\n')}`).toBeLessThanOrEqual(budget);
  await context.close();
}

test(`JS before home first renders stays within the budget (${BUDGET.homeJs / 1024} KB as transferred)`, async ({ browser }) => {
  // the app rendering home itself (the host's plain page): its first screen waits for its calls
  await expectJsBeforeScreen(browser, '/index.html#/', '[data-testid=product]', BUDGET.homeJs);
});

test(`JS before the pre-rendered home is interactive stays within the budget (${BUDGET.homeInteractiveJs / 1024} KB as transferred)`, async ({
  browser,
  request,
}) => {
  await untilPagesRendered(request);
  // the page a borrower lands on: home's markup before any script, then hydrated; its calls after
  await expectJsBeforeScreen(browser, '/', '[data-testid=product]', BUDGET.homeInteractiveJs, true);
});

test(`JS before the login screen first renders stays within the budget (${BUDGET.loginJs / 1024} KB as transferred)`, async ({ browser }) => {
  await expectJsBeforeScreen(browser, '/#/user/login', 'input[type="tel"]', BUDGET.loginJs);
});
