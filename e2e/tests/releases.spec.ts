/**
 * A squad releases its remote under a running host (scripts/release, README "Releasing a
 * remote"): a new version is used at the next page load with no host rebuild or restart; a
 * broken one (its entry missing, or its module throwing) leaves borrowers on the last good
 * one and is reported; rollback makes the previous version current; a build needing a platform
 * the host does not have, calling what the API lacks, or sending a request the API no longer
 * accepts as built, is refused; one needing a newer UI kit than the host's brings its own.
 *
 * The front ends run here on their own ports and releases folder (the suite's API behind
 * them), so the releases made here touch no other test. Each version is the real mf-repay
 * build copied and changed the way a rebuild with that change would differ.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as NS from 'shared/contract';
import { API_PORT, APPS } from '../../apps.config.mjs';
import { loginByApi, openSent, useSessionIn } from '../support/api';

// shared has no "type": "module": under Node its TS source loads as CommonJS
const C = ((NS as unknown as { default?: typeof NS }).default ?? NS) as typeof NS;
const ROOT = path.join(__dirname, '../..');
/** another port base lets a second checkout run this spec beside one on the default ports */
const PORT0 = Number(process.env.RELEASES_E2E_PORT0 ?? 3620);
const apps = APPS.map((a, i) => ({ ...a, port: PORT0 + i }));
const host = apps.find((a) => a.name === 'host')!;
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-releases-'));
const built = path.join(ROOT, 'mf-repay/dist');
let frontEnds: ChildProcess;

/** this stack's ports and releases folder, in the variables every script reads */
const env = {
  ...process.env,
  RELEASES_DIR: releasesDir,
  API_PORT: String(API_PORT),
  ...Object.fromEntries(apps.map((a) => [a.name === 'host' ? 'HOST_PORT' : `${a.name.toUpperCase()}_PORT`, String(a.port)])),
};

/** The squad's command, as it runs it (npm run <command> -w mf-repay), against this stack. */
function squad(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/release/cli.mjs'), ...args, '--remote', 'mf-repay'], { env, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A copy of mf-repay's build with `change` applied to its files (the precompressed copies of a changed file dropped). */
function variant(name: string, change: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lm-repay-${name}-`));
  fs.cpSync(built, dir, { recursive: true });
  change(dir);
  return dir;
}
const routesChunk = (dir: string) =>
  path.join(
    dir,
    fs.readdirSync(dir).find((f) => /^__federation_expose_routes\.[0-9a-f]{8}\.js$/.test(f))!,
  );
function edit(file: string, from: string, to: string) {
  const text = fs.readFileSync(file, 'utf8');
  expect(text, `${path.basename(file)} has ${from}`).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
  fs.rmSync(`${file}.br`, { force: true });
  fs.rmSync(`${file}.gz`, { force: true });
}

const pointer = () => JSON.parse(fs.readFileSync(path.join(releasesDir, 'mf-repay/releases.json'), 'utf8'));
const current = () => pointer().current as string;

/** What the page reported to the API's clientEvent call. */
function reportsOf(page: Page) {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (req) => {
    const call = req.url().includes('/api/') ? openSent(req.url(), req.postData()) : null;
    if (call?.path === '/app/clientEvent') sent.push(call.params);
  });
  return sent;
}

async function openRepay(page: Page, token: string) {
  await useSessionIn(page, token);
  await page.goto(`http://localhost:${host.port}/?nativeSim=1#/repay/repay_detail`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // the built front ends, each remote's build released as its first version
  frontEnds = spawn(process.execPath, [path.join(ROOT, 'scripts/front-ends.mjs')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    frontEnds.stdout!.on('data', (d: Buffer) => d.toString().includes('front ends ready') && resolve());
    frontEnds.once('exit', (code) => reject(new Error(`front ends exited with ${code}`)));
  });
});
test.afterAll(async () => {
  frontEnds?.kill();
  fs.rmSync(releasesDir, { recursive: true, force: true });
});

let token: string;
let good: string;

test('a new release is used at the next page load, with no host rebuild or restart', async ({ page }) => {
  token = await loginByApi();
  const first = current();
  await openRepay(page, token);
  await expect(page.getByRole('heading', { name: 'Repayment details', exact: true })).toBeVisible();

  const changed = variant('new', (dir) => edit(routesChunk(dir), 'title:"Repayment details"', 'title:"Repayment details (new)"'));
  const r = squad('release', '--from', changed);
  expect(r.code, r.err).toBe(0);
  good = current();
  expect(r.out).toContain(`${first} -> ${good} (current); last good: ${first}`);
  expect(pointer().lastGood).toBe(first);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Repayment details (new)' })).toBeVisible();
  await page.goto(`http://localhost:${host.port}/#/user_center/settings`);
  await page.getByTestId('settings-version').click(); // the parts' builds are behind a tap
  await expect(page.getByTestId('settings-part-repay')).toHaveText(`repay ${good}`);
});

test('a release whose entry is missing: borrowers stay on the last good one, it is reported, and rolled back', async ({ page }) => {
  const broken = variant('no-entry', (dir) => {
    for (const f of fs.readdirSync(dir).filter((f) => f.startsWith('remoteEntry.'))) fs.rmSync(path.join(dir, f));
  });
  // released as an unchecked hotfix would be: no smoke load, so never a fallback
  const r = squad('release', '--from', broken, '--unverified');
  expect(r.code, r.err).toBe(0);
  const bad = current();
  expect(squad('list').out).toMatch(new RegExp(`\\* ${bad}.*unverified`));
  expect(pointer().lastGood).toBe(good);

  const reports = reportsOf(page);
  await openRepay(page, token);
  await expect(page.getByRole('heading', { name: 'Repayment details (new)' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  // to the wrapper's event log (the simulator records what the app sends it) and to the API
  const bridged = await page.evaluate(() =>
    (window as unknown as { __nativeSim: { sent: { action: string; data: { name: string; params: Record<string, unknown> } }[] } }).__nativeSim.sent
      .filter((m) => m.action === 'logEventByLocal')
      .map((m) => m.data),
  );
  expect(bridged).toContainEqual(
    expect.objectContaining({ name: 'remoteFallback', params: expect.objectContaining({ remote: 'mf_repay', version: bad, fallbackVersion: good }) }),
  );
  await expect
    .poll(() => reports)
    .toContainEqual(expect.objectContaining({ event: 'remoteFallback', remote: 'mf_repay', version: bad, fallbackVersion: good }));

  // in the same page load: Settings says which release runs, for a support call
  await page.evaluate(() => (location.hash = '#/user_center/settings'));
  await page.getByTestId('settings-version').click();
  await expect(page.getByTestId('settings-part-repay')).toHaveText(`repay ${good} (instead of ${bad})`);

  // the squad sees the report and rolls back: the broken one is never a fallback again
  const back = squad('rollback');
  expect(back.code, back.err).toBe(0);
  expect(back.out).toContain(`${bad} -> ${good} (current)`);
});

test('a release whose module throws at import: the last good one again; rollback makes it current', async ({ page }) => {
  const throwing = variant('throws', (dir) => edit(routesChunk(dir), 'remote:"mf_repay"', 'remote:(()=>{throw new Error("release broken on purpose")})()'));
  const r = squad('release', '--from', throwing, '--unverified');
  expect(r.code, r.err).toBe(0);
  const bad = current();

  const reports = reportsOf(page);
  await openRepay(page, token);
  await expect(page.getByRole('heading', { name: 'Repayment details (new)' })).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => reports)
    .toContainEqual(
      expect.objectContaining({ event: 'remoteFallback', version: bad, fallbackVersion: good, reason: expect.stringContaining('release broken on purpose') }),
    );

  const back = squad('rollback');
  expect(back.code, back.err).toBe(0);
  expect(back.out).toContain(`${bad} -> ${good} (current)`);
  expect(current()).toBe(good);
  const listed = squad('list');
  expect(listed.out).toMatch(new RegExp(`\\* ${good}.*\\(current\\)`));
  expect(listed.out).toMatch(new RegExp(`${bad}.*rolled back`));

  // the next page load runs the rolled-back-to version as current: nothing to fall back from
  const after = reportsOf(page);
  await page.goto(`http://localhost:${host.port}/#/user_center/settings`);
  await page.reload();
  await page.getByTestId('settings-version').click();
  await expect(page.getByTestId('settings-part-repay')).toHaveText(`repay ${good}`);
  await page.goto(`http://localhost:${host.port}/#/repay/repay_detail`);
  await expect(page.getByRole('heading', { name: 'Repayment details (new)' })).toBeVisible();
  expect(after).toEqual([]);
});

/** The platform the host was built with (shared/parts.json), and a version of it one minor or major on. */
const PLATFORM = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/parts.json'), 'utf8')).platform.version as string;
const [MAJOR, MINOR] = PLATFORM.split('.').map(Number);
/** mf-repay's build as a build against a platform `version` would be: release.json needs it (as mf-manifest.json's requiredVersion says too) */
const needingPlatform = (version: string) =>
  variant(`platform-${version}`, (dir) => {
    const file = path.join(dir, 'release.json');
    const info = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(info.parts.platform, 'the build recorded the platform it was built with').toEqual({ version: PLATFORM, range: `^${PLATFORM}`, shares: ['shared'] });
    Object.assign(info, { shared: version, parts: { ...info.parts, platform: { ...info.parts.platform, version, range: `^${version}` } } });
    fs.writeFileSync(file, JSON.stringify(info));
  });

test('a remote needing a newer platform is refused with the host version named', async () => {
  const before = fs.readFileSync(path.join(releasesDir, 'mf-repay/releases.json'), 'utf8');
  const newer = `${MAJOR}.${MINOR + 1}.0`;
  const r = squad('release', '--from', needingPlatform(newer));
  expect(r.code).toBe(2);
  expect(r.err).toContain(
    `release refused: mf-repay 1.0.0 does not fit what it would meet:\n  - needs platform ^${newer} (it was built with ${newer}); the running host has platform ${PLATFORM}: release a host with platform ${newer} or later first`,
  );
  expect(fs.readFileSync(path.join(releasesDir, 'mf-repay/releases.json'), 'utf8')).toBe(before);
});

test('a remote needing a newer UI kit than the host has is released and loads its own copy of the kit: the page works', async ({ page }) => {
  const kit = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/parts.json'), 'utf8')).ui.version as string;
  const newer = `${kit.split('.')[0]}.${Number(kit.split('.')[1]) + 1}.0`;
  const ownKit = variant('ui-newer', (dir) => {
    // a build against the newer kit: its container offers that version and asks for it (the host's is out of range)
    const entry = path.join(
      dir,
      fs.readdirSync(dir).find((f) => /^remoteEntry\.[0-9a-f]{8}\.js$/.test(f))!,
    );
    edit(entry, `"shared/ui",version:"${kit}"`, `"shared/ui",version:"${newer}"`);
    edit(entry, `"shared/ui",import:"shared/ui",requiredVersion:"^${kit}"`, `"shared/ui",import:"shared/ui",requiredVersion:"^${newer}"`);
    const file = path.join(dir, 'release.json');
    const info = JSON.parse(fs.readFileSync(file, 'utf8'));
    info.parts.ui = { ...info.parts.ui, version: newer, range: `^${newer}` };
    fs.writeFileSync(file, JSON.stringify(info));
  });
  const r = squad('release', '--from', ownKit);
  expect(r.code, r.err).toBe(0);
  expect(r.out).toContain(`needs ui ^${newer} (it was built with ${newer}); the running host has ui ${kit}: it loads its own copy of shared/ui, shared/forms`);

  const repayOrigin = `http://localhost:${apps.find((a) => a.name === 'mf_repay')!.port}/`;
  const kitFiles = JSON.parse(fs.readFileSync(path.join(ownKit, 'mf-manifest.json'), 'utf8')).shared.find((s: { name: string }) => s.name === 'shared/ui')
    .assets.js.sync as string[];
  const fromRepay: string[] = [];
  page.on('request', (req) => req.url().startsWith(repayOrigin) && fromRepay.push(path.basename(new URL(req.url()).pathname)));
  await openRepay(page, token);
  await expect(page.getByRole('heading', { name: 'Repayment details', exact: true })).toBeVisible();
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  expect(fromRepay, "the kit's chunks came from mf-repay's release").toEqual(expect.arrayContaining(kitFiles));

  const back = squad('rollback');
  expect(back.code, back.err).toBe(0);
});

test('a build for another platform major, calling a call the API lacks, or with a request schema the API no longer has, is refused and changes nothing', async () => {
  const before = fs.readFileSync(path.join(releasesDir, 'mf-repay/releases.json'), 'utf8');
  const folders = fs.readdirSync(path.join(releasesDir, 'mf-repay')).sort();

  const refused = squad('release', '--from', needingPlatform(`${MAJOR + 1}.0.0`));
  expect(refused.code).toBe(2);
  expect(refused.err).toContain('release refused');
  expect(refused.err).toContain(`needs platform ^${MAJOR + 1}.0.0 (it was built with ${MAJOR + 1}.0.0); the running host has platform ${PLATFORM}`);

  const newCall = variant('new-call', (dir) => {
    const file = path.join(dir, 'release.json');
    const info = JSON.parse(fs.readFileSync(file, 'utf8'));
    info.calls.push({ name: 'repayPlan', method: 'GET', prefix: '/api', path: '/repay/plan' });
    fs.writeFileSync(file, JSON.stringify(info));
  });
  const refused2 = squad('release', '--from', newCall);
  expect(refused2.code).toBe(2);
  expect(refused2.err).toMatch(/calls repayPlan \(GET \/api\/repay\/plan\), which the API at .* does not answer/);

  // built against a contract whose required `orderNo` was named otherwise: same path, another request schema
  const confirm = C.RepaymentConfirmRequest;
  const renamed = C.schemaFingerprint(confirm.omit({ orderNo: true }).extend({ orderRef: confirm.shape.orderNo }));
  const built = C.callFingerprints('repaymentConfirm').request;
  const oldRequest = variant('renamed-param', (dir) => {
    const file = path.join(dir, 'release.json');
    const info = JSON.parse(fs.readFileSync(file, 'utf8'));
    const call = info.calls.find((c: { name: string }) => c.name === 'repaymentConfirm');
    expect(call.request, 'the build recorded the contract it was made with').toBe(built);
    call.request = renamed;
    fs.writeFileSync(file, JSON.stringify(info));
  });
  const refused3 = squad('release', '--from', oldRequest);
  expect(refused3.code).toBe(2);
  expect(refused3.err).toMatch(/calls repaymentConfirm \(POST \/api\/portal\/repayment\/confirm\) with a request the API at .* may no longer accept/);
  expect(refused3.err).toContain(`built for request schema ${renamed}, the API has ${built}. Rebuild against the API's contract.`);

  expect(fs.readFileSync(path.join(releasesDir, 'mf-repay/releases.json'), 'utf8')).toBe(before);
  expect(fs.readdirSync(path.join(releasesDir, 'mf-repay')).sort()).toEqual(folders);
});

test('a new screen ships with its remote alone: released, the composed app routes to it with no host release', async ({ page }) => {
  const hostPage = fs.readFileSync(path.join(ROOT, 'host/dist/index.html'));
  const guide = { name: 'repayGuide', path: '/repay/guide', remote: 'mf_repay', guarded: true };
  const withGuide = variant('new-screen', (dir) => {
    // what a rebuild with the screen in src/routeTable.ts and src/routes.ts would hold
    edit(routesChunk(dir), '{name:"exhibitionPeriodDetail"}]', '{name:"exhibitionPeriodDetail"},{name:"repayGuide",path:"/repay/guide",guarded:!0}]');
    edit(routesChunk(dir), 'screens:{', 'screens:{repayGuide:()=>"How to repay (a new screen)",');
    const file = path.join(dir, 'release.json');
    const info = JSON.parse(fs.readFileSync(file, 'utf8'));
    info.routes.push(guide);
    fs.writeFileSync(file, JSON.stringify(info));
  });
  const r = squad('release', '--from', withGuide);
  expect(r.code, r.err).toBe(0);
  const withIt = current();
  const published = JSON.parse(fs.readFileSync(path.join(releasesDir, 'host/remotes.json'), 'utf8'));
  expect(published.mf_repay.routes).toContainEqual(guide);

  // its guard holds: signed out, the login screen, then back to it
  await page.goto(`http://localhost:${host.port}/#/repay/guide`);
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Frepay%2Fguide/);
  await useSessionIn(page, token);
  await page.goto('about:blank'); // a new page load: the session stored before it
  await page.goto(`http://localhost:${host.port}/#/repay/guide`);
  await expect(page.getByText('How to repay (a new screen)')).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  expect(fs.readFileSync(path.join(ROOT, 'host/dist/index.html')).equals(hostPage), 'the host was not rebuilt').toBe(true);

  // rolled back, the screen goes with its release
  const back = squad('rollback');
  expect(back.code, back.err).toBe(0);
  expect(back.out).toContain(`${withIt} -> ${good} (current)`);
  await page.reload();
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test("a route table that moves or re-guards a spec route, or takes another remote's path, is refused", async () => {
  const before = fs.readFileSync(path.join(releasesDir, 'mf-repay/releases.json'), 'utf8');
  const withRoutes = (name: string, change: (routes: { name: string; path: string; guarded?: boolean }[]) => void) =>
    variant(name, (dir) => {
      const file = path.join(dir, 'release.json');
      const info = JSON.parse(fs.readFileSync(file, 'utf8'));
      change(info.routes);
      fs.writeFileSync(file, JSON.stringify(info));
    });
  const moved = squad(
    'release',
    '--from',
    withRoutes('moved', (routes) => Object.assign(routes[0], { path: '/repay/detail' })),
  );
  expect(moved.code).toBe(2);
  expect(moved.err).toContain("route repayDetail (/repay/detail) contradicts the spec's table: repayDetail (/repay/repay_detail)");
  const unguarded = squad(
    'release',
    '--from',
    withRoutes('guarded', (routes) => Object.assign(routes[1], { guarded: true })),
  );
  expect(unguarded.code).toBe(2);
  expect(unguarded.err).toContain("route cashier (/repay/cashier, guarded) contradicts the spec's table");
  const claims = squad(
    'release',
    '--from',
    withRoutes('claims', (routes) => routes.push({ name: 'repayMe', path: '/me' })),
  );
  expect(claims.code).toBe(2);
  expect(claims.err).toContain("route repayMe (/me) takes the spec's path of me");
  expect(fs.readFileSync(path.join(releasesDir, 'mf-repay/releases.json'), 'utf8')).toBe(before);
});

test('a failed rollback changes nothing: to a version whose manifest is corrupt in its folder, refused, naming it', async () => {
  const first = pointer().versions[0].id as string;
  const manifest = path.join(releasesDir, 'mf-repay', first, 'mf-manifest.json');
  const published = ['mf-repay/releases.json', 'mf-repay/index.html', 'host/remotes.json', 'host/index.html'].map((f) => path.join(releasesDir, f));
  const before = published.map((f) => fs.readFileSync(f));
  const intact = fs.readFileSync(manifest);
  fs.writeFileSync(manifest, '{"shared": [');
  try {
    const r = squad('rollback', first);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`release refused: mf-repay ${first}: ${manifest} cannot be read`);
    published.forEach((f, i) => expect(fs.readFileSync(f).equals(before[i]), `${path.relative(releasesDir, f)} unchanged`).toBe(true));
  } finally {
    fs.writeFileSync(manifest, intact);
  }
});

test('a release whose module throws at import is refused by the smoke load: never current, never last good', async () => {
  const before = fs.readFileSync(path.join(releasesDir, 'mf-repay/releases.json'), 'utf8');
  const folders = fs.readdirSync(path.join(releasesDir, 'mf-repay')).sort();
  const throwing = variant('throws-smoke', (dir) =>
    edit(routesChunk(dir), 'remote:"mf_repay"', 'remote:(()=>{throw new Error("release broken on purpose")})()'),
  );
  const r = squad('release', '--from', throwing);
  expect(r.code, r.out).toBe(2);
  expect(r.err).toContain('release refused');
  expect(r.err).toMatch(/smoke load .*\n.*en repayDetail \(\/repay\/repay_detail\): could not load .*release broken on purpose/);
  expect(r.err).toMatch(/ur cashier \(\/repay\/cashier\): could not load/);
  expect(fs.readFileSync(path.join(releasesDir, 'mf-repay/releases.json'), 'utf8')).toBe(before);
  expect(fs.readdirSync(path.join(releasesDir, 'mf-repay')).sort()).toEqual(folders);
});

test('two releases of one remote at once: each from its own checks and build, one after the other', async () => {
  test.slow(); // two rounds of mf-repay's typecheck, lint, tests and build
  const releasing = () =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'scripts/release/cli.mjs'), 'release', '--remote', 'mf-repay'], { env });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.stderr.on('data', (d: Buffer) => (err += d));
      child.on('close', (code) => resolve({ code, out, err }));
    });
  const [a, b] = await Promise.all([releasing(), releasing()]);
  expect(a.code, a.err).toBe(0);
  expect(b.code, b.err).toBe(0);
  for (const r of [a, b]) expect(r.out).toMatch(/typecheck: ok[\s\S]*lint: ok[\s\S]*test: ok[\s\S]*smoke load of 4 routes in English and Urdu: ok/);
  // the same sources build the same version: the second finds it in place, the pointer whole
  expect(`${a.out}\n${b.out}`).toContain('was already published (the same build)');
  expect(pointer().current).toMatch(/^1\.0\.0-[0-9a-f]{7}$/);
});
