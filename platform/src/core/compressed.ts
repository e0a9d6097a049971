/**
 * The compressed copies of a published text file: brotli (.br) and gzip (.gz) beside it, at the best levels, made once
 * when it is built or published, so a server sends them as they are (nginx's gzip_static and brotli_static,
 * stack/serve-static.ts) instead of compressing it on each request at a lower level or not at all. A server sends a copy
 * whenever it exists, so whatever replaces or removes the file does the same to its copies (store.ts writeAtomic).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const COMPRESSIBLE = /\.(js|css|html|json|svg|webmanifest)$/;
/** below this a copy saves less than its encoding header and a request's worth of nothing */
export const MIN_COMPRESSED_BYTES = 512;
/** the copies' extensions, by the encoding a server names */
export const COPIES = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

const brotliOptions = (size: number) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } });
const GZIP = { level: 9 };

/** whether `file` (a name) with `size` bytes is published with copies */
export const hasCopies = (file: string, size: number) => COMPRESSIBLE.test(file) && size >= MIN_COMPRESSED_BYTES;

/** the copies of `body` (the file `file`): [the copy's path, its bytes]; none for a file that has none */
export function compressedCopies(file: string, body: string | Buffer): [copy: string, bytes: Buffer][] {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (!hasCopies(file, bytes.length)) return [];
  return [
    [`${file}.br`, zlib.brotliCompressSync(bytes, brotliOptions(bytes.length))],
    [`${file}.gz`, zlib.gzipSync(bytes, GZIP)],
  ];
}

/** the same, off the main thread (a build's many files) */
export async function compressedCopiesAsync(file: string, body: Buffer): Promise<[copy: string, bytes: Buffer][]> {
  if (!hasCopies(file, body.length)) return [];
  const [br, gz] = await Promise.all([
    new Promise<Buffer>((resolve, reject) => zlib.brotliCompress(body, brotliOptions(body.length), (e, b) => (e ? reject(e) : resolve(b)))),
    new Promise<Buffer>((resolve, reject) => zlib.gzip(body, GZIP, (e, b) => (e ? reject(e) : resolve(b)))),
  ]);
  return [
    [`${file}.br`, br],
    [`${file}.gz`, gz],
  ];
}

/** removes `file` (unless `keepFile`) and its copies, whichever exist */
export function removeWithCopies(file: string, { keepFile = false } = {}) {
  for (const at of [...(keepFile ? [] : [file]), ...COPIES.map(([, ext]) => `${file}${ext}`)]) fs.rmSync(at, { force: true });
}

/** the file a name is a copy of (itself when it is none) */
export const originalOf = (name: string) => name.replace(/\.(br|gz)$/, '');

/**
 * Gives every text file under `dir` its copies where they are missing or older than it (a build folder about to be
 * published: the builds make them, a folder from elsewhere may lack some). Answers how many files it wrote copies for.
 */
export function completeCopies(dir: string): number {
  let made = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { size, mtimeMs } = fs.statSync(file);
    if (!hasCopies(file, size)) continue;
    const fresh = COPIES.every(([, ext]) => (fs.statSync(`${file}${ext}`, { throwIfNoEntry: false })?.mtimeMs ?? -1) >= mtimeMs);
    if (fresh) continue;
    for (const [copy, bytes] of compressedCopies(file, fs.readFileSync(file))) fs.writeFileSync(copy, bytes);
    made++;
  }
  return made;
}
