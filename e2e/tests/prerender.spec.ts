/**
 * The pre-rendered entry pages (issue 26, platform/src/prerender/): the page served holds the screen
 * before any script runs, in English and in Urdu; React hydrates it (nothing rendered again, no
 * mismatch); the stored language picks the variant before first paint; links work with
 * JavaScript off; a signed-in borrower or a page older than the bound gets the app rendered on the
 * phone, never the public markup; a change of what the pages show is in them once rendered again.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appUrl, freshMobile, shot, untilPagesRendered } from '../support/fixtures';
import { requestCode } from '../support/onboarding';
import { registerBorrower, useSessionIn } from '../support/api';
import { call, disbursedBorrower } from '../support/loan';

// a pre-rendered page as a phone with the service worker gets it (the suite blocks it elsewhere: playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

const HOME = { en: 'Loan products', ur: 'قرض کی مصنوعات' };
const CALCULATOR = { en: 'Fee calculator', ur: 'فیس کیلکولیٹر' };
const address = (at: string, lang: 'en' | 'ur') => (lang === 'en' ? at : `${at}?lang=ur`);
const renderedAt = (html: string) => Number(html.match(/"renderedAt":(\d+)/)?.[1] ?? 0);
/** the pages' bound (platform/src/core/pages.ts MAX_AGE_MS) */
const MAX_AGE_MS = 30 * 60_000;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => untilPagesRendered(request));

/**
 * Watches the page: every document's first frame (what would be painted: its direction, whether
 * the root or the whole page is hidden), elements of the screen removed from the root (a render
 * that replaced the markup instead of hydrating it), and console errors.
 */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => void errors.push(e.message));
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const root = document.getElementById('root');
      const frame = {
        url: location.href,
        dir: document.documentElement.dir,
        pageHidden: getComputedStyle(document.documentElement).display === 'none',
        rootHidden: !root || getComputedStyle(root).display === 'none',
        text: root?.querySelector('main')?.textContent?.slice(0, 40) ?? '',
      };
      sessionStorage.setItem('frames', JSON.stringify([...JSON.parse(sessionStorage.getItem('frames') ?? '[]'), frame]));
    });
    const w = window as unknown as { removedScreens: number };
    w.removedScreens = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes) if (n instanceof Element && (n.matches('main, .page') || n.querySelector('main'))) w.removedScreens++;
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    errors,
    frames: () =>
      page.evaluate(
        () => JSON.parse(sessionStorage.getItem('frames') ?? '[]') as { url: string; dir: string; pageHidden: boolean; rootHidden: boolean; text: string }[],
      ),
    removed: () => page.evaluate(() => (window as unknown as { removedScreens: number }).removedScreens),
  };
}

for (const lang of ['en', 'ur'] as const) {
  test(`the page served holds home's screen before any script runs (${lang})`, async ({ request, browser }) => {
    const res = await request.get(address('/', lang));
    expect(res.headers()['cache-control']).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ur' ? 'rtl' : 'ltr'}">`);
    expect(html).toContain(`<h2 class="loan-section-title">${HOME[lang]}</h2>`);
    expect(html).toContain('<script id="prerendered" type="application/json">');
    expect(Date.now() - renderedAt(html)).toBeLessThan(MAX_AGE_MS);
    // a visitor's answers only
    const inlined = html.match(/<script id="prerendered" type="application\/json">([^<]*)<\/script>/)![1];
    expect(JSON.parse(inlined).answers['marketIndex|{}'].loggedIn).toBe(false);
    expect(inlined).not.toMatch(/Bearer|token|mobile/i);
    // its inline code and style attributes by hash: nothing 'unsafe-inline'
    const csp = res.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src [^;]*'sha256-/);
    expect(csp).not.toContain("'unsafe-inline'");

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(address('/', lang));
    await expect(page.getByRole('heading', { name: HOME[lang] })).toBeVisible();
    await expect(page.getByTestId('product').first()).toBeVisible();
    // a link works before any script: home's calculator link opens its pre-rendered page
    await page.getByRole('link', { name: CALCULATOR[lang] }).click();
    await expect(page).toHaveURL(new RegExp(`/mortgage_calculator${lang === 'ur' ? '\\?lang=ur' : ''}$`));
    await expect(page.getByRole('heading', { name: CALCULATOR[lang] })).toBeVisible();
    await context.close();
  });

  test(`the stored language's page is hydrated, not rendered again (${lang})`, async ({ page }) => {
    const seen = await watch(page);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await page.goto('/'); // the English address: an Urdu phone is sent to the Urdu page before anything paints
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ur' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { name: HOME[lang] })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).not.toHaveAttribute('data-boot', /./); // the app took the page over
    expect(await seen.removed()).toBe(0);
    expect(seen.errors).toEqual([]);
    // every frame painted was of the stored language, the markup on screen from the first (or as much of it as had arrived)
    const shown = (await page.locator('#root main').first().textContent())!;
    expect(shown.startsWith(HOME[lang])).toBe(true);
    const frames = await seen.frames();
    for (const f of frames.filter((f) => !f.pageHidden)) {
      expect(f.dir, f.url).toBe(lang === 'ur' ? 'rtl' : 'ltr');
      expect(f.rootHidden, f.url).toBe(false);
      expect(shown.startsWith(f.text), `${f.url}: ${f.text}`).toBe(true);
    }
    expect(page.url()).toMatch(/\/(#\/)?$/);
    // hydrated: its handlers answer (a visitor's Apply goes to login)
    await page.getByTestId('product').first().getByRole('button').click();
    await expect(page).toHaveURL(/#\/user\/login\?redirect=/);
  });
}

test('a stylesheet is asked for once at most, and not at all by a pre-rendered page that carries it inlined', async ({ browser }) => {
  const phone = () => browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  /** the stylesheets a page asks for, by address */
  const watchStyles = (page: Page) => {
    const asked: string[] = [];
    page.on('request', (r) => void (new URL(r.url()).pathname.endsWith('.css') && asked.push(r.url())));
    return asked;
  };
  /** rules of the host's stylesheet (shared/ui's tab bar) and of home's screen (mf-loan's) in force */
  const styled = (page: Page) =>
    page.evaluate(() => [
      getComputedStyle(document.querySelector('.tabs')!).position,
      getComputedStyle(document.querySelector('.loan-section-title')!).marginTop,
    ]);

  const host = new URL(appUrl('host')).origin;
  const loan = new URL(appUrl('mf-loan')).origin;
  // the pre-rendered home: the host's stylesheet and the screen's, inlined, neither fetched, before or after the app takes over
  // (another remote's, which the idle prefetch may ask for once the link is tapped, is not one the page carries)
  let context = await phone();
  let page = await context.newPage();
  let asked = watchStyles(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).not.toHaveAttribute('data-boot', /./);
  expect(await styled(page)).toEqual(['fixed', '8px']);
  // another screen of the same remote: its stylesheet is the one the page carries (one for all of mf-loan's screens)
  await page.getByRole('link', { name: CALCULATOR.en }).click();
  await expect(page.getByRole('heading', { name: CALCULATOR.en })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((u) => u.startsWith(host) || u.startsWith(loan))).toEqual([]);
  await context.close();

  // the host's plain page: each stylesheet once (shared/ui's was two files of the same bytes: its provided share's and its
  // own fallback's chunk)
  context = await phone();
  page = await context.newPage();
  asked = watchStyles(page);
  await page.goto('/index.html#/');
  await expect(page.getByRole('heading', { name: HOME.en })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await styled(page)).toEqual(['fixed', '8px']);
  expect(
    asked.filter((u) => u.startsWith(host)),
    "the host's stylesheets",
  ).toHaveLength(1);
  expect(
    asked.filter((u) => u.startsWith(loan)),
    "mf-loan's",
  ).toHaveLength(1);
  expect(new Set(asked).size, 'none twice').toBe(asked.length);
  await context.close();
});

/**
 * A slow phone: `app`'s code is answered only once the function returned is called; what is asked while `offline()` fails
 * as without a network.
 */
async function holdCode(page: Page, app: string, offline = () => false) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.origin === new URL(appUrl(app)).origin,
    async (route) => {
      await released;
      if (offline()) await route.abort('internetdisconnected');
      else await route.continue();
    },
  );
  return release;
}

test('what is typed and tapped on the login page before it is hydrated is kept and done: the code goes to the number typed', async ({ browser }) => {
  // the worker would fetch the remote's code itself, out of this page's routing
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const seen = await watch(page);
  // an earlier visit left a draft and a code's countdown for another number (what the pre-rendered page cannot know)
  await page.goto('/login');
  await requestCode(page, freshMobile());
  // a slow phone: the login remote's code arrives only once the borrower has typed
  const arrive = await holdCode(page, 'mf-onboarding');
  await page.goto('/login');
  const mobile = freshMobile();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('checkbox').check();
  // tapped before the code arrived: held (no native submission of the form), then done with the number typed
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByRole('button', { name: 'Get code' })).toHaveAttribute('data-tapped', '');
  arrive();
  await expect(page.getByText('Code sent', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveValue(mobile);
  await expect(page.getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('button', { name: /Resend in/ })).toBeDisabled(); // the countdown of the number typed
  expect(page.url()).toMatch(/\/#\/user\/login$/); // never submitted natively
  expect(seen.errors).toEqual([]); // hydrated without a mismatch
  await context.close();
});

test('a number typed on the login page whose code could not arrive (the phone went offline) is on the login screen once the network is back, with no reload', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // a slow phone: the login remote's code is on its way while the borrower types, and the network goes before it arrives
  let offline = false;
  const arrive = await holdCode(page, 'mf-onboarding', () => offline);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto('/login');
  const mobile = freshMobile();
  await page.getByLabel('Mobile number').pressSequentially(mobile);
  offline = true;
  await context.setOffline(true);
  arrive();
  await expect(page.getByTestId('remote-error')).toContainText('Waiting for the network');
  // back online, the page tries the remote again by itself: its current release, whose files the page's start hints had
  // preloaded and lost offline (a stack with one release of each remote has no other to fall back to)
  const online = asked.length;
  offline = false;
  await context.setOffline(false);
  await expect(page.getByLabel('Mobile number')).toHaveValue(mobile);
  await expect(page.getByRole('button', { name: 'Get code' })).toBeVisible();
  const current = await page.evaluate(() => JSON.parse(document.getElementById('remote-assets')!.textContent!).remotes.mf_onboarding.entry as string);
  const remote = new URL(appUrl('mf-onboarding')).origin;
  const others = asked.slice(online).filter((url) => url.startsWith(remote) && !url.startsWith(new URL('.', current).href));
  expect(others, 'no other release of the remote was needed').toEqual([]);
  await context.close();
});

test("a tab tapped on the Urdu page before it is hydrated: the page is not loaded again, and the tab's remote and screen are asked for at once", async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'ur'));
  // a slow phone: the host's code arrives only after the tap
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const host = new URL(appUrl('host')).origin;
  await page.route(
    (url) => url.origin === host && url.pathname.endsWith('.js'),
    async (route) => {
      await arrived;
      await route.continue();
    },
  );
  const userCentre = new URL(appUrl('mf-usercenter')).origin;
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().startsWith(userCentre) && asked.push(r.url())));
  await page.goto('/?lang=ur', { waitUntil: 'commit' });
  const me = page.locator('#root a.tabs__link[href*="#/me"]');
  await expect(me).toBeVisible();
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await me.click();
  await expect(page).toHaveURL(/\/#\/me$/);
  await expect.poll(() => asked.length, { message: "the user centre's files, before the host's code" }).toBeGreaterThan(0);
  // the Me screen's own code too (its chunk and stylesheet, as its release publishes them), not once the host has booted
  const screen = await page.evaluate(() => JSON.parse(document.getElementById('remote-assets')!.textContent!).screens.mf_usercenter['/me'] as string[]);
  expect(screen.some((f) => f.endsWith('.js'))).toBe(true);
  await expect.poll(() => screen.filter((f) => !asked.includes(f)), { message: "the screen's files, before the host's code" }).toEqual([]);
  arrive();
  await expect(page.getByTestId('me-guest')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await context.close();
});

test('every pre-rendered page, before and after hydration, at 360 px: the same screen, no error', async ({ browser }) => {
  test.setTimeout(480_000); // 12 pages, twice each
  // before: the markup as served, no script runs in this phone (one for all pages: nothing it keeps changes the next one)
  const off = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const before = await off.newPage();
  for (const lang of ['en', 'ur'] as const) {
    for (const at of ['/', '/mortgage_calculator', '/yx1', '/yx2', '/yx3', '/login']) {
      const name = `prerender-${lang}-${at.slice(1) || 'home'}`;
      await before.goto(address(at, lang));
      const heading = (await before.locator('h1').first().textContent())!;
      await shot(before, `${name}-before`);
      // where the screen starts and how wide it is (fresh answers may add to its end once hydrated)
      const place = async (p: Page) => {
        const box = (await p.locator('main').first().boundingBox())!;
        return { x: box.x, y: box.y, width: box.width };
      };
      const beforeBox = await place(before);

      // after: a phone's first visit, a context of its own
      const on = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await on.newPage();
      const seen = await watch(page);
      await page.addInitScript((l) => localStorage.setItem('language', l), lang);
      await page.goto(address(at, lang));
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).not.toHaveAttribute('data-boot', /./);
      await expect(page.locator('h1').first()).toHaveText(heading);
      expect(await place(page), name).toEqual(beforeBox);
      await shot(page, `${name}-after`);
      expect(await seen.removed(), name).toBe(0);
      expect(seen.errors, name).toEqual([]);
      await on.close();
    }
  }
  await off.close();
});

test('a signed-in borrower gets their own home, never the public markup on screen', async ({ page }) => {
  const b = await registerBorrower();
  await useSessionIn(page, b.token);
  const seen = await watch(page);
  await page.goto('/');
  await expect(page.getByTestId('home-status')).toBeVisible();
  for (const f of await seen.frames()) expect(f.rootHidden || !f.text.includes(HOME.en) || f.pageHidden, f.url).toBe(true);
  expect((await page.content()).includes('id="prerendered"')).toBe(true); // it was the pre-rendered page
});

test('a page older than the bound is rendered on the phone, not hydrated', async ({ page }) => {
  const seen = await watch(page);
  // the phone's clock past the bound (a fulfilled copy of the page would lose its loopback access to the remotes)
  await page.addInitScript((ahead) => {
    const now = Date.now;
    Date.now = () => now() + ahead;
  }, MAX_AGE_MS + 60_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: HOME.en })).toBeVisible();
  const frames = await seen.frames();
  expect(frames[0].rootHidden).toBe(true); // the waiting notice, not the old markup
  expect(await seen.removed()).toBeGreaterThan(0); // the old markup replaced, never hydrated
  // the API refuses the first calls of a clock that far off (400), and the client corrects it: nothing else
  expect(seen.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});

test('a change of what a page shows is in it once the pages are rendered again (as after a release)', async ({ request }) => {
  test.setTimeout(240_000);
  // no connection kept open through the render: the static server closes an idle one, and a request sent on it as it
  // closes hangs up (ECONNRESET)
  const page = async () => (await request.get('/', { headers: { connection: 'close' } })).text();
  const before = await page();
  await disbursedBorrower(); // money lent: home's "lent lately" changes
  const lent = (await call('lendingRecord')).data as { loans: number };
  expect(lent.loans).toBeGreaterThan(0);
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'platform/src/bin/prerender.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    encoding: 'utf8',
    timeout: 200_000,
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('entry pages rendered: 12');
  const after = await page();
  expect(renderedAt(after)).toBeGreaterThan(renderedAt(before));
  expect(after).toContain('data-testid="lent-lately"');
  expect(after).toMatch(/"lendingRecord\|\{\}":\{"days":7,"loans":[1-9]/);
});
