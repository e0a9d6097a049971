/**
 * The federated shell (issue 2): every spec route resolves, the guard, the four proof
 * screens served by their remotes, one React and one shared package, a remote whose
 * server is down, and a remote served standalone.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import http from 'node:http';
import { SPEC_ROUTES, REDIRECTS, type RouteEntry } from 'shared/routes';

const ROUTES: readonly RouteEntry[] = SPEC_ROUTES;
import { APPS } from '../../apps.config.mjs';
import { appUrl, expectDir, freshMobile } from '../support/fixtures';
import { loginByApi, useSessionIn } from '../support/api';

/**
 * The route tests' phones: a browser context a worker signed out, one signed in; each test opens its address in a new tab
 * of one (`visitorPage`, `memberPage`), a page load of its own as a deep link opens, the app's files from the phone's cache
 * after the first instead of a fresh context's every time.
 */
const routeTest = test.extend<{ visitorPage: Page; memberPage: Page }, { visitor: BrowserContext; member: BrowserContext }>({
  visitor: [
    async ({ browser }, use, { project }) => {
      const context = await browser.newContext(project.use);
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  member: [
    async ({ browser }, use, { project }) => {
      const context = await browser.newContext(project.use);
      const token = await loginByApi();
      await context.addInitScript((t) => localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${t}` })), token);
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  visitorPage: async ({ visitor }, use) => {
    const page = await visitor.newPage();
    await use(page);
    await page.close();
  },
  memberPage: async ({ member }, use) => {
    const page = await member.newPage();
    await use(page);
    await page.close();
  },
});

test.describe('routes', () => {
  for (const route of ROUTES) {
    routeTest(`${route.name} (${route.path}) resolves${route.guarded ? ' and is guarded' : ''}`, async ({ visitorPage: page }) => {
      await page.goto(`/#${route.path}`);
      if (route.guarded) {
        await expect(page).toHaveURL(new RegExp(`#/user/login\\?redirect=${encodeURIComponent(route.path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      } else {
        await expect(page).toHaveURL(new RegExp(`#${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?|$)`));
      }
      await expect(page.locator('main, [data-testid=remote-error]').first()).toBeVisible();
      await expect(page.getByTestId('screen-missing')).toHaveCount(0); // each remote has a screen for every route it owns
      await expect(page.getByTestId('not-found')).toHaveCount(0);
      await expect(page.getByTestId('remote-error')).toHaveCount(0);
    });
  }

  for (const { from, to } of REDIRECTS) {
    routeTest(`${from} redirects to ${to}`, async ({ memberPage: page }) => {
      await page.goto(`/#${from}`);
      await expect(page).toHaveURL(new RegExp(`#${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?|$)`));
    });
  }

  test('an unknown path shows the not-found screen', async ({ page }) => {
    await page.goto('/#/no/such/screen');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByText('Page not found', { exact: true })).toHaveCount(1); // the heading only, said once
  });

  test('loading the app asks for nothing that is not there (no favicon 404)', async ({ page }) => {
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    await page.goto('/');
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(missing).toEqual([]);
  });

  test('after logging in, the guard returns to the wanted screen', async ({ page }) => {
    const mobile = freshMobile(); // a new number: the screen registers it
    await page.goto('/#/user_center/customer_services');
    await expect(page).toHaveURL(/#\/user\/login\?redirect=/);
    await page.getByLabel(/mobile/i).fill(mobile);
    await page.getByRole('button', { name: /get code/i }).click();
    await page.getByLabel(/verification code/i).fill('123456');
    const agree = page.getByRole('checkbox');
    if (await agree.count()) await agree.first().check();
    await page.getByRole('button', { name: /^(log ?in|register)$/i }).click();
    await expect(page).toHaveURL(/#\/user_center\/customer_services/);
  });
});

test.describe('proof screens from each remote', () => {
  test('mf-onboarding: login', async ({ page }) => {
    await page.goto('/#/user/login');
    await expect(page.getByLabel(/mobile/i)).toBeVisible();
    await expect(page.getByRole('button', { name: /get code/i })).toBeVisible();
  });

  test('mf-loan: home shows the marketplace products to a visitor', async ({ page }) => {
    await page.goto('/#/');
    await expect(page.getByText(/Rs [\d,]+/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Records' })).toBeVisible();
  });

  test('mf-usercenter: customer service details from the server', async ({ page }) => {
    await useSessionIn(page, await loginByApi());
    await page.goto('/#/user_center/customer_services');
    await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(page.locator('a[href^="mailto:"]').first()).toBeVisible();
  });

  test('mf-repay: repay detail says no data when nothing is due', async ({ page }) => {
    await useSessionIn(page, await loginByApi());
    await page.goto('/#/repay/repay_detail');
    await expect(page.getByText('No data')).toBeVisible();
  });

  test('Urdu turns the whole app right-to-left', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'ur'));
    await page.goto('/#/user/login');
    await expectDir(page, 'rtl');
    await page.goto('/#/');
    await expectDir(page, 'rtl');
  });
});

test.describe('module federation', () => {
  test('React, react-dom and shared load once, from the host', async ({ page }) => {
    await useSessionIn(page, await loginByApi());
    for (const path of ['/', '/user/login', '/repay/repay_detail', '/user_center/customer_services']) {
      await page.goto(`/#${path}`);
      await expect(page.locator('main').first()).toBeVisible();
    }
    const providers = await page.evaluate(() => {
      const share = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> };
        }
      ).__FEDERATION__.__SHARE__;
      const out: Record<string, Set<string>> = {};
      for (const scopes of Object.values(share))
        for (const pkgs of Object.values(scopes))
          for (const [pkg, versions] of Object.entries(pkgs))
            for (const [v, info] of Object.entries(versions)) if (info.loaded) (out[pkg] ??= new Set()).add(`${v} from ${info.from}`);
      return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
    });
    expect(providers['react-router-dom'], 'bundled inside shared, not federated').toBeUndefined();
    for (const pkg of ['react', 'react-dom', 'shared', 'i18next', 'zustand']) {
      expect(providers[pkg], pkg).toHaveLength(1);
      expect(providers[pkg][0], pkg).toMatch(/from host$/);
    }
    // the host provides the part of the binding the remotes use (host/src/shares/), loaded first by a remote, so the share names
    // that remote; no remote bundles a copy (their builds fail if one does), and their screens are translated: it is the host's
    expect(providers['react-i18next'], 'react-i18next').toHaveLength(1);
  });

  test('a remote whose server is down shows retry while the rest works, and retry recovers', async ({ browser }) => {
    // the registry's own retry, without the service worker (which fetches under its own script's
    // policy, the real origins': pwa.spec.ts tests it)
    const context = await browser.newContext({ ...test.info().project.use, serviceWorkers: 'block' });
    const page = await context.newPage();
    // the published map (remotes.json, and its copy in the host page) points mf_repay at a port where nothing listens yet
    const downPort = 3999 - test.info().workerIndex;
    const repay = APPS.find((a) => a.dir === 'mf-repay')!;
    const moved = (text: string) =>
      text.replace(new RegExp(`http://localhost:${repay.port}/([^"]*mf-manifest\\.json)`, 'g'), `http://localhost:${downPort}/$1`);
    // and the page's Content-Security-Policy (configuration, with the map) allows that origin too (the manifest's files stay on the remote's own)
    const movedOrigin = (csp = '') => csp.replaceAll(`http://localhost:${repay.port}`, `http://localhost:${repay.port} http://localhost:${downPort}`);
    // a page answered by the route below is a public site to Chromium's Local Network Access: let it reach these local servers as the real page does
    await context.grantPermissions(['local-network-access']);
    await context.route(/:\d+\/(index\.html|remotes\.json)?$/, async (route) => {
      const res = await route.fetch();
      // (the body is sent as text: not the encoding it came in)
      const headers = Object.fromEntries(Object.entries(res.headers()).filter(([name]) => !/^content-(encoding|length)$/.test(name)));
      headers['content-security-policy'] = movedOrigin(headers['content-security-policy']);
      await route.fulfill({ response: res, headers, body: moved(await res.text()) });
    });
    await useSessionIn(page, await loginByApi());
    await page.goto('/#/repay/repay_detail');
    await expect(page.getByTestId('remote-error')).toBeVisible({ timeout: 20_000 });
    // online: nothing says the network failed (a crash would say it stopped working)
    await expect(page.getByTestId('remote-error')).toHaveText(/This part of the app could not load\s*Please try again\./);

    // the other remotes still work in the same page
    await page.goto('/#/user_center/customer_services');
    await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();

    // bring mf-repay's server up on that port (proxying to the real one) and retry
    const proxy = http.createServer((req, res) => {
      const up = http.request({ host: '127.0.0.1', port: repay.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
    });
    await new Promise<void>((r) => proxy.listen(downPort, '127.0.0.1', r));
    try {
      await page.goto('/#/repay/repay_detail');
      await expect(page.getByTestId('remote-error')).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByText('No data')).toBeVisible({ timeout: 20_000 });
    } finally {
      proxy.close();
      await context.close();
    }
  });

  test('a remote whose idle prefetch failed (the network went mid-way) loads its current release once the network is back, not the last good one', async ({
    browser,
  }) => {
    // the prefetch's own preloads, without the service worker (which would answer them from its cache)
    const context = await browser.newContext({ ...test.info().project.use, serviceWorkers: 'block' });
    const page = await context.newPage();
    const remote = new URL(appUrl('mf-usercenter')).origin;
    // the network goes after mf_usercenter's manifest arrived: the files the prefetch preloads from it fail
    let down = true;
    await page.route(
      (url) => url.origin === remote && /\.(js|css)$/.test(url.pathname),
      (route) => (down ? route.abort('internetdisconnected') : route.continue()),
    );
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    const prefetchFailed = page.waitForEvent('console', (m) => m.text().startsWith('prefetch failed'));
    await page.goto('/');
    await expect(page.getByTestId('product').first()).toBeVisible();
    await prefetchFailed;
    down = false;
    const online = asked.length;
    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await expect(page.getByTestId('me-guest')).toBeVisible();
    const current = await page.evaluate(() => JSON.parse(document.getElementById('remote-assets')!.textContent!).remotes.mf_usercenter.entry as string);
    expect(asked.slice(online).filter((url) => url.startsWith(remote) && !url.startsWith(new URL('.', current).href))).toEqual([]);
    await context.close();
  });

  test('a remote served standalone works on its own', async ({ page }) => {
    await useSessionIn(page, await loginByApi());
    await page.goto(`${appUrl('mf-repay')}#/repay/repay_detail`);
    await expect(page.getByText('No data')).toBeVisible();
    await page.goto(`${appUrl('mf-repay')}#/`); // the root opens on the remote's first screen
    await expect(page).toHaveURL(/#\/repay\/repay_detail$/);
    await page.goto(`${appUrl('mf-repay')}#/me`); // another remote's screen is not mounted here
    await expect(page.getByTestId('route-elsewhere')).toBeVisible();
  });
});

test.describe('native wrapper (simulator)', () => {
  test('a guarded screen asks the wrapper to log in; its login is stored and the screen opens', async ({ page }) => {
    const token = await loginByApi();
    await page.addInitScript((t) => {
      (window as unknown as { __NATIVE_SIM__: object }).__NATIVE_SIM__ = { login: null };
      // the native login screen completes after the app asked for it
      const sim = () => (window as unknown as { __nativeSim?: { script: { login: unknown } } }).__nativeSim;
      const timer = setInterval(() => {
        if (sim()) {
          sim()!.script.login = { token: t, userInfo: {} };
          clearInterval(timer);
        }
      }, 10);
    }, token);
    await page.goto('/#/user_center/customer_services');
    await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'));
    expect(stored).toEqual({ Authorization: `Bearer ${token}` });
    const actions = await page.evaluate(() => (window as unknown as { __nativeSim: { sent: { action: string }[] } }).__nativeSim.sent.map((m) => m.action));
    expect(actions).toContain('getLoginInfo');
    expect(actions).toContain('toLogin');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toContain('maskedMobile'); // fetched after login
  });
});
