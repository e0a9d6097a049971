/**
 * The worker pool (pool.ts) of the OCR under hostile and busy use: a read that hangs has its worker terminated and replaced,
 * another borrower is read meanwhile, one borrower cannot queue twice, and a read that cannot get a
 * worker in time is refused instead of waiting without bound. Workers are stand-ins whose speed the
 * image decides (tesseract itself is exercised by the e2e CNIC step).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tesseractOcr, type OcrWorker } from '../src/identity/ocr';
import { PoolBusy } from '../src/identity/pool';

const HANG = Buffer.from('hang');
const QUICK = Buffer.from('quick');
const TEXT = 'Identity Number 35201-1234567-1';
function workers() {
  const made: { terminated: boolean }[] = [];
  const create = async (): Promise<OcrWorker> => {
    const w = { terminated: false };
    made.push(w);
    return {
      recognize: (img) =>
        new Promise((resolve) => {
          if (img.equals(HANG)) return; // never answers (a pixel flood, a decoder loop)
          setTimeout(() => resolve({ data: { text: TEXT, confidence: 90 } }), 20);
        }),
      terminate: async () => {
        w.terminated = true;
      },
    };
  };
  return { made, create };
}
const elapsed = async <T>(p: Promise<T>) => {
  const t = Date.now();
  const r = await p;
  return { r, ms: Date.now() - t };
};

test('a read past the time-out fails, its worker is terminated and replaced; the next read works', async () => {
  const w = workers();
  const ocr = tesseractOcr({ workers: 1, timeoutMs: 300, maxWaitMs: 5_000, maxQueue: 8 }, w.create);
  await assert.rejects(ocr.read(HANG, 'a'), /worker timeout/);
  assert.equal(w.made[0].terminated, true, 'the stuck worker is terminated');
  const { r } = await elapsed(ocr.read(QUICK, 'a'));
  assert.equal(r.text, TEXT);
  assert.equal(w.made.length, 2, 'a new worker took its place');
  await ocr.close();
});

test('one borrower hanging a worker does not hold another borrower up', async () => {
  const w = workers();
  const ocr = tesseractOcr({ workers: 2, timeoutMs: 2_000, maxWaitMs: 5_000, maxQueue: 8 }, w.create);
  const stuck = ocr.read(HANG, 'attacker');
  const { r, ms } = await elapsed(ocr.read(QUICK, 'borrower'));
  assert.equal(r.text, TEXT);
  assert.ok(ms < 1_000, `the other borrower waited ${ms} ms`);
  await assert.rejects(stuck, /worker timeout/);
  await ocr.close();
});

test('a borrower has one read at a time; a read that waits too long for a worker is refused', async () => {
  const w = workers();
  const ocr = tesseractOcr({ workers: 1, timeoutMs: 1_500, maxWaitMs: 200, maxQueue: 8 }, w.create);
  const stuck = ocr.read(HANG, 'attacker');
  await assert.rejects(ocr.read(HANG, 'attacker'), PoolBusy, 'a second read of the same borrower is refused at once');
  const { ms } = await elapsed(assert.rejects(ocr.read(QUICK, 'borrower'), PoolBusy));
  assert.ok(ms < 1_000, `refused after ${ms} ms, not after the stuck read`);
  await assert.rejects(stuck, /worker timeout/);
  const again = await ocr.read(QUICK, 'borrower');
  assert.equal(again.text, TEXT, 'the pool serves again once the stuck worker is replaced');
  await ocr.close();
});
