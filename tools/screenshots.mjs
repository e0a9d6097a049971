/**
 * Screenshots of app routes at phone size, in English and Urdu, for a person to look at.
 *   node --import tsx tools/screenshots.mjs [--base http://localhost:3100] [--out .tmp/screens] [--token T] route...
 * A route is a hash path such as /user/login. Uses Debian's Chromium.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../platform/src/core/chromium.ts';
import fs from 'node:fs';
import path from 'node:path';

const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  if (i < 0) return def;
  const [v] = argv.splice(i, 2).slice(1);
  return v;
};
const base = opt('--base', 'http://localhost:3100');
const out = opt('--out', '.tmp/screens');
const token = opt('--token', '');
const width = Number(opt('--width', '360'));
const routes = argv.length ? argv : ['/'];
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch(CHROMIUM_LAUNCH);
for (const lang of ['en', 'ur']) {
  const ctx = await browser.newContext({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });
  await ctx.addInitScript(
    ([l, t]) => {
      localStorage.setItem('language', l);
      if (t) localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${t}` }));
    },
    [lang, token],
  );
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`[${lang}] console: ${m.text()}`));
  for (const route of routes) {
    await page.goto(`${base}/#${route}`);
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(400);
    const file = path.join(out, `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.${lang}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await ctx.close();
}
await browser.close();
