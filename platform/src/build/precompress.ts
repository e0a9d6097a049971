/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a build, once,
 * at the best levels (core/compressed.ts), so the static server (or a CDN) sends them as they are
 * instead of compressing on each request at a lower level.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Compiler } from '@rspack/core';
import { COMPRESSIBLE, compressedCopiesAsync } from '../core/compressed';

async function precompressFile(file: string): Promise<void> {
  const copies = await compressedCopiesAsync(file, await fs.readFile(file));
  await Promise.all(copies.map(([copy, bytes]) => fs.writeFile(copy, bytes)));
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
