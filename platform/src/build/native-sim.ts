/**
 * The native wrapper simulator (shared/src/bridge/simulator.ts, `?nativeSim=1`) and the standalone
 * page's test-borrower fixtures (shared/src/harness/QaFixtures.tsx) are for QA and the e2e suite:
 * they are compiled into development builds and into production builds made with NATIVE_SIM=1,
 * never into a borrower's build, where the simulator would pass the data-collection gate in a
 * plain browser. A production build without the flag fails if one of its scripts holds a marker
 * of either.
 */
import type { Compiler } from '@rspack/core';

/** a string only the simulator's code holds (the handle it leaves on window) */
export const NATIVE_SIM_MARKER = '__nativeSim';
/** the fixtures' call (only QaFixtures.tsx names it) */
export const QA_FIXTURES_MARKER = '/__dev/fixture';
const QA_ONLY_MARKERS = [NATIVE_SIM_MARKER, QA_FIXTURES_MARKER];

export function withNativeSim(prod: boolean): boolean {
  return !prod || process.env.NATIVE_SIM === '1';
}

export class NoNativeSimPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('no-native-sim', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'no-native-sim', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const holding = Object.keys(assets).filter((name) => {
          const source = name.endsWith('.js') ? assets[name].source().toString() : '';
          return QA_ONLY_MARKERS.some((m) => source.includes(m));
        });
        if (holding.length)
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `the native wrapper simulator or the QA fixtures are in a borrower's build (${holding.join(', ')}): they belong in NATIVE_SIM=1 builds only`,
            ),
          );
      });
    });
  }
}
