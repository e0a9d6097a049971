/**
 * CNIC OCR with tesseract.js and its packaged English data, offline: langPath is the
 * @tesseract.js-data/eng package's 4.0.0_best_int folder and cacheMethod 'none' (the
 * default CDN path crashes the process without network).
 *
 * A small pool (POLICY.ocr): each worker is a thread created when first needed; a read that runs
 * past the time-out has its worker terminated and replaced, so a hostile image cannot hold a worker;
 * one borrower has at most one read queued or running, and a read that waited too long for a free
 * worker is refused ('busy') rather than kept: nobody waits behind another borrower unboundedly.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { POLICY } from './policy';

export interface OcrResult {
  cardNumber: string | null;
  name: string | null;
  fatherName: string | null;
  birthday: string | null;
  address: string | null;
  confidence: number;
  text: string;
}
export interface Ocr {
  /** `owner`: whose read this is (one at a time each) */
  read(image: Buffer, owner: string): Promise<OcrResult>;
  close(): Promise<void>;
}
export interface OcrLimits { workers: number; timeoutMs: number; maxWaitMs: number }

export type OcrWorker = { recognize(img: Buffer): Promise<{ data: { text: string; confidence: number } }>; terminate(): Promise<unknown> };

async function createTesseract(): Promise<OcrWorker> {
  const require = createRequire(import.meta.url);
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const T = await import('tesseract.js');
  const create = (T as unknown as { createWorker: Function }).createWorker ?? (T as any).default.createWorker;
  return (await create('eng', 1, { langPath, cacheMethod: 'none', gzip: true, errorHandler: () => {} })) as OcrWorker;
}

export class OcrBusy extends Error {}

export function tesseractOcr(limits: OcrLimits = POLICY.ocr, create: () => Promise<OcrWorker> = createTesseract): Ocr {
  type Job = { image: Buffer; owner: string; resolve(r: OcrResult): void; reject(e: Error): void; waitTimer: NodeJS.Timeout };
  const idle: (Promise<OcrWorker> | null)[] = Array.from({ length: limits.workers }, () => null);
  const free: number[] = idle.map((_, i) => i);
  const queue: Job[] = [];
  const owners = new Set<string>();
  let closed = false;

  const settle = (job: Job) => { clearTimeout(job.waitTimer); owners.delete(job.owner); };
  function pump() {
    while (free.length && queue.length) {
      const slot = free.shift()!;
      const job = queue.shift()!;
      clearTimeout(job.waitTimer);
      void run(slot, job);
    }
  }
  async function run(slot: number, job: Job) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const w = await (idle[slot] ??= create());
      const timeout = new Promise<never>((_, rej) => { timer = setTimeout(() => rej(new Error('ocr timeout')), limits.timeoutMs); });
      const res = await Promise.race([w.recognize(job.image), timeout]);
      job.resolve(parseCnic(res.data.text, res.data.confidence));
    } catch (e) {
      // timed out or crashed: this worker is not trusted again
      const w = idle[slot];
      idle[slot] = null;
      void w?.then((x) => x.terminate()).catch(() => undefined);
      job.reject(e as Error);
    } finally {
      clearTimeout(timer);
      settle(job);
      if (!closed) { free.push(slot); pump(); }
    }
  }
  return {
    read(image, owner) {
      if (closed) return Promise.reject(new Error('ocr closed'));
      if (owners.has(owner)) return Promise.reject(new OcrBusy('a read of this borrower is already queued'));
      owners.add(owner);
      return new Promise<OcrResult>((resolve, reject) => {
        const job: Job = {
          image, owner, resolve, reject,
          waitTimer: setTimeout(() => {
            const i = queue.indexOf(job);
            if (i < 0) return;
            queue.splice(i, 1);
            settle(job);
            reject(new OcrBusy('no OCR worker was free in time'));
          }, limits.maxWaitMs),
        };
        queue.push(job);
        pump();
      });
    },
    async close() {
      closed = true;
      for (const j of queue.splice(0)) { settle(j); j.reject(new Error('ocr closed')); }
      await Promise.all(idle.map((w) => w?.then((x) => x.terminate()).catch(() => undefined)));
      idle.fill(null);
    },
  };
}

const clean = (s: string | undefined) => (s ? s.replace(/[^A-Za-z ]/g, '').replace(/\s+/g, ' ').trim() || null : null);

export function parseCnic(text: string, confidence = 0): OcrResult {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const num = text.match(/\b(\d{5})\s*-?\s*(\d{7})\s*-?\s*(\d)\b/);
  const after = (re: RegExp): string | undefined => {
    const i = lines.findIndex((l) => re.test(l));
    if (i < 0) return undefined;
    const same = lines[i].replace(re, '').replace(/^[\s:.-]+/, '');
    return same.length >= 3 ? same : lines[i + 1];
  };
  const birthLine = after(/date\s*of\s*birth/i) ?? '';
  const dm = (birthLine + ' ' + text).match(/\b(\d{2})[./-](\d{2})[./-](\d{4})\b/);
  return {
    cardNumber: num ? num[1] + num[2] + num[3] : null,
    name: clean(after(/^name\b/i)),
    fatherName: clean(after(/father\s*name|husband\s*name/i)),
    birthday: dm ? `${dm[3]}-${dm[2]}-${dm[1]}` : null,
    address: after(/address/i)?.slice(0, 100) ?? null,
    confidence: Math.round(confidence) / 100,
    text,
  };
}
