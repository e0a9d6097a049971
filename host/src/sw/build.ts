/**
 * Build of the service worker: its own compilation (a worker, no Module Federation), run
 * after the host's, with the host's emitted shell injected as Workbox's precache list.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { PrecompressPlugin } from '../../../platform/src/build/precompress';
import { HASHED_FILE } from './rules';

/** files of the host's build that are not its shell (fonts load only for Urdu, pointers are fetched fresh) */
const NOT_SHELL = /\.(map|br|gz|LICENSE\.txt)$|^(sw\.js|remoteEntry\..*js|mf-manifest\.json|mf-stats\.json|remotes\.json)$|\.woff2?$/;

function precacheList(dir: string) {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile() && !NOT_SHELL.test(path.basename(f)))
    .map((f) => ({
      url: f.split(path.sep).join('/'),
      revision: HASHED_FILE.test(f)
        ? null
        : crypto
            .createHash('md5')
            .update(fs.readFileSync(path.join(dir, f)))
            .digest('hex'),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

class InjectPrecacheListPlugin {
  constructor(private readonly hostDist: string) {}
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('inject-precache', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'inject-precache', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const list = JSON.stringify(precacheList(this.hostDist));
        const src = compilation.getAsset('sw.js')!.source.source().toString();
        if (!src.includes('self.__WB_MANIFEST')) throw new Error('sw.js: no self.__WB_MANIFEST to replace');
        compilation.updateAsset('sw.js', new rspack.sources.RawSource(src.replace('self.__WB_MANIFEST', list)));
      });
    });
  }
}

export function serviceWorkerConfig(root: string, host: Configuration, hostName: string): Configuration {
  const dist = host.output!.path!;
  return {
    name: 'host-sw',
    dependencies: [hostName],
    context: root,
    mode: 'production',
    target: 'webworker',
    devtool: false,
    entry: { sw: './src/sw/sw.ts' },
    output: { path: dist, filename: 'sw.js', clean: false },
    resolve: host.resolve,
    // the worker reads sealed calls with shared/contract's cipher and catalogue alone: its
    // modules have no side effects, so the schemas (and zod) that entry also exports stay out
    module: { ...host.module, rules: [...(host.module?.rules ?? []), { test: /[\\/]shared[\\/]src[\\/]contract[\\/]/, sideEffects: false }] },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }), new InjectPrecacheListPlugin(dist), new PrecompressPlugin()],
  };
}
