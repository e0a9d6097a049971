/**
 * Lighthouse's performance figures (mobile defaults: simulated slow 4G, 4x CPU slow-down) for
 * routes of a running build, as numbers (ms, KB; UNITS names them). Used by measure-startup.mjs
 * --lighthouse; not run in CI.
 *   node --import tsx tools/lighthouse.mjs [--base http://localhost:3100] [route ...]
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../platform/src/core/chromium.ts';

export const UNITS = { FCP: 'ms', LCP: 'ms', TBT: 'ms', JS: 'KB' };

export async function lighthouseScores(base, routes) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const out = {};
  try {
    for (const route of routes) {
      const { lhr } = await lighthouse(`${base}/${route}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
      const a = lhr.audits;
      const ms = (id) => Math.round(a[id].numericValue);
      const resources = (type) => a['resource-summary'].details.items.find((i) => i.resourceType === type);
      out[route] = {
        performance: Math.round(lhr.categories.performance.score * 100),
        FCP: ms('first-contentful-paint'),
        LCP: ms('largest-contentful-paint'),
        TBT: ms('total-blocking-time'),
        CLS: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
        JS: Math.round((resources('script')?.transferSize ?? 0) / 1024),
        requests: resources('total')?.requestCount,
        // Lighthouse's measure of this machine's speed at the time (higher is faster): the scores move with it
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      };
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const base = argv.includes('--base') ? argv[argv.indexOf('--base') + 1] : 'http://localhost:3100';
  const routes = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--base');
  console.log(await lighthouseScores(base, routes.length ? routes : ['#/', '#/user/login']));
}
