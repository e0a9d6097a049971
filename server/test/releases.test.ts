/** What the front-end release tool (platform/src/release) asks of the API, and what a phone reports to it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile } from './helpers';
import C from '../src/api/contract';

const { srv } = serverForFile();

test("/contract lists every call of the catalogue with its schemas' fingerprints, and a fingerprint of the whole", async () => {
  const res = await fetch(`${srv.base}/contract`);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.match(body.fingerprint, /^[0-9a-f]{16}$/);
  assert.equal(body.endpoints.length, Object.keys(C.endpoints).length);
  const detail = body.endpoints.find((e: { name: string }) => e.name === 'repaymentDetail');
  assert.deepEqual(detail, {
    name: 'repaymentDetail',
    method: 'GET',
    prefix: '/api',
    path: '/portal/repayment/detail',
    ...C.callFingerprints('repaymentDetail'),
  });
  assert.match(detail.request, /^[0-9a-f]{16}$/);
  assert.match(detail.response, /^[0-9a-f]{16}$/);
  assert.notEqual(detail.request, detail.response);
  const again = await (await fetch(`${srv.base}/contract`)).json();
  assert.equal(again.fingerprint, body.fingerprint);
});

test('clientEvent: a remote that fell back is accepted without a session; nonsense is refused', async () => {
  const ok = await srv.client('clientEvent', {
    event: 'remoteFallback',
    remote: 'mf_repay',
    version: '1.0.0-abc1234',
    fallbackVersion: '1.0.0-0ff1ce0',
    reason: 'entry: HTTP 404',
  });
  assert.equal(ok.code, 0);
  assert.deepEqual(ok.data, { ok: true });
  const bad = await srv.client('clientEvent', { event: 'anything', remote: '../etc', version: 'x', reason: 'y' });
  assert.equal(bad.code, C.ErrorCode.validationFailed);
});
