/**
 * The documented deployment (docs/deploy/README.md): the borrower's app on one origin, each remote by path under it
 * (PUBLIC_ORIGIN), through a real nginx with the configuration `npm run nginx -w platform` renders, over a releases
 * folder released for that origin and its pre-rendered pages. A first visit hydrates home with every file from the one
 * origin and no stylesheet the page carries fetched again; Me and the calculator open from their remotes' paths; the
 * Urdu page too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { API_PORT, APPS, DIST_DIR } from '../../apps.config.mjs';
import { freePort } from '../../platform/src/core/ports';

const ROOT = path.resolve(__dirname, '../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const REMOTES = APPS.filter((a) => a.name !== 'host');

test.describe.configure({ mode: 'serial' });
test.skip(!NGINX, 'nginx is not installed (scripts/setup.sh installs it)');

let dir: string;
let origin: string;
/** the console's own origin, as the configuration has one (nothing released to it here) */
let staffOrigin: string;
let nginx: ChildProcess | undefined;

/** a platform command in this deployment's shell (its origin, its releases folder); its output */
function platform(args: string[]): string {
  const env = { ...process.env, PUBLIC_ORIGIN: origin, STAFF_PUBLIC_ORIGIN: staffOrigin, RELEASES_DIR: path.join(dir, 'site/releases') };
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** nginx with the configuration rendered for what is published now, on this test's prefix, port and API */
async function startNginx() {
  const brotli = fs.existsSync(BROTLI);
  const site = path.join(dir, 'site');
  const config = platform(['platform/src/core/security-headers.ts', 'nginx', path.join(site, 'releases'), ...(brotli ? ['--brotli'] : [])])
    .replaceAll('/srv/loanmarket', site)
    .replaceAll('/var/log/nginx', dir)
    .replace(/proxy_pass http:\/\/127\.0\.0\.1:\d+;/, `proxy_pass http://127.0.0.1:${API_PORT};`);
  const types = fs.existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;\n' : '';
  const main = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    main,
    `${brotli ? `load_module ${BROTLI};\n` : ''}error_log ${dir}/error.log;\npid ${dir}/nginx.pid;\nevents {}\nhttp {\n${types}${config}}\n`,
  );
  nginx = spawn(NGINX!, ['-p', dir, '-c', main, '-g', 'daemon off; master_process off;'], { stdio: 'ignore' });
  const log = () => (fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : '');
  nginx.once('exit', (code) => code && console.error(`nginx exited with ${code}: ${log()}`));
  await expect
    .poll(
      () =>
        fetch(`${origin}/remotes.json`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 10_000, message: `nginx answers (its error log: ${log()})` },
    )
    .toBe(200);
}

async function stopNginx() {
  if (!nginx || nginx.exitCode !== null) return;
  const exited = new Promise((r) => nginx!.once('exit', r));
  nginx.kill('SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-one-origin-'));
  origin = `http://127.0.0.1:${await freePort()}`;
  staffOrigin = `http://127.0.0.1:${await freePort()}`;
  // the configuration's root: the host's build, and the releases folder this deployment's releases write
  fs.mkdirSync(path.join(dir, 'site/host'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'host', DIST_DIR), path.join(dir, 'site/host/dist'));
  platform(['platform/src/bin/release-builds.ts', '--api', `http://127.0.0.1:${API_PORT}`]);
  await startNginx();
  platform(['platform/src/bin/prerender.ts', '--host', origin]);
  // rendered again with the pages' locations and policies
  await stopNginx();
  await startNginx();
});

test.afterAll(async () => {
  await stopNginx();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('remotes.json names each remote by path under the one origin', async () => {
  const remotes = (await (await fetch(`${origin}/remotes.json`)).json()) as Record<string, { entry: string }>;
  for (const app of REMOTES) expect(remotes[app.name].entry).toMatch(new RegExp(`^${origin}/${app.dir}/[^/]+/mf-manifest\\.json$`));
});

for (const lang of ['en', 'ur'] as const) {
  test(`a first visit hydrates home from the one origin, then Me and the calculator open (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    // a phone whose language is set (the gate serves the stored language's page: platform/src/prerender/gate.ts)
    await context.addInitScript((l) => localStorage.getItem('language') || localStorage.setItem('language', l), lang);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.goto(`${origin}/${lang === 'ur' ? '?lang=ur' : ''}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ur' ? 'rtl' : 'ltr');
    // hydrated: React owns the pre-rendered product card
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.querySelector('[data-testid=product]') ?? {}).some((k) => k.startsWith('__reactProps'))), {
        timeout: 60_000,
      })
      .toBe(true);
    expect(
      asked.filter((u) => !u.startsWith(`${origin}/`)),
      'every request to the one origin',
    ).toEqual([]);
    const loanFiles = asked.filter((u) => u.startsWith(`${origin}/mf-loan/`));
    expect(loanFiles.length, "home's remote from its path").toBeGreaterThan(0);
    expect(
      loanFiles.filter((u) => u.endsWith('.css')),
      'no stylesheet the page carries inlined fetched again',
    ).toEqual([]);

    await page.getByRole('navigation').getByRole('link').last().click();
    await expect(page.locator('[data-testid=me-guest], [data-testid=me-profile]').first()).toBeVisible({ timeout: 60_000 });
    expect(asked.some((u) => u.startsWith(`${origin}/mf-usercenter/`))).toBe(true);
    await page.goto(`${origin}/#/mortgage_calculator`);
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
    await expect(page.locator('main').first()).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
}
