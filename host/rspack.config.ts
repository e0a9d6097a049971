import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { createAppConfig } from '../rspack.config.base';
import { APPS, originOf } from '../apps.config.mjs';
import { BACKGROUND_COLOR, ICON_SVG, THEME_COLOR, WebAppManifestPlugin } from './pwa/plugin';
import { serviceWorkerConfig } from './src/sw/build';
import { REDIRECTS, SPEC_ROUTES } from 'shared/routes';
import { SPEC_ROUTES_FILE, type SpecRoutesFile } from '../platform/src/core/published';
import { devKeysTrusted, keyRing, remoteKeys } from '../platform/src/core/signing';

const root = path.dirname(fileURLToPath(import.meta.url));
// the spec's owners, for a release that publishes no route table (start-hints.js reads the published ones first)
const routeRemotes = Object.fromEntries(SPEC_ROUTES.map((r) => [r.path, r.remote]));
const startHints = fs.readFileSync(path.join(root, 'src/boot/start-hints.js'), 'utf8').replace('__ROUTE_REMOTES__', JSON.stringify(routeRemotes));
const config = createAppConfig({
  dir: 'host',
  root,
  runtimePlugins: [path.join(root, 'src/remotes/runtime-plugin.ts')],
  runtime: 'provide',
  // the part of these packages the app uses, not the whole (host/src/shares/): zod 68 -> 19 KB brotli on a form's screen
  provides: Object.fromEntries(['zod', 'react-i18next', 'react-hook-form'].map((name) => [name, path.join(root, `src/shares/${name}.ts`)])),
  // what the host's own code (and the shared package it bundles) takes from the share scope; it provides the rest of the singletons
  // for the remotes (react-i18next, which it bundles itself, as `provides` says)
  shares: ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'i18next', 'zustand', 'shared', 'shared/ui'],
  // every remote's screens are translated: asked for by the page with the host's own files, not once a screen's code has run
  startupProvides: ['react-i18next'],
  htmlParameters: { startHints, favicon: `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`, themeColor: THEME_COLOR, backgroundColor: BACKGROUND_COLOR },
});

/** A JSON file among the host's build files. */
const emitJson = (name: string, data: unknown) => ({
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(`emit ${name}`, (compilation) => {
      compilation.hooks.processAssets.tap(`emit ${name}`, () => {
        compilation.emitAsset(name, new rspack.sources.RawSource(JSON.stringify(data, null, 2)));
      });
    });
  },
});
/** remotes.json for the dev servers (a production start publishes it per release: platform/src/release). */
const remoteApps = APPS.filter((a) => a.name !== 'host');
const devRemotes = Object.fromEntries(remoteApps.map((a) => [a.name, { entry: `${originOf(a)}/mf-manifest.json`, version: 'dev' }]));
config.plugins!.push(new WebAppManifestPlugin());
// the squads' public keys the host checks each remote's releases with (host/src/remotes/integrity.ts): squads.json's in a
// deployment's build (DEPLOYMENT=1; refused while a squad has none), the development keys anywhere else (platform/src/core/signing.ts)
const releaseKeys = remoteKeys(
  keyRing(),
  remoteApps.map((a) => a.name),
);
config.plugins!.push(
  new rspack.DefinePlugin({
    'process.env.RELEASE_KEYS': JSON.stringify(JSON.stringify(releaseKeys)),
    // '1': a deployment's build, served over https only: it never runs a release unverified (integrity.ts canVerify)
    'process.env.DEPLOYMENT': JSON.stringify(devKeysTrusted() ? '' : '1'),
  }),
);
// the spec's route table as this host's platform has it: what a remote's release is checked against (platform/src/release/checks.ts)
config.plugins!.push(emitJson(SPEC_ROUTES_FILE, { routes: SPEC_ROUTES, redirects: REDIRECTS } satisfies SpecRoutesFile));
if (process.env.NODE_ENV !== 'production') config.plugins!.push(emitJson('remotes.json', devRemotes));

// production: the service worker, built after the host from the files the host emitted
const configs: Configuration[] = process.env.NODE_ENV === 'production' ? [{ ...config, name: 'host' }, serviceWorkerConfig(root, config, 'host')] : [config];
export default configs;
