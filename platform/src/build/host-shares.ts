/**
 * Emits `host-shares.json` beside the host's page: the shared singletons the host's own code
 * imports, and those it provides that every remote's first screen takes (react-i18next). The
 * others it provides only for some screens (zod, the forms...), so the page published at release
 * (platform/src/core/host-page.ts) preloads these and not those.
 */
import { rspack, type Compiler } from '@rspack/core';

export const HOST_SHARES_FILE = 'host-shares.json';

export class HostSharesPlugin {
  constructor(private readonly shares: readonly string[]) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('host-shares', (compilation) => {
      compilation.hooks.processAssets.tap('host-shares', () => {
        compilation.emitAsset(HOST_SHARES_FILE, new rspack.sources.RawSource(JSON.stringify(this.shares)));
      });
    });
  }
}
