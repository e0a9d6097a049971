/**
 * `npm run build -w server`: the API compiled to plain JavaScript (dist/main.js) for `node`.
 * One ESM bundle of our sources and the shared contract (TypeScript source); every npm
 * dependency stays external and loads from node_modules as usual.
 */
import { build } from 'esbuild';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => d !== 'shared');

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
  // contract.ts reads a CommonJS default that the bundle does not have: it falls back to the namespace
  logOverride: { 'import-is-undefined': 'silent' },
});
// the face detector's worker thread is loaded by file name beside the bundle (face.ts)
fs.copyFileSync('src/identity/faceWorker.cjs', 'dist/faceWorker.cjs');
