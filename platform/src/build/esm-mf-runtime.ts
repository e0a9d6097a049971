/**
 * The Module Federation runtime as ES modules. The MF plugins import its packages by their
 * CommonJS builds (require.resolve), which nothing can tree-shake: every container then carries
 * the whole SDK. Pointed at the packages' own ESM builds, only what the runtime uses is bundled.
 * Listed after the MF plugin: its own alias of @module-federation/runtime is set in the same hook.
 */
import { createRequire } from 'node:module';
import type { Compiler } from '@rspack/core';

const require = createRequire(import.meta.url);
const runtimeTools = require.resolve('@module-federation/runtime-tools');
/** the CommonJS file the MF plugins resolve -> the same package's ESM build */
const esm = (request: string) => {
  const cjs = require.resolve(request, { paths: [runtimeTools] });
  return [cjs, cjs.replace(/\.cjs$/, '.js')] as const;
};

export class EsmMfRuntimePlugin {
  apply(compiler: Compiler) {
    compiler.hooks.afterPlugins.tap('esm-mf-runtime', () => {
      const [, runtime] = esm('@module-federation/runtime/bundler');
      compiler.options.resolve.alias = {
        ...compiler.options.resolve.alias,
        '@module-federation/runtime$': runtime,
        ...Object.fromEntries(
          [
            '@module-federation/webpack-bundler-runtime',
            '@module-federation/runtime',
            // the host's: it puts the runtime core on the page for the remotes (experiments.provideExternalRuntime)
            '@module-federation/inject-external-runtime-core-plugin',
          ].map(esm),
        ),
      };
    });
  }
}
