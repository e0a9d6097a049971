/**
 * Selfie-check capacity (issue 25 item 7): workers sized by the machine's cores, a fair bounded queue
 * (arrival order, one check per borrower, a full queue refused at once) and, through the API, a full
 * queue answered faceBusy with the wait the app retries after. Detectors are stand-ins whose timing
 * the test holds, so the order and the bounds are observed exactly (the real detector runs in
 * identity.test.ts and the e2e; the other server tests replay its answers: faceReplay.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import sharp from 'sharp';
import { faceCheck, type Detector, type FaceLimits } from '../src/identity/face';
import { PoolBusy } from '../src/identity/pool';
import { POLICY } from '../src/settings/policy';
import { loadConfig } from '../src/settings/config';
import C from '../src/api/contract';
import { FACE, register, startTest } from './helpers';

const { ErrorCode: E } = C;

/** detectors that answer one centred face when the test lets them; `started` lists owners' images in the order they reached a worker */
function heldDetectors() {
  const started: string[] = [];
  const waiting: (() => void)[] = [];
  let running = 0,
    peak = 0;
  const create = async (): Promise<Detector> => ({
    detect: (pixels, width, height) =>
      new Promise((resolve) => {
        started.push(String(pixels.length));
        running++;
        peak = Math.max(peak, running);
        waiting.push(() => {
          running--;
          resolve([{ x: width * 0.2, y: height * 0.1, width: width * 0.6, height: height * 0.8, score: 0.9 }]);
        });
      }),
    terminate: async () => undefined,
  });
  const releaseOne = () => waiting.shift()?.();
  const until = async (cond: () => boolean) => {
    while (!cond()) await new Promise((r) => setTimeout(r, 5));
  };
  return { create, started, releaseOne, until, peak: () => peak, waitingCount: () => waiting.length };
}
/** images told apart by their size (the stand-in records the pixel count) */
const images = await Promise.all([64, 72, 80, 88, 96, 104].map((side) => sharp(FACE).resize(side, side).jpeg().toBuffer()));
const sizeOf = async (img: Buffer) => {
  const m = await sharp(img).metadata();
  return String(m.width! * m.height! * 3);
};
const limits = (workers: number, queuePerWorker: number): FaceLimits => ({ ...POLICY.face, workers, queuePerWorker, maxWaitMs: 30_000, minSharpness: 0 });

test('workers default to the cores this process may use (FACE_WORKERS overrides)', () => {
  assert.equal(loadConfig({}).faceWorkers, os.availableParallelism());
  assert.equal(loadConfig({ FACE_WORKERS: '3' }).faceWorkers, 3);
  assert.equal(loadConfig({ FACE_WORKERS: '0' }).faceWorkers, 1);
});

test('checks run on every worker at once, and wait in arrival order for a free one', async () => {
  const d = heldDetectors();
  const face = faceCheck(limits(2, 4), d.create);
  const runs = images.slice(0, 5).map((img, i) => face.check(img, `borrower-${i}`));
  await d.until(() => d.started.length === 2);
  assert.equal(d.peak(), 2, 'two workers: two checks at the same time');
  for (let n = 3; n <= 5; n++) {
    d.releaseOne();
    await d.until(() => d.started.length === n);
  }
  d.releaseOne();
  d.releaseOne();
  const verdicts = await Promise.all(runs);
  assert.ok(verdicts.every((v) => v.ok));
  const sent = await Promise.all(images.slice(0, 5).map(sizeOf));
  // the first two start together (either may reach its detector first); the others in the order they came
  assert.deepEqual(new Set(d.started.slice(0, 2)), new Set(sent.slice(0, 2)));
  assert.deepEqual(d.started.slice(2), sent.slice(2), 'served first come, first served');
  await face.close();
});

test('the queue is bounded: beyond workers x queuePerWorker waiting, a check is refused at once; one check per borrower', async () => {
  const d = heldDetectors();
  const face = faceCheck(limits(1, 2), d.create);
  const running = face.check(images[0], 'a');
  await d.until(() => d.started.length === 1);
  const queued = [face.check(images[1], 'b'), face.check(images[2], 'c')];
  const t = Date.now();
  await assert.rejects(face.check(images[3], 'd'), PoolBusy, 'the queue is full');
  assert.ok(Date.now() - t < 1_000, 'refused at once, not after the wait');
  await assert.rejects(face.check(images[4], 'b'), PoolBusy, 'b already waits');
  d.releaseOne();
  await d.until(() => d.started.length === 2);
  d.releaseOne();
  await d.until(() => d.started.length === 3);
  d.releaseOne();
  assert.ok((await running).ok);
  for (const q of queued) assert.ok((await q).ok);
  // room again: d is served now
  const later = face.check(images[3], 'd');
  await d.until(() => d.waitingCount() === 1);
  d.releaseOne();
  assert.ok((await later).ok);
  await face.close();
});

test('through the API, a full queue answers faceBusy with the wait to retry after; the photo sent again is accepted', async () => {
  const d = heldDetectors();
  const inner = faceCheck(limits(1, 1), d.create);
  let entered = 0;
  const face = { check: (img: Buffer, owner: string) => (entered++, inner.check(img, owner)), close: () => inner.close() };
  const srv = await startTest({}, { face });
  try {
    const people = await Promise.all([0, 1, 2].map(() => register(srv.client)));
    const send = (token: string, lang = 'en') => srv.client('saveFaceImage', {}, { token, lang, file: { data: FACE } });
    const first = send(people[0].token);
    await d.until(() => d.started.length === 1);
    const second = send(people[1].token);
    await d.until(() => entered === 2); // the second waits in the only place in the queue
    const busy = await send(people[2].token, 'ur');
    assert.equal(busy.code, E.faceBusy, JSON.stringify(busy));
    assert.equal(busy.data.retryAfterMs, POLICY.face.retryAfterMs);
    assert.equal(busy.msg, C.ERROR_MESSAGES[E.faceBusy].ur);
    d.releaseOne();
    await d.until(() => d.started.length === 2);
    d.releaseOne();
    assert.equal((await first).code, 0);
    assert.equal((await second).code, 0);
    const again = send(people[2].token);
    await d.until(() => d.started.length === 3);
    d.releaseOne();
    assert.equal((await again).code, 0, 'the same photo, sent again, is accepted');
  } finally {
    await srv.close();
  }
});

test('a check that runs out of time on a loaded machine answers faceBusy too (the photo is analysed at a bounded size: not its fault)', async () => {
  const never = async (): Promise<Detector> => ({ detect: () => new Promise(() => undefined), terminate: async () => undefined });
  const srv = await startTest({}, { face: faceCheck({ ...limits(1, 1), timeoutMs: 200 }, never) });
  try {
    const u = await register(srv.client);
    const a = await srv.client('saveFaceImage', {}, { token: u.token, file: { data: FACE } });
    assert.equal(a.code, E.faceBusy, JSON.stringify(a));
  } finally {
    await srv.close();
  }
});
