/**
 * The JS a first visit downloads before home and before the login screen first render, as
 * transferred (brotli), by package. Each file's transferred bytes are shared among the packages
 * by the minified bytes each put in it (the build's counts, platform/src/build/package-bytes.ts).
 *   BUILD_STATS_DIR=/tmp/stats NODE_ENV=production NATIVE_SIM=1 npm run build   # then start the stack (--no-build)
 *   node --import tsx tools/startup-bytes.mjs --stats /tmp/stats [--base http://localhost:3100] [--out now.json] [--compare before.json]
 * --compare prints another run's figures (its --out file) beside these.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { APPS, DIST_DIR } from '../apps.config.mjs';
import { CHROMIUM_LAUNCH } from '../platform/src/core/chromium.ts';
import { screenTimeOf } from './bench/screen-time.mjs';

const argv = process.argv.slice(2);
const arg = (n, d) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : d);
const base = arg('--base', `http://localhost:${APPS[0].port}`);
const statsDir = arg('--stats', process.env.BUILD_STATS_DIR);
if (!statsDir) throw new Error('--stats <dir>: the BUILD_STATS_DIR the running build was made with');

/** what "the screen rendered" means (as in tools/measure-startup.mjs) */
const SCREENS = {
  home: { hash: '#/', ready: '[data-testid=product]' },
  login: { hash: '#/user/login', ready: 'input[type="tel"]' },
  // the pre-rendered home until React owns its product card, counted as e2e/tests/pwa.spec.ts's budget counts it
  'home interactive': { hash: '', ready: '[data-testid=product]', owned: true },
};

/** app dir -> file name -> package -> minified bytes */
const built = {};
for (const f of fs.readdirSync(statsDir)) {
  const { app, files } = JSON.parse(fs.readFileSync(path.join(statsDir, f), 'utf8'));
  for (const [file, pkgs] of Object.entries(files)) (built[app] ??= {})[path.basename(file)] = pkgs;
}
const appOfPort = Object.fromEntries(APPS.map((a) => [String(a.port), a.dir]));

/** JS files fetched until `ready` shows (with `idle`: and the idle prefetch, until the network has been quiet for 3 s after). */
async function jsUntil(browser, screen, idle) {
  const { hash, ready, owned } = SCREENS[screen];
  // owned: without the service worker, as the budget counts (it answers from its precache past the delay below)
  const ctx = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    baseURL: base,
    ...(owned && { serviceWorkers: 'block' }),
  });
  // before the screen: what it needs, without the idle prefetch (as in data-saver mode, e2e/tests/pwa.spec.ts), which a loaded machine may start first
  if (!idle) await ctx.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  const page = await ctx.newPage();
  // every JS file 500 ms late, as on a slow link: what the screen asks for once it is there is not finished by then
  if (owned) await page.route(/\.js(\?|$)/, (route) => setTimeout(() => route.continue(), 500));
  await page.goto(`/${hash}`);
  const until = owned ? await screenTimeOf(page, ready, true) : Infinity;
  if (!owned) await page.locator(ready).first().waitFor({ timeout: 60_000 });
  if (idle) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
  }
  const js = await page.evaluate(
    (t) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\.js(\?|$)/.test(e.name) && e.responseEnd <= t)
        .map((e) => ({ url: e.name, bytes: e.encodedBodySize, decoded: e.decodedBodySize })),
    until,
  );
  await ctx.close();
  // a file the service worker answered reports its decoded size: its brotli copy in the build says what the network carries
  return js.map(({ url, bytes, decoded }) => ({ url, bytes: bytes < decoded ? bytes : (brotliSize(url) ?? bytes) }));
}

/** the size of the build's .br copy of a file, if the app's dist/ has it */
function brotliSize(url) {
  const u = new URL(url);
  const file = path.join(path.resolve(appOfPort[u.port] ?? '', DIST_DIR), `${path.basename(u.pathname)}.br`);
  return fs.existsSync(file) ? fs.statSync(file).size : undefined;
}

/** transferred bytes by package */
function byPackage(js) {
  const out = {};
  const add = (k, n) => (out[k] = (out[k] ?? 0) + n);
  for (const { url, bytes } of js) {
    const u = new URL(url);
    const pkgs = built[appOfPort[u.port]]?.[path.basename(u.pathname)];
    if (!pkgs) {
      add(`(not in the stats: ${path.basename(u.pathname)})`, bytes);
      continue;
    }
    const total = Object.values(pkgs).reduce((a, b) => a + b, 0);
    for (const [pkg, n] of Object.entries(pkgs)) add(pkg, (bytes * n) / total);
  }
  return out;
}

const browser = await chromium.launch(CHROMIUM_LAUNCH);
const result = {};
for (const [key, screen, idle] of [
  ['home interactive', 'home interactive', false],
  ['home', 'home', false],
  ['login', 'login', false],
  ['home, then idle', 'home', true],
]) {
  const js = await jsUntil(browser, screen, idle);
  result[key] = { files: js.length, total: js.reduce((a, f) => a + f.bytes, 0), packages: byPackage(js), urls: js.map((f) => f.url) };
}
await browser.close();
if (arg('--out')) fs.writeFileSync(arg('--out'), JSON.stringify(result, null, 1));

const other = arg('--compare') ? JSON.parse(fs.readFileSync(arg('--compare'), 'utf8')) : null;
const kb = (b) => (b === undefined ? '-' : (b / 1024).toFixed(1));
for (const key of Object.keys(result)) {
  const now = result[key];
  const was = other?.[key];
  console.log(`\nJS before ${key}: ${kb(now.total)} KB in ${now.files} files${was ? ` (compared: ${kb(was.total)} KB in ${was.files} files)` : ''}`);
  const pkgs = [...new Set([...Object.keys(now.packages), ...Object.keys(was?.packages ?? {})])];
  pkgs.sort((a, b) => Math.max(now.packages[b] ?? 0, was?.packages[b] ?? 0) - Math.max(now.packages[a] ?? 0, was?.packages[a] ?? 0));
  console.log(`  ${'package'.padEnd(42)} ${'KB'.padStart(7)}${was ? `${'compared'.padStart(10)}` : ''}`);
  for (const p of pkgs) console.log(`  ${p.padEnd(42)} ${kb(now.packages[p]).padStart(7)}${was ? kb(was.packages[p]).padStart(10) : ''}`);
}
