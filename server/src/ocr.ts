/**
 * CNIC OCR with tesseract.js and its packaged English data, offline: langPath is the
 * @tesseract.js-data/eng package's 4.0.0_best_int folder and cacheMethod 'none' (the
 * default CDN path crashes the process without network). One lazily created worker.
 */
import path from 'node:path';
import { createRequire } from 'node:module';

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
  read(image: Buffer): Promise<OcrResult>;
  close(): Promise<void>;
}

type Worker = { recognize(img: Buffer): Promise<{ data: { text: string; confidence: number } }>; terminate(): Promise<unknown> };

export function tesseractOcr(timeoutMs = 30_000): Ocr {
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const getWorker = () => {
    if (!worker) {
      worker = (async () => {
        const require = createRequire(import.meta.url);
        const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
        const T = await import('tesseract.js');
        const create = (T as unknown as { createWorker: Function }).createWorker ?? (T as any).default.createWorker;
        return (await create('eng', 1, { langPath, cacheMethod: 'none', gzip: true, errorHandler: () => {} })) as Worker;
      })();
      worker.catch(() => { worker = null; });
    }
    return worker;
  };
  return {
    read(image) {
      const run = queue.then(async () => {
        const w = await getWorker();
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, rej) => { timer = setTimeout(() => rej(new Error('ocr timeout')), timeoutMs); });
        try {
          const res = await Promise.race([w.recognize(image), timeout]);
          return parseCnic(res.data.text, res.data.confidence);
        } finally {
          clearTimeout(timer);
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      if (worker) {
        const w = await worker.catch(() => null);
        worker = null;
        await w?.terminate().catch(() => undefined);
      }
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
