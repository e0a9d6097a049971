/**
 * The native wrapper simulator (shared/src/bridge/simulator.ts, `?nativeSim=1`) is for QA and
 * the e2e suite: it is compiled into development builds and into production builds made with
 * NATIVE_SIM=1, never into a borrower's build, where it would pass the data-collection gate in
 * a plain browser. A production build without the flag fails if one of its scripts holds the
 * simulator's marker.
 */
import type { Compiler } from '@rspack/core';

/** a string only the simulator's code holds (the handle it leaves on window) */
export const NATIVE_SIM_MARKER = '__nativeSim';

export function withNativeSim(prod: boolean): boolean {
  return !prod || process.env.NATIVE_SIM === '1';
}

export class NoNativeSimPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('no-native-sim', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'no-native-sim', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const holding = Object.keys(assets).filter((name) => name.endsWith('.js') && assets[name].source().toString().includes(NATIVE_SIM_MARKER));
        if (holding.length)
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `the native wrapper simulator is in a borrower's build (${holding.join(', ')}): it belongs in NATIVE_SIM=1 builds only`,
            ),
          );
      });
    });
  }
}
