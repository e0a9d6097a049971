/**
 * A borrower's visits as the start-up benchmarks time them (measure-startup.mjs on the emulated link, real-link/bench.mjs
 * on the shaped one), so both mean the same by "visible", "Me from the tap" and "a repeat visit".
 */

/** what "the screen is visible" means for each screen measured */
export const READY = {
  home: '[data-testid=product]',
  login: 'input[type="tel"]',
  me: '[data-testid=me-guest], [data-testid=me-profile]',
};
export const HASH = { home: '#/', login: '#/user/login', me: '#/me' };
/** a navigation timed until its screen shows, not until the page's load event (a pre-rendered screen shows long before) */
export const open = (page, url) => page.goto(url, { waitUntil: 'commit' });

/** the Me tab tapped (the bottom navigation's link) */
export const tapMe = (page) => page.getByRole('navigation').getByRole('link', { name: 'Me', exact: true }).click({ timeout: 120_000 });

/** ms until the screen is visible; NaN (reported as a failure) when it was not within 2 minutes */
export async function timeTo(page, action, screen) {
  const t0 = Date.now();
  try {
    await action();
    await page.locator(READY[screen]).first().waitFor({ timeout: 120_000 });
    return Date.now() - t0;
  } catch (e) {
    console.error(`${screen} did not show: ${e.message.split('\n')[0]}`);
    return NaN;
  }
}

/**
 * after a screen: the borrower reads it for a few seconds, scrolling it (the idle prefetch of the next screens waits for a
 * phone's first touch or scroll), and idle work (prefetch, the service worker's install) runs
 */
export async function settle(page) {
  const idle = () => page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  await idle();
  await page.mouse.wheel(0, 120);
  await page.waitForTimeout(3000);
  await idle();
}

/**
 * the service worker controls the page and holds every file of this visit: the next one is a repeat visit in its hands.
 * A pre-rendered page's own address too, when the worker keeps pages (host/src/sw/pages.ts: within seconds; an older
 * build's never does, so that wait is bounded)
 */
export async function workerHolds(page) {
  const holds = () =>
    page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return false;
      const cached = new Set();
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) cached.add(r.url.split('?')[0]);
      const files = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => /\.(js|css)$|mf-manifest\.json$/.test(u));
      return files.every((u) => cached.has(u));
    });
  const pageKept = () =>
    page.evaluate(async () => {
      const address = performance.getEntriesByType('navigation')[0].name.split('#')[0];
      return !document.getElementById('prerender-page') || Boolean(await caches.match(address));
    });
  const until = async (what, ms) => {
    for (const end = Date.now() + ms; Date.now() < end; await page.waitForTimeout(1000)) if (await what()) return true;
    return false;
  };
  if (!(await until(holds, 240_000))) console.error('the service worker did not take the page in hand within 4 minutes');
  await until(pageKept, 20_000);
}

export const median = (xs) => {
  const ok = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)] : NaN;
};
