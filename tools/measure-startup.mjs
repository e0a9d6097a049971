/**
 * Start-up benchmark (issue 26): on an emulated slow link, against a baseline measured in the
 * same run (one small file from the same server: the network's floor), medians of --runs:
 * - home visible on a first visit;
 * - the Me tab tapped the moment home shows, until Me is on screen;
 * - home on a repeat visit, the service worker in control;
 * - a warm change from home to login (another remote);
 * and, on a first visit, the JS (brotli, as sent) before home is visible, before it is
 * interactive (React owns its product card), and before login is visible, per package. The
 * targets (tools/startup-targets.mjs) are printed beside the figures.
 *   node --import tsx tools/measure-startup.mjs [--base http://localhost:3100] [--compare URL|DIR]
 *        [--compare-port0 3200] [--runs 3] [--networks slow,fast] [--lighthouse]
 * --compare measures a second build side by side in the same run, interleaved: a URL of one
 * already running, or the folder of another checkout whose builds are made (its own
 * the platform's front ends (platform/src/stack/front-ends.ts) are started on --compare-port0 .. +4 against this stack's API, and
 * stopped at the end).
 * The network is emulated by a proxy (bench/slow-link.mjs) through which every request of the
 * browser context goes, the service worker's included.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { API_PORT } from '../apps.config.mjs';
import { CHROMIUM_LAUNCH } from '../platform/src/core/chromium.ts';
import { TARGETS } from './startup-targets.mjs';
import { startSlowLink } from './bench/slow-link.mjs';
import { bytesByPackage, PACKAGES } from './bench/packages.mjs';
import { fetchedBefore, screenTimeOf } from './bench/screen-time.mjs';
import { HASH, median, open, READY, settle, tapMe, timeTo, workerHolds } from './bench/visits.mjs';

/** the front ends served from a checkout's builds (in the checkout compared with) */
const FRONT_ENDS = 'platform/src/stack/front-ends.ts';
const argv = process.argv.slice(2);
const arg = (n, d) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : d);
const runs = Number(arg('--runs', '3'));
const NETWORKS = {
  slow: { name: 'slow 3G (400 kbit/s, 400 ms)', latencyMs: 400, bytesPerSecond: 400_000 / 8 },
  fast: { name: 'fast 3G (1.6 Mbit/s, 150 ms)', latencyMs: 150, bytesPerSecond: 1_600_000 / 8 },
};
const networks = arg('--networks', 'slow')
  .split(',')
  .map((n) => NETWORKS[n]);

/**
 * Another checkout's front ends (its builds made), served on ports of their own by its own
 * the platform's front ends against this stack's API (API_PORT): the same server for both builds.
 * Resolves with its URL and a stop function.
 */
async function startFrontEnds(dir, port0) {
  const names = ['HOST_PORT', 'MF_ONBOARDING_PORT', 'MF_LOAN_PORT', 'MF_REPAY_PORT', 'MF_USERCENTER_PORT'];
  // a checkout from before the platform workspace has them at scripts/front-ends.mjs
  const args = fs.existsSync(path.join(dir, FRONT_ENDS)) ? ['--import', 'tsx', FRONT_ENDS] : ['scripts/front-ends.mjs'];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...Object.fromEntries(names.map((n, i) => [n, String(port0 + i)])), API_PORT: String(API_PORT) },
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => d.toString().includes('front ends ready') && resolve());
    child.once('exit', (code) => reject(new Error(`${dir}: ${args.at(-1)} exited with ${code}`)));
  });
  return { base: `http://localhost:${port0}`, stop: () => child.kill('SIGTERM') };
}

const stacks = [{ label: 'this build', base: arg('--base', 'http://localhost:3100') }];
const compare = arg('--compare');
let compared;
if (compare && /^https?:/.test(compare)) stacks.push({ label: 'compared', base: compare });
else if (compare) {
  compared = await startFrontEnds(path.resolve(compare), Number(arg('--compare-port0', '3200')));
  stacks.push({ label: `compared (${compare})`, base: compared.base });
}

const browser = await chromium.launch(CHROMIUM_LAUNCH);

/** `link`: a slow link from startSlowLink, or none for full speed */
async function newContext(stack, link) {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    baseURL: stack.base,
    // '<-loopback>': localhost goes through the link too
    ...(link ? { proxy: { server: link.server, bypass: '<-loopback>' } } : {}),
  });
}

/** A first visit on the link: JS per package before home is visible and interactive, and before login is visible. */
async function bytesOf(stack, link) {
  const out = {};
  for (const [screen, owned] of [
    ['home', false],
    ['home', true],
    ['login', false],
  ]) {
    const ctx = await newContext(stack, link);
    const page = await ctx.newPage();
    await page.goto(`/${HASH[screen]}`);
    const t = await screenTimeOf(page, READY[screen], owned);
    const urls = await fetchedBefore(page, t);
    await ctx.close();
    const js = urls.filter((u) => /\.js(\?|$)/.test(u));
    const manifests = [...urls.filter((u) => /mf-manifest\.json$/.test(u)), `${stack.base}/mf-manifest.json`];
    out[`${screen}${owned ? ' interactive' : ' visible'}`] = { files: js.length, ...(await bytesByPackage(js, manifests)) };
  }
  return out;
}

const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

const WHAT = {
  baseline: 'baseline: one small file',
  visible: 'home visible, first visit',
  tapMe: 'Me tapped as home shows',
  repeat: 'home, repeat visit',
  change: 'home -> login (warm)',
};
const TARGET_OF = { visible: TARGETS.homeVisibleMs, tapMe: TARGETS.tapMeMs, repeat: TARGETS.repeatVisitMs, change: TARGETS.warmChangeMs };

const results = new Map(stacks.map((s) => [s, { times: {}, notControlled: 0 }]));
const push = (r, key, ms) => (r.times[key] ??= []).push(ms);
try {
  for (const net of networks) {
    const link = await startSlowLink(net);
    for (const stack of stacks) results.get(stack).bytes ??= await bytesOf(stack, link);
    for (let i = 0; i < runs; i++) {
      for (const stack of stacks) {
        const r = results.get(stack);
        const k = (what) => `${net.name}|${what}`;
        {
          const ctx = await newContext(stack, link);
          const page = await ctx.newPage();
          const t0 = Date.now();
          await page.goto('/remotes.json');
          push(r, k('baseline'), Date.now() - t0);
          await ctx.close();
        }
        {
          // a first visit, Me tapped the moment home shows
          const ctx = await newContext(stack, link);
          const page = await ctx.newPage();
          const home = await timeTo(page, () => open(page, '/#/'), 'home');
          push(r, k('tapMe'), Number.isNaN(home) ? NaN : await timeTo(page, () => tapMe(page), 'me'));
          await ctx.close();
        }
        // a first visit, then a repeat visit and a warm change in the same browser
        const ctx = await newContext(stack, link);
        let page = await ctx.newPage();
        push(r, k('visible'), await timeTo(page, () => open(page, '/#/'), 'home'));
        await settle(page);
        await workerHolds(page);
        await page.close();
        page = await ctx.newPage();
        push(r, k('repeat'), await timeTo(page, () => open(page, '/#/'), 'home'));
        if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) r.notControlled++;
        await settle(page);
        push(
          r,
          k('change'),
          await timeTo(
            page,
            () =>
              page.evaluate((h) => {
                location.hash = h;
              }, HASH.login),
            'login',
          ),
        );
        await ctx.close();
      }
    }
    await link.close();
  }

  // --runs times, the stacks interleaved: its figures move with the machine's load (benchmarkIndex)
  if (argv.includes('--lighthouse')) {
    const { lighthouseScores } = await import('./lighthouse.mjs');
    for (let i = 0; i < runs; i++)
      for (const stack of stacks) (results.get(stack).lighthouse ??= []).push(await lighthouseScores(stack.base, ['#/', '#/user/login']));
  }
} finally {
  await browser.close();
  compared?.stop();
}

// ---- report ----
const cols = stacks.map((s) => `${s.label} (${s.base})`);
console.log(`\nTimes, median of ${runs} (ms, x the baseline of the same stack and network; target):`);
for (const net of networks) {
  for (const [key, what] of Object.entries(WHAT)) {
    const cells = stacks.map((s) => {
      const t = results.get(s).times;
      const m = median(t[`${net.name}|${key}`]);
      const b = median(t[`${net.name}|baseline`]);
      const failed = t[`${net.name}|${key}`].filter((x) => Number.isNaN(x)).length;
      return `${String(m).padStart(6)} (${(m / b).toFixed(1)}x)${failed ? ` ${failed} failed` : ''}`;
    });
    const target = TARGET_OF[key] ? `<= ${TARGET_OF[key]}` : '';
    console.log(`  ${net.name.padEnd(30)} ${what.padEnd(26)} ${cells.join('   ')}   ${target}`);
  }
}
for (const s of stacks)
  if (results.get(s).notControlled) console.log(`  ${s.label}: ${results.get(s).notControlled} repeat visit(s) NOT controlled by the worker`);

console.log(`\nJS before the screen (first visit on ${networks[0].name}; brotli as sent, KB per package):`);
const screens = Object.keys(results.get(stacks[0]).bytes);
console.log(`  ${''.padEnd(12)} ${stacks.map((s) => screens.map((sc) => `${s.label.split(' ')[0]}: ${sc}`.padStart(26)).join('')).join('')}`);
for (const p of [...PACKAGES, 'total']) {
  const cells = stacks.flatMap((s) =>
    screens.map((sc) => {
      const b = results.get(s).bytes[sc];
      return (p === 'total' ? `${kb(b.total)} in ${b.files} files` : kb(b.byPackage[p])).padStart(26);
    }),
  );
  console.log(`  ${p.padEnd(12)} ${cells.join('')}`);
}
console.log(`  targets: home interactive <= ${kb(TARGETS.homeInteractiveJs)}, login <= ${kb(TARGETS.loginJs)}`);
if (stacks.length > 1) console.log(`  columns: ${cols.join(' | ')}`);
const { UNITS } = argv.includes('--lighthouse') ? await import('./lighthouse.mjs') : {};
for (const s of stacks) {
  const lh = results.get(s).lighthouse;
  if (!lh) continue;
  console.log(
    `\nLighthouse (mobile defaults), ${s.label}, median of ${lh.length} (target: score >= ${TARGETS.lighthouseScore}, LCP <= ${TARGETS.lighthouseLcpMs} ms):`,
  );
  for (const route of Object.keys(lh[0]))
    console.log(
      `  ${route.padEnd(14)} ${Object.keys(lh[0][route])
        .map((k) => `${k} ${median(lh.map((run) => run[route][k]))}${UNITS[k] ? ` ${UNITS[k]}` : ''} (${lh.map((run) => run[route][k]).join(' / ')})`)
        .join(', ')}`,
    );
}
