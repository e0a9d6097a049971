/**
 * CNIC OCR with tesseract.js and its packaged English data, offline: langPath is the
 * @tesseract.js-data/eng package's 4.0.0_best_int folder and cacheMethod 'none' (the
 * default CDN path crashes the process without network). Reads run in a bounded pool (pool.ts,
 * POLICY.ocr); what the text says is parsed per side of the card below.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { POLICY } from '../settings/policy';
import { boundedPool, type PoolLimits } from './pool';
import { ErrorCode } from '../core/errors';
import type C from '../api/contract';

export type CnicSide = 'front' | 'back';
export interface OcrText {
  text: string;
  confidence: number;
}
export interface Ocr {
  /** `owner`: whose read this is (one at a time each) */
  read(image: Buffer, owner: string): Promise<OcrText>;
  close(): Promise<void>;
}

export type OcrWorker = { recognize(img: Buffer): Promise<{ data: { text: string; confidence: number } }>; terminate(): Promise<unknown> };

async function createTesseract(): Promise<OcrWorker> {
  const require = createRequire(import.meta.url);
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const T = await import('tesseract.js');
  // tesseract.js is CommonJS: its createWorker is a named export under tsx, only on `default` in the esbuild bundle
  type Create = (lang: string, oem: number, options: object) => Promise<unknown>;
  const mod = T as unknown as { createWorker?: Create; default: { createWorker: Create } };
  const create = mod.createWorker ?? mod.default.createWorker;
  return (await create('eng', 1, { langPath, cacheMethod: 'none', gzip: true, errorHandler: () => {} })) as OcrWorker;
}

export function tesseractOcr(limits: PoolLimits = POLICY.ocr, create: () => Promise<OcrWorker> = createTesseract): Ocr {
  const pool = boundedPool(limits, create, async (w, image: Buffer) => {
    const r = await w.recognize(image);
    return { text: r.data.text, confidence: Math.round(r.data.confidence) / 100 };
  });
  return { read: (image, owner) => pool.run(image, owner), close: () => pool.close() };
}

/**
 * Which side of a Pakistani CNIC carries which field (the spec's extracted fields), from what the card
 * prints. Front (old and smart card): Name, Father Name (or Husband Name), Gender, Country of Stay,
 * Identity Number, Date of Birth, issue and expiry dates. Back: Present and Permanent Address (the
 * Identity Number again, barcode / QR). The mother's name is not printed on the standard card (NADRA
 * keeps it; the family registration certificate prints it): it is read from the back when a
 * "Mother Name" line is there and is never required (the spec's "null after recognition" messages
 * do not name it). A field is taken only from the side that carries it.
 */
export const CNIC_FIELDS = {
  front: ['cardNumber', 'name', 'fatherName', 'birthday'],
  back: ['address', 'motherName'],
} as const;
export type CnicField = (typeof CNIC_FIELDS)[CnicSide][number];
export type CnicReading = Partial<Record<CnicField, string | null>>;
export const sideOf = (field: CnicField): CnicSide => ((CNIC_FIELDS.front as readonly string[]).includes(field) ? 'front' : 'back');
/** the catalogue's message for each required field not recognised */
export const MISSING_FIELD_CODE: Record<(typeof C.CNIC_REQUIRED_FIELDS)[number], number> = {
  cardNumber: ErrorCode.cardNumberNull,
  name: ErrorCode.nameNull,
  fatherName: ErrorCode.fatherNameNull,
  birthday: ErrorCode.birthdayNull,
  address: ErrorCode.addressNull,
};

const clean = (s: string | undefined) =>
  s
    ? s
        .replace(/[^A-Za-z ]/g, '')
        .replace(/\s+/g, ' ')
        .trim() || null
    : null;

/** the fields of `side` found in its text (null when not found) */
export function parseCnic(text: string, side: CnicSide): CnicReading {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const after = (re: RegExp): string | undefined => {
    const i = lines.findIndex((l) => re.test(l));
    if (i < 0) return undefined;
    const same = lines[i].replace(re, '').replace(/^[\s:.-]+/, '');
    return same.length >= 3 ? same : lines[i + 1];
  };
  if (side === 'back') {
    return {
      address:
        after(/(?:present\s*|permanent\s*)?address/i)
          ?.replace(/\s+/g, ' ')
          .slice(0, 100) ?? null,
      motherName: clean(after(/mother\s*name/i)),
    };
  }
  const num = text.match(/\b(\d{5})\s*-?\s*(\d{7})\s*-?\s*(\d)\b/);
  const birthLine = after(/date\s*of\s*birth/i) ?? '';
  const dm = (birthLine + ' ' + text).match(/\b(\d{2})[./-](\d{2})[./-](\d{4})\b/);
  return {
    cardNumber: num ? num[1] + num[2] + num[3] : null,
    name: clean(after(/^name\b/i)),
    fatherName: clean(after(/father\s*name|husband\s*name/i)),
    birthday: dm ? `${dm[3]}-${dm[2]}-${dm[1]}` : null,
  };
}
