import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compiler } from '@rspack/core';
import { createAppConfig } from '../rspack.config.base';
import { remotesJson } from '../apps.config.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const config = createAppConfig({ dir: 'host', root, runtimePlugins: [path.join(root, 'src/remotes/runtime-plugin.ts')] });

/** Emits remotes.json for the local ports; a deployment replaces this one file. */
const emitRemotesJson = {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('remotes-json', (compilation) => {
      compilation.hooks.processAssets.tap('remotes-json', () => {
        compilation.emitAsset('remotes.json', new rspack.sources.RawSource(JSON.stringify(remotesJson(), null, 2)));
      });
    });
  },
};
config.plugins!.push(emitRemotesJson);
export default config;
