/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a build, once,
 * at the best levels, so the static server (or a CDN) sends them as they are instead of
 * compressing on each request at a lower level.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Compiler } from '@rspack/core';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
export const COMPRESSIBLE = /\.(js|css|html|json|svg|webmanifest)$/;
const MIN_BYTES = 512;

async function precompressFile(file: string): Promise<void> {
  const body = await fs.readFile(file);
  if (body.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 9 }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
}

export class PrecompressPlugin {
  apply(compiler: Compiler) {
    // only what this compilation emitted: several compilations may share one folder
    compiler.hooks.afterEmit.tapPromise('precompress', async (compilation) => {
      const files = compilation
        .getAssets()
        .map((a) => a.name)
        .filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(files.map((f) => precompressFile(path.join(compiler.outputPath, f))));
    });
  }
}
