/**
 * The front end under its security headers (issue 25, item 8; platform/src/core/security-headers.ts):
 * a borrower's walk through the main screens of every remote, in English and in Urdu, raises
 * no Content-Security-Policy violation; every origin sends the headers; the app cannot be
 * framed; no source map is served; CORS is for the host only, never `*`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { APPS } from '../../apps.config.mjs';
import { appUrl, expectDir } from '../support/fixtures';
import { fixture, signUp } from '../support/onboarding';

// the service worker's own requests fall under the policy too (the suite blocks it elsewhere: playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

const host = APPS.find((a) => a.name === 'host')!;
const hostOrigin = `http://localhost:${host.port}`;

/** Violations seen by the page (its `securitypolicyviolation` events, every document) and CSP or Permissions-Policy errors in its console. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding('__cspViolation', (_source, text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)|Permissions-Policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  return seen;
}

/** the main screens of every remote, and one that takes a photo */
const WALK = [
  '/',
  '/records',
  '/mortgage_calculator',
  '/me',
  '/auth/personal_infomation',
  '/bank_account/add_bankcard',
  '/repay/repay_detail',
  '/user_center/customer_services',
  '/user_center/settings',
  '/user_center/faq',
  '/user_center/language',
  '/privacy_policy',
];

async function walk(page: Page) {
  for (const path of WALK) {
    await page.goto(`/#${path}`);
    await expect(page.locator('main').first(), path).toBeVisible();
    await expect(page.getByTestId('remote-error'), path).toHaveCount(0);
  }
  // a CNIC photo: compressed in a canvas, previewed from a blob: URL, uploaded
  await page.goto('/#/auth/id_card_authentication');
  await page.getByTestId('file-front').setInputFiles(fixture('cnic-front.jpg'));
  await expect(page.getByTestId('photo-front').locator('img')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const lang of ['en', 'ur'] as const) {
  test(`a borrower's walk through every remote raises no CSP violation (${lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    const violations = await watchCsp(page);
    const served = await page.goto('/');
    expect(served!.headers()['content-security-policy']).toContain("script-src 'self'"); // the walk is under the policy
    await signUp(page); // logs in with the fixed code
    if (lang === 'ur') {
      await page.evaluate(() => localStorage.setItem('language', 'ur'));
      await page.reload();
      await expectDir(page, 'rtl');
    }
    await walk(page);
    // a remote's own page, through its pointer page (a published inline script)
    await page.goto(`${appUrl('mf-repay')}#/repay/repay_detail`);
    await expect(page.locator('main').first()).toBeVisible();
    await expect(page).toHaveURL(/\/\d+\.\d+\.\d+[^/]*\/#\/repay\/repay_detail/);
    expect(violations).toEqual([]);
  });
}

test('code injected into the page does not run: the CSP is enforced, and a violation would be seen', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/#/');
  await expect(page.locator('main').first()).toBeVisible();
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { injected: string[] };
    w.injected = [];
    const script = document.createElement('script');
    script.textContent = 'window.injected.push("inline script")';
    document.body.appendChild(script);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.injected.push("inline handler")');
    img.src = 'data:,';
    document.body.appendChild(img);
    // code from a string (eval's kind): the page's own call, not the test tool's evaluation
    (setTimeout as unknown as (code: string, ms: number) => void)('window.injected.push("eval")', 0);
    await new Promise((r) => setTimeout(r, 300));
    return w.injected;
  });
  expect(ran).toEqual([]);
  await expect.poll(() => violations.join('\n')).toMatch(/script-src(-elem)? blocked inline/);
  await expect.poll(() => violations.join('\n')).toMatch(/script-src(-attr)? blocked inline/);
  await expect.poll(() => violations.join('\n')).toMatch(/script-src blocked eval/);
});

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)].filter(([, a = '']) => !/\ssrc=|application\/json/.test(a)).map(([, , body]) => body);
const sha256 = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

async function expectSecurityHeaders(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  const h = res.headers();
  const csp = h['content-security-policy'] ?? '';
  expect(csp, url).toContain("frame-ancestors 'none'");
  expect(csp, url).toContain("object-src 'none'");
  expect(csp, url).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
  for (const d of ['script-src', 'style-src', 'connect-src', 'img-src']) expect(csp, `${url} ${d}`).toMatch(new RegExp(`${d} 'self' ${hostOrigin} `));
  expect(h['x-frame-options'], url).toBe('DENY');
  expect(h['referrer-policy'], url).toBe('no-referrer');
  expect(h['permissions-policy'], url).toMatch(/(^|, )camera=\(self\)(,|$)/);
  expect(h['permissions-policy'], url).toContain('microphone=()');
  expect(h['x-content-type-options'], url).toBe('nosniff');
  return { csp, body: await res.text() };
}

test('every static origin sends the headers; the page runs its inline code by hash only', async ({ request }) => {
  const { csp, body } = await expectSecurityHeaders(request, `${hostOrigin}/`);
  const scripts = inlineScripts(body);
  expect(scripts.length).toBeGreaterThan(0); // the start hints
  for (const s of scripts) expect(csp).toContain(sha256(s));
  await expectSecurityHeaders(request, `${hostOrigin}/sw.js`);
  for (const app of APPS.filter((a) => a.name !== 'host')) {
    const pointer = await expectSecurityHeaders(request, appUrl(app.dir));
    for (const s of inlineScripts(pointer.body)) expect(pointer.csp, app.dir).toContain(sha256(s));
  }
});

test('the app cannot be framed by another site', async ({ page }) => {
  // another site (on this machine, as the app's servers): its page frames the app, and a page of a third site that allows it
  const serve = (body: string) =>
    new Promise<http.Server>((resolve) => {
      const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(body));
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const third = await serve('<p id="framed">a page that may be framed</p>');
  const site = await serve(
    `<iframe id="app" src="${hostOrigin}/#/"></iframe><iframe id="control" src="http://localhost:${(third.address() as AddressInfo).port}/"></iframe>`,
  );
  try {
    await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
    await expect(page.frameLocator('#control').locator('#framed')).toBeVisible(); // framing as such works here
    await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/'); // the app's frame is refused
    expect(await page.frameLocator('#app').locator('#root').count()).toBe(0);
  } finally {
    site.close();
    third.close();
  }
});

test('no source map is served, and production code names none', async ({ request }) => {
  const page = await (await request.get(`${hostOrigin}/`)).text();
  const main = page.match(/src="\/?(main\.[0-9a-f]{8}\.js)"/)![1]; // root-relative in a pre-rendered page
  const js = await (await request.get(`${hostOrigin}/${main}`)).text();
  expect(js).not.toContain('sourceMappingURL');
  expect((await request.get(`${hostOrigin}/${main}.map`)).status()).toBe(404);
  const remotes = (await (await request.get(`${hostOrigin}/remotes.json`)).json()) as Record<string, { entry: string }>;
  for (const { entry } of Object.values(remotes)) {
    const manifest = await (await request.get(entry)).json();
    const remoteEntry = new URL(manifest.metaData.remoteEntry.name, entry).href;
    expect((await request.get(`${remoteEntry}.map`)).status(), remoteEntry).toBe(404);
  }
});

test("CORS: a remote's files are readable by the host's origin only, never by any origin (*)", async ({ request }) => {
  const remotes = (await (await request.get(`${hostOrigin}/remotes.json`)).json()) as Record<string, { entry: string }>;
  for (const { entry } of Object.values(remotes)) {
    const forHost = await request.get(entry, { headers: { Origin: hostOrigin } });
    expect(forHost.headers()['access-control-allow-origin'], entry).toBe(hostOrigin);
    const forOther = await request.get(entry, { headers: { Origin: 'https://evil.example' } });
    expect(forOther.headers()['access-control-allow-origin'], entry).toBeUndefined();
    expect(forOther.headers()['vary'], entry).toMatch(/\bOrigin\b/);
  }
  // the host's own files are read by its own page only: no CORS at all
  const own = await request.get(`${hostOrigin}/remotes.json`, { headers: { Origin: 'https://evil.example' } });
  expect(own.headers()['access-control-allow-origin']).toBeUndefined();
});
