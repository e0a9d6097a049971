/**
 * The shaped-link benchmark (issue 44): the production chain (chain.mjs: DNS, TCP, TLS 1.3, HTTP/2 from the rendered
 * nginx configuration, the release tool's pre-rendered pages, host page and remotes, the API) behind a real link in user
 * space (link.mjs: 200 ms each way, 400 kbit/s, no loss by default), Chromium in the phone's namespace. Medians of --runs:
 * - the floor: one small file (remotes.json) on a fresh browser context, DNS, TCP and TLS included;
 * - home visible and home interactive (React owns its product card) on a first visit, from the navigation's start;
 * - the Me tab tapped the moment home shows, until Me shows;
 * - home on a repeat visit with the service worker in control;
 * and, on the link itself, the bytes and connections per origin of a first visit: until home is interactive and once it
 * has settled (the idle prefetch, the service worker's install). The definitions are the emulated benchmark's
 * (tools/bench/visits.mjs, screen-time.mjs); that one (tools/measure-startup.mjs) stays for quick work.
 * As root on a Debian machine; it installs what it needs (apt) and uses the production build in the apps' dist/
 * (made first when there is none: NODE_ENV=production npm run build).
 *   node --import tsx tools/bench/real-link/bench.mjs [--runs 3] [--delay-ms 200] [--rate-kbit 400] [--loss 0]
 *        [--port0 7400] [--json FILE] [--gzip-only] [--one-certificate] [--cdn-origins]
 * --port0: the first of four loopback ports of this machine the link's ends use. Everything it makes (namespaces, TUN
 * devices, processes, a temporary folder) is removed at the end, on failure or Ctrl-C too. The configuration is the
 * documented deployment's (docs/deploy/README.md): the remotes by path under the host's origin, nginx sending the
 * published brotli copies (its brotli option, Debian's module loaded). --gzip-only: without the module. --cdn-origins:
 * each remote on an origin (a CDN name and address) of its own. --one-certificate: those origins on one address with one
 * certificate naming them all (HTTP/2 connection coalescing); the link's counts are then the host's.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { APPS } from '../../../apps.config.mjs';
import { CHROMIUM_ARGS } from '../../../platform/src/core/chromium.ts';
import { REAL_LINK_TARGETS } from '../../startup-targets.mjs';
import { PACKAGES } from '../packages.mjs';
import { fetchedBefore, screenTimeOf } from '../screen-time.mjs';
import { median, open, READY, settle, tapMe, timeTo, workerHolds } from '../visits.mjs';
import { cleanStale, install, startChain } from './chain.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(HERE, '../../..');
const { values: o } = parseArgs({
  options: {
    ...Object.fromEntries(['runs', 'delay-ms', 'rate-kbit', 'loss', 'port0', 'json'].map((n) => [n, { type: 'string' }])),
    'gzip-only': { type: 'boolean' },
    'one-certificate': { type: 'boolean' },
    'cdn-origins': { type: 'boolean' },
  },
});
const runs = Number(o.runs ?? 3);
const linkOptions = { delayMs: Number(o['delay-ms'] ?? 200), rateKbit: Number(o['rate-kbit'] ?? 400), loss: Number(o.loss ?? 0) };
if (process.getuid?.() !== 0) throw new Error('run it as root: it makes network namespaces and TUN devices');

const brotli = !o['gzip-only'];
const oneCertificate = Boolean(o['one-certificate']);
const paths = !o['cdn-origins'] && !o['one-certificate'];
install({ brotli });
cleanStale();
if (!APPS.every((a) => fs.existsSync(path.join(root, a.dir, 'dist', 'mf-manifest.json')))) {
  console.log('no production build: NODE_ENV=production npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('the build failed');
}

const load = () => os.loadavg()[0].toFixed(1);
/**
 * every request the page started by page time `until`, as it saw them (ms from the navigation's start; bytes over the
 * wire, 0 when a cross-origin answer hides them), for the JSON
 */
const waterfallUntil = (page, until) =>
  page.evaluate((until) => {
    const at = (ms) => Math.round(ms);
    return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .filter((e) => e.startTime <= until)
      .map((e) => ({ url: e.name, start: at(e.startTime), firstByte: at(e.responseStart), end: at(e.responseEnd), bytes: e.transferSize }));
  }, until);
const started = { at: new Date(), load: load() };
let chain;
let stopChain;
let browser;
let stopping;
/** once, whoever asks first (the end, a failure, a signal): the others wait for the same */
const stop = () =>
  (stopping ??= (async () => {
    await browser?.close().catch(() => {});
    await stopChain?.();
  })());
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    console.error(`\n${signal}: removing what the benchmark made`);
    void stop().then(() => process.exit(130));
  });

const configuration = `${paths ? `One origin (the ${APPS.length - 1} remotes by path` : `Production layout (${APPS.length - 1} remote origins`}, HTTP/2, TLS 1.3, nginx gzip${brotli ? ' and brotli' : ''} copies${oneCertificate ? ', one address and one certificate for all origins' : ''})`;
const kb = (b) => Math.round(b / 102.4) / 10;
/** the link's counters as the origins' names: KB down and up, connections, DNS queries */
const byOrigin = (counters, c) =>
  Object.fromEntries(
    Object.entries(counters).map(([address, n]) => [
      address === c.dnsAddress ? 'dns' : (c.origins.find((x) => x.address === address)?.origin ?? address),
      { downKB: kb(n.down), upKB: kb(n.up), connections: n.connections, downKBByConnection: n.downByConnection.map(kb), dnsQueries: n.dnsQueries },
    ]),
  );

const times = { floor: [], visible: [], interactive: [], tapMe: [], repeat: [] };
const visits = [];
let notControlled = 0;
let packages;
let tapWaterfall;
try {
  console.log(`the production chain on a shaped link (${linkOptions.delayMs} ms each way, ${linkOptions.rateKbit} kbit/s, loss ${linkOptions.loss})`);
  chain = await startChain({ ...linkOptions, port0: Number(o.port0 ?? 7400), brotli, oneCertificate, paths, onStop: (s) => (stopChain = s) });
  console.log(`ready: ${chain.origins.map((x) => x.origin).join(', ')}`);
  // the benchmark's own signal handlers close it, then remove the chain
  browser = await chromium.launch({
    executablePath: chain.executablePath,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const context = () => browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, baseURL: chain.host });

  for (let i = 0; i < runs; i++) {
    {
      // the floor: a fresh context (no name, connection or session cached) and one small file
      const ctx = await context();
      const page = await ctx.newPage();
      const t0 = Date.now();
      const res = await page.goto('/remotes.json');
      if (!res?.ok()) throw new Error(`remotes.json answered ${res?.status()}`);
      times.floor.push(Date.now() - t0);
      await ctx.close();
    }
    {
      // a first visit, Me tapped the moment home shows
      const ctx = await context();
      const page = await ctx.newPage();
      const home = await timeTo(page, () => open(page, '/#/'), 'home');
      const tappedAt = await page.evaluate(() => performance.now());
      times.tapMe.push(Number.isNaN(home) ? NaN : await timeTo(page, () => tapMe(page), 'me'));
      tapWaterfall = { tappedAt: Math.round(tappedAt), requests: await waterfallUntil(page, Number.MAX_SAFE_INTEGER) };
      await ctx.close();
    }
    // a first visit: visible, interactive, what the link carried; then a repeat visit in the same browser
    chain.reset();
    const ctx = await context();
    let page = await ctx.newPage();
    const t0 = Date.now();
    times.visible.push(await timeTo(page, () => open(page, '/#/'), 'home'));
    const pageInteractive = await screenTimeOf(page, READY.home, true).catch(() => NaN);
    times.interactive.push(Number.isNaN(pageInteractive) ? NaN : Date.now() - t0);
    const fetched = Number.isNaN(pageInteractive) ? [] : await fetchedBefore(page, pageInteractive);
    const untilInteractive = byOrigin(await chain.counters(), chain);
    const waterfall = await waterfallUntil(page, pageInteractive);
    const protocols = await page.evaluate(() => [
      ...new Set(performance.getEntriesByType('resource').map((e) => `${new URL(e.name).origin} ${e.nextHopProtocol}`)),
    ]);
    await settle(page);
    const settled = byOrigin(await chain.counters(), chain);
    await workerHolds(page);
    await page.close();
    page = await ctx.newPage();
    chain.reset();
    times.repeat.push(await timeTo(page, () => open(page, '/#/'), 'home'));
    // what a repeat visit asked of the network before home showed (the worker's design: nothing)
    visits.push({ untilInteractive, settled, repeat: byOrigin(await chain.counters(), chain), protocols, fetched, waterfall, tapMe: tapWaterfall });
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) notControlled++;
    await ctx.close();
    if (i === runs - 1 && fetched.length) {
      // the JS before interactive by package, fetched again beside the servers as nginx sends it
      const js = fetched.filter((u) => /\.js(\?|$)/.test(u));
      const manifests = [...new Set([...fetched.filter((u) => /mf-manifest\.json$/.test(u)), `${chain.host}/mf-manifest.json`])];
      const out = await chain.inServer('packages', [path.join(HERE, 'packages-in-server.mjs'), JSON.stringify({ js, manifests })]);
      packages = { files: js.length, ...JSON.parse(out.trim().split('\n').at(-1)) };
    }
    console.log(
      `run ${i + 1}/${runs}: ${Object.entries(times)
        .map(([k, v]) => `${k} ${v.at(-1)}`)
        .join(', ')} (load ${load()})`,
    );
  }
} finally {
  await stop();
}

// ---- report
const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
const t = REAL_LINK_TARGETS;
const rows = [
  ['one small file (floor)', m.floor, ''],
  ['home visible, first visit', m.visible, `<= floor + ${t.homeVisibleOverFloorMs} (${m.floor + t.homeVisibleOverFloorMs})`],
  ['home interactive', m.interactive, `<= ${t.homeInteractiveMs}`],
  ['Me, from the tap', m.tapMe, `<= ${t.tapMeMs}`],
  ['home, repeat visit', m.repeat, `<= ${t.repeatVisitMs}`],
];
const ended = { at: new Date(), load: load() };
console.log(`\n${configuration}, ${linkOptions.delayMs} ms each way, ${linkOptions.rateKbit} kbit/s, median of ${runs} (ms):`);
console.log(`  ${'measure'.padEnd(28)} ${'median'.padStart(7)}   ${'runs'.padEnd(22)} target`);
for (const [what, ms, target] of rows) {
  const key = Object.keys(times)[rows.findIndex((r) => r[0] === what)];
  console.log(`  ${what.padEnd(28)} ${String(ms).padStart(7)}   ${times[key].join(' / ').padEnd(22)} ${target}`);
}
if (notControlled) console.log(`  ${notControlled} repeat visit(s) NOT controlled by the service worker`);
const repeatKB = visits.map((v) =>
  Object.values(v.repeat)
    .reduce((n, x) => n + x.downKB + x.upKB, 0)
    .toFixed(1),
);
console.log(`  on the link during the repeat visits until home showed: ${repeatKB.join(' / ')} KB`);
const last = visits.at(-1);
const origins = [...new Set([...Object.keys(last.untilInteractive), ...Object.keys(last.settled)])];
const medianOf = (phase, origin, field) => median(visits.map((v) => v[phase][origin]?.[field] ?? 0));
console.log(`\nOn the link, a first visit, per origin (median of ${runs}; KB as carried, TCP/IP and TLS included; TCP connections opened):`);
console.log(
  `  ${'origin'.padEnd(38)} ${'until interactive: KB down / up, connections'.padEnd(46)} ${'settled: the same'.padEnd(40)} KB down each connection (settled, last run)`,
);
for (const origin of origins) {
  const cell = (phase) =>
    `${medianOf(phase, origin, 'downKB')} / ${medianOf(phase, origin, 'upKB')}, ${origin === 'dns' ? `${medianOf(phase, origin, 'dnsQueries')} queries` : medianOf(phase, origin, 'connections')}`;
  const each = (last.settled[origin]?.downKBByConnection ?? []).sort((a, b) => b - a).join(', ');
  console.log(`  ${origin.padEnd(38)} ${cell('untilInteractive').padEnd(46)} ${cell('settled').padEnd(40)} ${each}`);
}
console.log(`  protocols: ${last.protocols.join(', ')}`);
if (packages) {
  console.log(
    `\nJS before home is interactive (the last run; as nginx sends it: ${brotli ? 'brotli' : 'gzip'}), KB per package: ${kb(packages.total)} KB in ${packages.files} files`,
  );
  for (const p of PACKAGES) if (packages.byPackage[p]) console.log(`  ${p.padEnd(12)} ${kb(packages.byPackage[p])}`);
}
console.log(`  machine: ${os.cpus().length} cores, load ${started.load} at the start, ${ended.load} at the end, ${started.at.toISOString()}`);

const report = {
  date: started.at.toISOString(),
  machine: { cores: os.cpus().length, loadAtStart: Number(started.load), loadAtEnd: Number(ended.load) },
  link: linkOptions,
  configuration,
  runs,
  medians: m,
  samples: times,
  targets: REAL_LINK_TARGETS,
  notControlled,
  packages,
  visits,
};
if (o.json) fs.writeFileSync(o.json, `${JSON.stringify(report, null, 1)}\n`);
console.log(`\n${JSON.stringify({ ...report, visits: undefined })}`);
