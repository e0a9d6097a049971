/** The release pointer's moves and the fit checks (node --test scripts/release/). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildHash, readPointer, rollBack, savePointer, switchTo, withLock } from './store.mjs';
import { callProblems, routeProblems, sharedProblems } from './checks.mjs';

const v = (id) => ({ id, version: id.split('-')[0], shared: '1.0.0', publishedAt: '2026-11-23T10:00:00.000Z' });
const released = (...ids) =>
  ids.reduce((p, id) => switchTo({ ...p, versions: [...p.versions, v(id)] }, id), { remote: 'mf_repay', current: null, lastGood: null, versions: [] });

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
  assert.throws(() => rollBack(twice), /no earlier version/);
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
  assert.deepEqual(fs.readdirSync(dir).sort(), ['csp-hashes.json', 'index.html', 'releases.json'], 'no temporary file left');
  const order = [];
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
});

test('a build for another shared major, or calling what the API lacks, is refused with the reason', () => {
  const manifest = (version) => ({
    shared: [
      { name: 'react', version: '19.3.1' },
      { name: 'shared', version },
    ],
  });
  assert.deepEqual(sharedProblems(manifest('1.4.0'), manifest('1.0.0')), []);
  assert.match(sharedProblems(manifest('2.0.0'), manifest('1.0.0'))[0], /shared 2\.0\.0, but the host runs shared 1\.0\.0/);
  const contract = { fingerprint: 'f00d', endpoints: [{ name: 'repaymentDetail', method: 'GET', prefix: '/api', path: '/portal/repayment/detail' }] };
  const info = (calls) => ({ calls });
  assert.deepEqual(callProblems(info([contract.endpoints[0]]), contract, 'http://api'), []);
  const [problem] = callProblems(info([{ name: 'repayColor', method: 'GET', prefix: '/api', path: '/loanMarket/repay-color' }]), contract, 'http://api');
  assert.match(problem, /calls repayColor .* which the API at http:\/\/api does not answer \(catalogue f00d\)/);
});

test("a route table is refused when it moves or re-guards a spec route, drops one, or takes another's path", () => {
  const spec = {
    routes: [
      { name: 'repayDetail', path: '/repay/repay_detail', remote: 'mf_repay' },
      { name: 'cashier', path: '/repay/cashier', remote: 'mf_repay' },
      { name: 'me', path: '/me', remote: 'mf_usercenter', tab: true },
      { name: 'settings', path: '/user_center/settings', remote: 'mf_usercenter', guarded: true },
    ],
    redirects: [{ from: '/repay', to: '/' }],
  };
  const others = spec.routes.filter((r) => r.remote !== 'mf_repay').concat({ name: 'meGuide', path: '/me/guide', remote: 'mf_usercenter' });
  const repay = (...extra) => ({ remote: 'mf_repay', routes: [...spec.routes.slice(0, 2), ...extra] });
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
  const problems = (call) => callProblems({ calls: [call] }, contract, 'http://api');
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
