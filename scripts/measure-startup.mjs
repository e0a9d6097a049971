/**
 * Start-up benchmark: what a borrower's phone downloads before a screen first renders and
 * how long first visits, repeat visits and changes to another remote's screen take on
 * emulated slow and fast 3G, against a baseline measured in the same run (one small file
 * from the same server: the network's floor). Needs the product running (scripts/start.sh
 * with OTP_FIXED_CODE=123456, for the signed-in screens).
 *   node scripts/measure-startup.mjs [--base http://localhost:3100] [--compare URL] [--runs 3]
 *        [--networks slow,fast] [--lighthouse]
 * --compare measures a second build (for example the previous commit started on other ports,
 * see README "Measuring start-up") in the same run, interleaved, and prints both side by side.
 * The network is emulated by a proxy (bench/slow-link.mjs) through which every request of the
 * browser context goes, the service worker's included.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.mjs';
import { TARGETS } from './startup-targets.mjs';
import { startSlowLink } from './bench/slow-link.mjs';

const argv = process.argv.slice(2);
const arg = (n, d) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : d);
const stacks = [{ label: 'this build', base: arg('--base', 'http://localhost:3100') }];
if (arg('--compare')) stacks.push({ label: 'compared', base: arg('--compare') });
const runs = Number(arg('--runs', '3'));
const NETWORKS = {
  slow: { name: 'slow 3G (400 kbit/s, 400 ms)', latencyMs: 400, bytesPerSecond: 400_000 / 8 },
  fast: { name: 'fast 3G (1.6 Mbit/s, 150 ms)', latencyMs: 150, bytesPerSecond: 1_600_000 / 8 },
};
const networks = arg('--networks', 'slow,fast')
  .split(',')
  .map((n) => NETWORKS[n]);

/** what "the screen rendered" means for each screen measured */
const READY = {
  home: '[data-testid=product]',
  login: 'input[type="tel"]',
  records: '[data-testid=records], .state',
  me: '[data-testid=me-profile]',
  faq: '[data-testid=faq-section]',
};
const HASH = { home: '#/', login: '#/user/login', records: '#/records', me: '#/me', faq: '#/user_center/faq' };

const browser = await chromium.launch(CHROMIUM_LAUNCH);

/** `link`: a slow link from startSlowLink, or none for full speed */
async function newContext(stack, token, link) {
  const ctx = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    baseURL: stack.base,
    // '<-loopback>': localhost goes through the link too
    ...(link ? { proxy: { server: link.server, bypass: '<-loopback>' } } : {}),
  });
  if (token) await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
  return ctx;
}

/** ms until the screen rendered; NaN (reported as a failure) when it did not within 2 minutes */
async function timeTo(page, action, screen) {
  const t0 = Date.now();
  try {
    await action();
    await page.locator(READY[screen]).first().waitFor({ timeout: 120_000 });
    return Date.now() - t0;
  } catch (e) {
    console.error(`${screen} did not render: ${e.message.split('\n')[0]}`);
    return NaN;
  }
}

/** after a screen: the borrower reads it for a few seconds, and idle work (prefetch, the service worker's install) runs */
async function settle(page) {
  const idle = () => page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  await idle();
  await page.waitForTimeout(3000);
  await idle();
}

/** A signed-in session for the screens behind the guard: through the login screen, unthrottled. */
async function signIn(stack) {
  const ctx = await newContext(stack);
  const page = await ctx.newPage();
  await page.goto('/#/user/login');
  const mobile = `0344${String(Date.now()).slice(-7)}`;
  await page.locator(READY.login).first().fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForFunction(() => (localStorage.getItem('token') ?? '').includes('Bearer'), null, { timeout: 30_000 });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await ctx.close();
  return token;
}

/** JS (as transferred, and decoded) fetched until a screen first rendered, on a first visit. */
async function jsBefore(stack, screen) {
  const ctx = await newContext(stack);
  const page = await ctx.newPage();
  await page.goto(`/${HASH[screen]}`);
  await page.locator(READY[screen]).first().waitFor({ timeout: 60_000 });
  const res = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ name: e.name, enc: e.encodedBodySize, dec: e.decodedBodySize, start: e.startTime })),
  );
  const nav = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.encodedBodySize ?? 0);
  await ctx.close();
  const js = res.filter((r) => /\.js(\?|$)/.test(r.name));
  const byOrigin = {};
  for (const r of js) {
    const o = new URL(r.name).origin;
    byOrigin[o] ??= { files: 0, enc: 0, dec: 0 };
    byOrigin[o].files++;
    byOrigin[o].enc += r.enc;
    byOrigin[o].dec += r.dec;
  }
  const sum = (k) => js.reduce((a, r) => a + r[k], 0);
  return { files: js.length, enc: sum('enc'), dec: sum('dec'), requests: res.length + 1, html: nav, byOrigin };
}

const median = (xs) => {
  const ok = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)] : NaN;
};
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

const results = new Map(stacks.map((s) => [s, { times: {} }]));
for (const stack of stacks) {
  const r = results.get(stack);
  r.js = { home: await jsBefore(stack, 'home'), login: await jsBefore(stack, 'login') };
  r.token = await signIn(stack);
}

const push = (r, key, ms) => (r.times[key] ??= []).push(ms);
for (const net of networks) {
  const link = await startSlowLink(net);
  for (let i = 0; i < runs; i++) {
    for (const stack of stacks) {
      const r = results.get(stack);
      const k = (what) => `${net.name}|${what}`;
      {
        const ctx = await newContext(stack, null, link);
        const page = await ctx.newPage();
        const t0 = Date.now();
        await page.goto('/remotes.json');
        push(r, k('baseline: one small file'), Date.now() - t0);
        await ctx.close();
      }
      // first visit, then a repeat visit and changes to other screens in the same browser
      const ctx = await newContext(stack, null, link);
      let page = await ctx.newPage();
      push(r, k('home, first visit'), await timeTo(page, () => page.goto('/#/'), 'home'));
      await settle(page);
      await page.close();
      for (const [from, to] of [
        ['home', null],
        ['home', 'login'],
        ['home', 'records'],
      ]) {
        page = await ctx.newPage();
        const ms = await timeTo(page, () => page.goto(`/${HASH[from]}`), from);
        if (!to) push(r, k('home, repeat visit'), ms);
        else {
          await settle(page);
          push(
            r,
            k(`${from} -> ${to}`),
            await timeTo(
              page,
              () =>
                page.evaluate((h) => {
                  location.hash = h;
                }, HASH[to]),
              to,
            ),
          );
        }
        await page.close();
      }
      await ctx.close();
      const signed = await newContext(stack, r.token, link);
      page = await signed.newPage();
      await timeTo(page, () => page.goto(`/${HASH.me}`), 'me');
      await settle(page);
      await page.close();
      page = await signed.newPage();
      await timeTo(page, () => page.goto(`/${HASH.me}`), 'me');
      await settle(page);
      push(
        r,
        k('me -> faq (signed in)'),
        await timeTo(
          page,
          () =>
            page.evaluate((h) => {
              location.hash = h;
            }, HASH.faq),
          'faq',
        ),
      );
      await signed.close();
    }
  }
  await link.close();
}

if (argv.includes('--lighthouse')) {
  const { lighthouseScores } = await import('./lighthouse.mjs');
  for (const stack of stacks) results.get(stack).lighthouse = await lighthouseScores(stack.base, ['#/', '#/user/login']);
}
await browser.close();

// ---- report ----
const cols = stacks.map((s) => `${s.label} (${s.base})`);
console.log(`\nJS before the screen first rendered (first visit; as transferred, decoded):`);
for (const screen of ['home', 'login']) {
  const cells = stacks.map((s) => {
    const j = results.get(s).js[screen];
    return `${kb(j.enc)} in ${j.files} files (${kb(j.dec)} decoded), ${j.requests} requests`;
  });
  console.log(`  ${screen.padEnd(6)} ${cells.map((c, i) => `${cols[i]}: ${c}`).join('\n         ')}`);
}
for (const s of stacks) {
  console.log(`  per origin, home, ${s.label}:`);
  for (const [o, v] of Object.entries(results.get(s).js.home.byOrigin)) console.log(`    ${o}: ${v.files} files, ${kb(v.enc)}`);
}
console.log(`  targets (scripts/startup-targets.mjs): home <= ${kb(TARGETS.homeJs)}, login <= ${kb(TARGETS.loginJs)}`);

console.log(`\nTimes, median of ${runs} (ms, and x the baseline of the same stack and network):`);
const keys = [...new Set(stacks.flatMap((s) => Object.keys(results.get(s).times)))];
for (const key of keys) {
  const [netName, what] = key.split('|');
  const cells = stacks.map((s) => {
    const t = results.get(s).times;
    const m = median(t[key]);
    const b = median(t[`${netName}|baseline: one small file`]);
    const failed = t[key].filter((x) => Number.isNaN(x)).length;
    return `${String(m).padStart(6)} (${(m / b).toFixed(1)}x)${failed ? ` ${failed} failed` : ''}`;
  });
  console.log(`  ${netName.padEnd(30)} ${what.padEnd(26)} ${cells.join('   ')}`);
}
if (stacks.length > 1) console.log(`  columns: ${cols.join(' | ')}`);
for (const s of stacks) {
  const lh = results.get(s).lighthouse;
  if (!lh) continue;
  console.log(`\nLighthouse (mobile defaults), ${s.label}:`);
  for (const [route, v] of Object.entries(lh))
    console.log(
      `  ${route.padEnd(14)} ${Object.entries(v)
        .map(([k, x]) => `${k} ${x}`)
        .join(', ')}`,
    );
}
