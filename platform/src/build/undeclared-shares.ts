/**
 * A remote's container must bundle none of the shared singletons (the host provides them): a
 * singleton its code imports without declaring it in its `shares` would be bundled again, a
 * second copy (a second React breaks hooks). The build fails instead, naming the package. The
 * one exception is its own copy of a part of `shared` shared by range (`ownCopies`: the files
 * those entries bundle), loaded only when the host's is out of its range.
 */
import type { Compiler } from '@rspack/core';

export class UndeclaredSharesPlugin {
  constructor(
    private readonly remote: string,
    private readonly packages: readonly string[],
    private readonly ownCopies: readonly string[] = [],
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('undeclared-shares', (compilation) => {
      compilation.hooks.finishModules.tap('undeclared-shares', (modules) => {
        const bundled = new Set<string>();
        for (const m of modules) {
          const resource = (m as { resource?: string }).resource ?? '';
          if (this.ownCopies.includes(resource)) continue;
          const pkg = this.packages.find((p) => resource.includes(`/node_modules/${p}/`) || (p === 'shared' && /\/shared\/src\//.test(resource)));
          if (pkg) bundled.add(pkg);
        }
        if (bundled.size) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `${this.remote} bundles shared singletons it does not declare in its shares: ${[...bundled].join(', ')} (rspack.config.ts)`,
            ),
          );
        }
      });
    });
  }
}
