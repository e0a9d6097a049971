/**
 * The selfie check: exactly one face, large enough and sharp enough (POLICY.face).
 * On the server, not in the browser: a low-end phone then downloads no model, and a check in the
 * browser could be skipped by anyone calling the API. The detector (faceWorker.cjs, face-api's tiny
 * face detector on tfjs's WebAssembly backend) runs in worker threads of a bounded pool (pool.ts), one per core
 * by default: a check never blocks the server's event loop, checks are served in arrival order with
 * one per borrower at a time, a full queue answers 'busy' at once, a check past the time-out has its
 * worker replaced.
 */
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { POLICY } from '../settings/policy';
import { boundedPool } from './pool';
import { ErrorCode } from '../core/errors';

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}
export type FaceProblem = 'noFace' | 'severalFaces' | 'tooSmall' | 'blurry';
export type FaceVerdict = { ok: true; box: FaceBox; sharpness: number } | { ok: false; code: number; problem: FaceProblem; faces: number };
export interface FaceCheck {
  /** `owner`: whose check this is (one at a time each); rejects when the detector fails, with PoolBusy when busy */
  check(image: Buffer, owner: string): Promise<FaceVerdict>;
  close(): Promise<void>;
}
export interface Detector {
  detect(pixels: Uint8Array, width: number, height: number): Promise<FaceBox[]>;
  terminate(): Promise<unknown>;
}
type FacePolicy = typeof POLICY.face;
/** the policy's figures with this instance's worker count (cfg.faceWorkers) */
export type FaceLimits = FacePolicy & { workers: number };

/** the real model in a worker thread */
export async function startDetector(p: FacePolicy = POLICY.face): Promise<Detector> {
  const worker = new Worker(new URL('./faceWorker.cjs', import.meta.url), { workerData: { inputSize: p.inputSize, minScore: p.minScore } });
  const pending = new Map<number, { resolve(f: FaceBox[]): void; reject(e: Error): void }>();
  let seq = 0;
  const failAll = (e: Error) => {
    for (const w of pending.values()) w.reject(e);
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  worker.on('message', (m: { id: number; faces?: FaceBox[]; error?: string }) => {
    const w = pending.get(m.id);
    pending.delete(m.id);
    if (m.faces) w?.resolve(m.faces);
    else w?.reject(new Error(m.error ?? 'face detector failed'));
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('face detector stopped')));
  return {
    detect: (pixels, width, height) =>
      new Promise((resolve, reject) => {
        const id = ++seq;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, pixels, width, height }, [pixels.buffer as ArrayBuffer]);
      }),
    terminate: () => worker.terminate(),
  };
}

/** variance of the Laplacian of grey pixels: low when the picture is blurred */
export function laplacianVariance(grey: Uint8Array, width: number, height: number): number {
  let n = 0,
    sum = 0,
    sq = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = grey[i - width] + grey[i + width] + grey[i - 1] + grey[i + 1] - 4 * grey[i];
      n++;
      sum += v;
      sq += v * v;
    }
  }
  return n ? sq / n - (sum / n) ** 2 : 0;
}

export async function judgeFace(image: Buffer, detector: Detector, p: FacePolicy = POLICY.face): Promise<FaceVerdict> {
  const { data, info } = await sharp(image)
    .resize({ width: p.analysedMaxSide, height: p.analysedMaxSide, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const faces = await detector.detect(new Uint8Array(data), info.width, info.height);
  const fail = (problem: FaceProblem, code: number = ErrorCode.faceFailed): FaceVerdict => ({ ok: false, code, problem, faces: faces.length });
  if (!faces.length) return fail('noFace', ErrorCode.faceMissing);
  if (faces.length > 1) return fail('severalFaces');
  const box = faces[0];
  if (Math.max(box.width / info.width, box.height / info.height) < p.minFaceRatio) return fail('tooSmall');
  // the face region only (the background may be blurred on purpose), at one size so the figure does not depend on the photo's
  const left = Math.max(0, Math.floor(box.x)),
    top = Math.max(0, Math.floor(box.y));
  const width = Math.min(info.width - left, Math.ceil(box.width)),
    height = Math.min(info.height - top, Math.ceil(box.height));
  const grey = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract({ left, top, width, height })
    .greyscale()
    .resize(p.sharpnessSide, p.sharpnessSide, { fit: 'fill' })
    .raw()
    .toBuffer();
  const sharpness = laplacianVariance(grey, p.sharpnessSide, p.sharpnessSide);
  if (sharpness < p.minSharpness) return fail('blurry');
  return { ok: true, box, sharpness };
}

export function faceCheck(p: FaceLimits, create: () => Promise<Detector> = () => startDetector(p)): FaceCheck {
  const pool = boundedPool({ ...p, maxQueue: p.workers * p.queuePerWorker }, create, (d, image: Buffer) => judgeFace(image, d, p));
  return { check: (image, owner) => pool.run(image, owner), close: () => pool.close() };
}
