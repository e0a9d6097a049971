/**
 * What a borrower's phone downloads before the home screen first renders, and how long
 * that takes on a slow mobile network. Needs the product running (scripts/start.mjs).
 *   node scripts/measure-startup.mjs [--base http://localhost:3100] [--runs 3]
 * Reports gzip (transferred) and decoded JS bytes per origin, and time to the first
 * product card on an emulated slow 3G link (400 kbit/s, 400 ms RTT) against a baseline
 * of the same server in the same run: one small file (remotes.json), the network's floor.
 */
import { chromium } from '@playwright/test';

const argv = process.argv.slice(2);
const arg = (n, d) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : d);
const base = arg('--base', 'http://localhost:3100');
const runs = Number(arg('--runs', '3'));
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'] });

async function load(url, throttle, waitFor) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  const t0 = Date.now();
  await page.goto(url);
  if (waitFor) await page.locator(waitFor).first().waitFor({ timeout: 120_000 });
  else await page.waitForLoadState('load');
  const ms = Date.now() - t0;
  const resources = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ name: e.name, type: e.initiatorType, enc: e.encodedBodySize, dec: e.decodedBodySize })),
  );
  await ctx.close();
  return { ms, resources };
}

const HOME_READY = 'main .card, main [data-testid=product-card], main h2';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const first = await load(`${base}/#/`, false, HOME_READY);
const js = first.resources.filter((r) => /\.js(\?|$)/.test(r.name));
const byOrigin = {};
for (const r of js) {
  const o = new URL(r.name).origin;
  byOrigin[o] ??= { files: 0, gzip: 0, decoded: 0 };
  byOrigin[o].files++;
  byOrigin[o].gzip += r.enc;
  byOrigin[o].decoded += r.dec;
}
const total = js.reduce((a, r) => ({ gzip: a.gzip + r.enc, decoded: a.decoded + r.dec }), { gzip: 0, decoded: 0 });
console.log('JS loaded before the home screen rendered (first visit, no cache):');
for (const [o, v] of Object.entries(byOrigin)) console.log(`  ${o}: ${v.files} files, ${(v.gzip / 1024).toFixed(1)} KB gzip, ${(v.decoded / 1024).toFixed(1)} KB decoded`);
console.log(`  total: ${js.length} files, ${(total.gzip / 1024).toFixed(1)} KB gzip, ${(total.decoded / 1024).toFixed(1)} KB decoded`);
const fonts = first.resources.filter((r) => /\.woff2?/.test(r.name));
console.log(`  fonts fetched in English: ${fonts.length}`);

const homeTimes = [];
const baseTimes = [];
for (let i = 0; i < runs; i++) {
  baseTimes.push((await load(`${base}/remotes.json`, true, null)).ms);
  homeTimes.push((await load(`${base}/#/`, true, HOME_READY)).ms);
}
const h = median(homeTimes);
const b = median(baseTimes);
console.log(`\nslow 3G (400 kbit/s, 400 ms RTT), median of ${runs}:`);
console.log(`  baseline, one small file: ${b} ms`);
console.log(`  home screen rendered:      ${h} ms  (${(h / b).toFixed(1)}x the baseline)`);
await browser.close();
