/**
 * Renders the entry pages (pages.mjs) from the running host, as a borrower's first visit would
 * get them: the composed app of its current releases boots in headless Chromium in each language,
 * its screen shows the public answers the API gives a visitor, then the same app is rendered to
 * HTML by react-dom/server in that page (shared/src/shell/prerender.ts), so the markup is what
 * React hydrates. Each page is the host's published page with that markup in its root, the
 * answers inlined as a JSON data block, the stylesheets the screen uses inlined in its head, its
 * gate script first (gate.js) and real addresses in its links; all published at once, with the
 * hashes the Content-Security-Policy allows its inline code by.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../chromium.mjs';
import { CSP_HASHES, inlineHashes } from '../security-headers.mjs';
import { writeAll } from '../release/store.mjs';
import { compositionOf, LANGUAGES, MAX_AGE_MS, PAGE_ROUTES, PAGES_DIR, PAGES_INDEX, pageAddresses, pageFile, pageUrl } from './pages.mjs';

const GATE = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'gate.js'), 'utf8');
const SETTLE_MS = 20_000;
/** while the gate sends a phone elsewhere, or the app renders itself: the page's waiting notice instead of the markup */
const BOOT_STYLE = '#root + #boot{display:none}[data-boot=render] #root{display:none}[data-boot=render] #root + #boot{display:grid}';

/** The route table as the running host has it: its page's published map, else the spec's. */
function pageRoutes(spec, published) {
  const all = [...Object.values(published.remotes ?? {}).flatMap((r) => r.routes ?? []), ...spec.routes];
  return PAGE_ROUTES.map((name) => {
    const route = all.find((r) => r.name === name);
    if (!route) throw new Error(`no route ${name} in the host's route table`);
    return { name, path: route.path };
  });
}

/** One page in `lang` from the browser: its markup, the answers it showed, its stylesheets. */
async function renderInBrowser(context, hostOrigin, route) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    // the host's plain page (the pre-rendered ones are at `/` and the other page addresses)
    await page.goto(`${hostOrigin}/index.html#${route.path}`);
    await page.waitForFunction(() => typeof window.LM_PRERENDER_RENDER === 'function', null, { timeout: SETTLE_MS });
    await page.locator('#root main').first().waitFor({ timeout: SETTLE_MS });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('#root .skeleton, #root [aria-busy=true]'), null, { timeout: SETTLE_MS });
    if (await page.locator('[data-testid=remote-error], [data-testid=screen-missing], [data-testid=not-found]').count())
      throw new Error(`${route.path} did not show its screen`);
    const rendered = await page.evaluate(async () => {
      const { html, answers } = await window.LM_PRERENDER_RENDER();
      const styles = [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.href);
      return { html, answers, styles };
    });
    if (errors.length) throw new Error(`${route.path}: ${errors.join('; ')}`);
    return { ...rendered, styles: await Promise.all(rendered.styles.map(inlineStyle)) };
  } finally {
    await page.close();
  }
}

/**
 * A stylesheet the screen uses, inlined: no request stands between the page and its first paint
 * (on a slow link it would wait behind the app's scripts). Its url()s made absolute.
 */
async function inlineStyle(href) {
  const res = await fetch(href);
  if (!res.ok) throw new Error(`${href}: ${res.status}`);
  const css = (await res.text()).replace(/url\((['"]?)(?![a-z][a-z0-9+.-]*:)([^)'"]+)\1\)/gi, (_, q, url) => `url(${q}${new URL(url, href).href}${q})`);
  return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/**
 * Links of the markup at real addresses: a pre-rendered page's at its own, any other route at
 * the host's page with its hash (that language's home page when JavaScript is off).
 * React keeps the server's attributes when it hydrates; the router's click handler goes by its own `to`.
 */
function realLinks(html, lang, addresses) {
  return html.replace(/href="#([^"]*)"/g, (_, hash) => {
    const at = addresses[hash];
    return `href="${at ? at[lang] : `${addresses['/'][lang]}#${hash}`}"`;
  });
}

/** The host's published page made into the pre-rendered one. */
function assemble({ hostPage, route, lang, rendered, addresses, renderedAt }) {
  // replaced by functions: a string replacement would read `$'` and the like in the code or data as patterns
  const gate = GATE.replace('__PAGE__', () => JSON.stringify({ path: route.path, lang, renderedAt, maxAgeMs: MAX_AGE_MS, pages: addresses }));
  const data = JSON.stringify({ route: route.name, lang, renderedAt, answers: rendered.answers }).replace(/</g, '\\u003c');
  const page = hostPage
    // the host's files from its root, whatever the address
    .replace(/(\s(?:src|href))="(?![a-z][a-z0-9+.-]*:|\/|#)([^"]*)"/gi, '$1="/$2"')
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${lang}" dir="${lang === 'ur' ? 'rtl' : 'ltr'}">`)
    .replace('<meta charset="utf-8">', () => `<meta charset="utf-8"><script>${gate}</script>`)
    .replace('</head>', () => `${rendered.styles.join('')}<style>${BOOT_STYLE}</style></head>`)
    .replace(
      /<div id="root">(<div id="boot"[^>]*>[^<]*<\/div>)<\/div>/,
      (_, boot) => `<div id="root">${realLinks(rendered.html, lang, addresses)}</div>${boot}`,
    )
    .replace('</body>', () => `<script id="prerendered" type="application/json">${data}</script></body>`);
  if (!page.includes('id="prerendered"') || !page.includes('data-boot') || !page.includes(`<html lang="${lang}"`))
    throw new Error("the host's page is not the one the pre-render knows (scripts/host-page.mjs)");
  return page;
}

/**
 * Renders every page in both languages from the host at `hostOrigin` and publishes them in
 * `publishedDir` (releases/host) at once; `spec`: the host's spec-routes.json. Nothing is
 * published when a page fails (the last ones stay, and age out by the bound).
 */
export async function renderPages({ hostOrigin, publishedDir, spec, now = () => Date.now() }) {
  const hostPage = fs.readFileSync(path.join(publishedDir, 'index.html'), 'utf8');
  const published = JSON.parse(hostPage.match(/<script id="remote-assets" type="application\/json">([^<]*)<\/script>/)?.[1] || '{}');
  const routes = pageRoutes(spec, published);
  const addresses = pageAddresses(routes);
  const dir = path.join(publishedDir, PAGES_DIR);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const files = [];
  const index = [];
  const hashes = {};
  try {
    for (const lang of LANGUAGES) {
      // a visitor's first visit in that language: no session, nothing else stored
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      await context.addInitScript((l) => {
        localStorage.setItem('language', l);
        window.LM_PRERENDER = true;
      }, lang);
      try {
        for (const route of routes) {
          const rendered = await renderInBrowser(context, hostOrigin, route);
          const renderedAt = now();
          const html = assemble({ hostPage, route, lang, rendered, addresses, renderedAt });
          const file = pageFile(route.name, lang);
          files.push([path.join(dir, file), html]);
          hashes[file] = inlineHashes(html);
          index.push({ route: route.name, lang, url: pageUrl(route, lang), file, renderedAt });
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  // hashes first, the index last: an address is served only once its page and hashes are there
  writeAll([
    [path.join(dir, CSP_HASHES), `${JSON.stringify(hashes, null, 2)}\n`],
    ...files,
    [path.join(dir, PAGES_INDEX), `${JSON.stringify({ composition: compositionOf(hostPage), pages: index }, null, 2)}\n`],
  ]);
  return index;
}
