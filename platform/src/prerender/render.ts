/**
 * Renders the entry pages (core/pages.ts) from the running host, as a borrower's first visit would
 * get them: the composed app of its current releases boots in headless Chromium in each language,
 * its screen shows the public answers the API gives a visitor, then the same app is rendered to
 * HTML by react-dom/server in that page (shared/src/shell/prerender.ts), so the markup is what
 * React hydrates. Each page is the host's published page with that markup in its root, the
 * answers inlined as a JSON data block, the stylesheets the screen uses inlined in its head (each
 * named by a disabled link at its address, so no loader asks for it again), its gate script first
 * (gate.ts, after its data block) and real addresses in its links; published together by publish.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import { buildSync } from 'esbuild';
import { APPS } from '../../../apps.config.mjs';
import type { Published } from '../core/host-page';
import { AUTOMATION_LAUNCH } from '../core/chromium';
import { LANGUAGES, MAX_AGE_MS, PAGE_ROUTES, pageAddresses, pageFile, pageUrl, type Language, type PageEntry, type PageRoute } from '../core/pages';
import type { SpecRoutesFile } from '../core/published';
import type { GateData } from './gate';

/**
 * The gate's script as every page inlines it: gate.ts with the app's modules it imports, compiled to one
 * function for the browsers the app is built for (rspack.config.base.ts). Its CSP hash is taken from
 * these bytes as published (core/security-headers.ts inlineHashes), so it follows any change of them.
 */
export function gateScript(): string {
  const built = buildSync({
    entryPoints: [path.join(path.dirname(fileURLToPath(import.meta.url)), 'gate.ts')],
    bundle: true,
    format: 'iife',
    target: ['chrome87', 'safari14'],
    minify: true,
    legalComments: 'none',
    write: false,
  });
  // '</script' cannot end the element early: the compiled code holds no such text (checked, not escaped)
  const code = built.outputFiles[0].text.trim();
  if (/<\/script/i.test(code)) throw new Error('the compiled gate holds </script');
  return code;
}
const GATE = gateScript();
const SETTLE_MS = 20_000;
/** while the gate sends a phone elsewhere, or the app renders itself: the page's waiting notice instead of the markup */
const BOOT_STYLE = '#root + #boot{display:none}[data-boot=render] #root{display:none}[data-boot=render] #root + #boot{display:grid}';

/** The route table as the running host has it: its page's published map, else the spec's. */
function pageRoutes(spec: SpecRoutesFile, published: Partial<Published>): PageRoute[] {
  const all = [...Object.values(published.remotes ?? {}).flatMap((r) => r.routes ?? []), ...spec.routes];
  return PAGE_ROUTES.map((name) => {
    const route = all.find((r) => r.name === name);
    if (!route) throw new Error(`no route ${name} in the host's route table`);
    return { name, path: route.path };
  });
}

/** A stylesheet the screen uses: its address (the host's own from its root) and its text as the page inlines it. */
export interface InlinedStyle {
  href: string;
  css: string;
}

/** What the app's prerender hook answers in the page (shared/src/shell/prerender.ts), and its stylesheets. */
interface Rendered {
  html: string;
  answers: Record<string, unknown>;
  styles: InlinedStyle[];
}

declare global {
  interface Window {
    LM_PRERENDER?: boolean;
    LM_PRERENDER_RENDER?: () => Promise<{ html: string; answers: Record<string, unknown> }>;
  }
}

async function renderInBrowser(context: BrowserContext, hostOrigin: string, route: PageRoute): Promise<Rendered> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    // the host's plain page (the pre-rendered ones are at `/` and the other page addresses)
    await page.goto(`${hostOrigin}/index.html#${route.path}`);
    await page.waitForFunction(() => typeof window.LM_PRERENDER_RENDER === 'function', null, { timeout: SETTLE_MS });
    await page.locator('#root main').first().waitFor({ timeout: SETTLE_MS });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('#root .skeleton, #root [aria-busy=true]'), null, { timeout: SETTLE_MS });
    if (await page.locator('[data-testid=remote-error], [data-testid=remote-crash], [data-testid=screen-missing], [data-testid=not-found]').count())
      throw new Error(`${route.path} did not show its screen`);
    const rendered = await page.evaluate(async () => {
      const { html, answers } = await window.LM_PRERENDER_RENDER!();
      const styles = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((l) => l.href);
      return { html, answers, styles };
    });
    if (errors.length) throw new Error(`${route.path}: ${errors.join('; ')}`);
    return { ...rendered, styles: await Promise.all(rendered.styles.map((href) => inlineStyle(href, hostOrigin))) };
  } finally {
    await page.close();
  }
}

/** under the host's origin, a remote's files by path (core/security-headers.ts nginxConfig: /<its dir>/) */
const isRemotesByPath = (pathname: string) => APPS.some((a) => a.name !== 'host' && pathname.startsWith(`/${a.dir}/`));

/**
 * A stylesheet the screen uses, inlined: no request stands between the page and its first paint
 * (on a slow link it would wait behind the app's scripts). Its url()s made absolute; the host's own
 * address from its root, as the page names the host's files (whatever origin it was rendered from);
 * a remote's in full, as its loader names them (from its manifest's address), by path under the host's origin too.
 */
async function inlineStyle(href: string, hostOrigin: string): Promise<InlinedStyle> {
  const res = await fetch(href);
  if (!res.ok) throw new Error(`${href}: ${res.status}`);
  const css = (await res.text()).replace(
    /url\((['"]?)(?![a-z][a-z0-9+.-]*:)([^)'"]+)\1\)/gi,
    (_, q: string, url: string) => `url(${q}${new URL(url, href).href}${q})`,
  );
  const url = new URL(href);
  const hostsOwn = url.origin === new URL(hostOrigin).origin && !isRemotesByPath(url.pathname);
  return { href: hostsOwn ? `${url.pathname}${url.search}` : href, css };
}

/** an attribute's value in double quotes */
const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The page's stylesheets inlined, and the markers that keep them from being fetched again: a disabled
 * `<link rel="stylesheet">` at each one's address is never fetched (HTML: a disabled stylesheet link is
 * not), and is what rspack's CSS chunk loader and the MF runtime find for that address and take as loaded,
 * as start-hints.js does (the markers precede it); the host page's preloads of them are dropped.
 * Matched by address, content hash included: a release or canary of another stylesheet is fetched as usual.
 */
function inlineStyles(page: string, styles: InlinedStyle[]): { page: string; markers: string; inline: string } {
  const hrefs = new Set(styles.map((s) => s.href));
  return {
    page: page.replace(/<link rel="preload" as="style" href="([^"]*)">/g, (link, href: string) => (hrefs.has(href) ? '' : link)),
    markers: styles.map((s) => `<link rel="stylesheet" href="${attr(s.href)}" disabled>`).join(''),
    inline: styles.map((s) => `<style>${s.css.replace(/<\/style/gi, '<\\/style')}</style>`).join(''),
  };
}

/**
 * Links of the markup at real addresses: a pre-rendered page's at its own, any other route at
 * the host's page with its hash (that language's home page when JavaScript is off).
 * React keeps the server's attributes when it hydrates; the router's click handler goes by its own `to`.
 */
function realLinks(html: string, lang: Language, addresses: Record<string, Record<Language, string>>): string {
  return html.replace(/href="#([^"]*)"/g, (_, hash: string) => {
    const at = addresses[hash];
    return `href="${at ? at[lang] : `${addresses['/'][lang]}#${hash}`}"`;
  });
}

/** JSON inside a script element ('<' escaped: no `</script>` in it) */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The host's published page made into the pre-rendered one (`rendered`: { html, answers, styles }).
 * The gate's data block precedes it (parsed, not run: no CSP hash), so the gate is the same code in every page.
 */
export function assemble({
  hostPage,
  route,
  lang,
  rendered,
  addresses,
  renderedAt,
}: {
  hostPage: string;
  route: PageRoute;
  lang: Language;
  rendered: Rendered;
  addresses: Record<string, Record<Language, string>>;
  renderedAt: number;
}): string {
  const gateData = scriptJson({ path: route.path, lang, renderedAt, maxAgeMs: MAX_AGE_MS, pages: addresses } satisfies GateData);
  const data = scriptJson({ route: route.name, lang, renderedAt, answers: rendered.answers });
  const styles = inlineStyles(
    // the host's files from its root, whatever the address
    hostPage.replace(/(\s(?:src|href))="(?![a-z][a-z0-9+.-]*:|\/|#)([^"]*)"/gi, '$1="/$2"'),
    rendered.styles,
  );
  const page = styles.page
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${lang}" dir="${lang === 'ur' ? 'rtl' : 'ltr'}">`)
    // replaced by functions: a string replacement would read `$'` and the like in the code or data as patterns
    .replace(
      '<meta charset="utf-8">',
      () => `<meta charset="utf-8"><script id="prerender-page" type="application/json">${gateData}</script><script>${GATE}</script>${styles.markers}`,
    )
    .replace('</head>', () => `${styles.inline}<style>${BOOT_STYLE}</style></head>`)
    .replace(
      /<div id="root">(<div id="boot"[^>]*>[^<]*<\/div>)<\/div>/,
      (_, boot: string) => `<div id="root">${realLinks(rendered.html, lang, addresses)}</div>${boot}`,
    )
    .replace('</body>', () => `<script id="prerendered" type="application/json">${data}</script></body>`);
  if (!page.includes('id="prerendered"') || !page.includes('id="prerender-page"') || !page.includes(`<html lang="${lang}"`))
    throw new Error("the host's page is not the one the pre-render knows (core/host-page.ts)");
  return page;
}

/**
 * Renders every page in both languages from the host at `hostOrigin`, whose published page is in
 * `publishedDir` (releases/host); `spec`: the host's spec-routes.json. Answers the host's page
 * they were rendered from and the pages ({ route, lang, url, file, html, renderedAt }), for
 * publish.ts; a page that fails fails them all.
 */
export interface RenderedPage extends PageEntry {
  html: string;
}

export async function renderPages({
  hostOrigin,
  publishedDir,
  spec,
  now = () => Date.now(),
}: {
  hostOrigin: string;
  publishedDir: string;
  spec: SpecRoutesFile;
  now?: () => number;
}): Promise<{ hostPage: string; pages: RenderedPage[] }> {
  const hostPage = fs.readFileSync(path.join(publishedDir, 'index.html'), 'utf8');
  const published = JSON.parse(hostPage.match(/<script id="remote-assets" type="application\/json">([^<]*)<\/script>/)?.[1] || '{}');
  const routes = pageRoutes(spec, published);
  const addresses = pageAddresses(routes);
  const browser = await chromium.launch(AUTOMATION_LAUNCH);
  const pages: RenderedPage[] = [];
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
          pages.push({ route: route.name, lang, url: pageUrl(route, lang), file: pageFile(route.name, lang), html, renderedAt });
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { hostPage, pages };
}
