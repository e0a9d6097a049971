import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { createAppConfig } from '../rspack.config.base';
import { remotesJson } from '../apps.config.mjs';
import { BACKGROUND_COLOR, ICON_SVG, THEME_COLOR, WebAppManifestPlugin } from './pwa/plugin';
import { serviceWorkerConfig } from './src/sw/build';
import { ROUTES } from '../shared/src/routes/registry';

const root = path.dirname(fileURLToPath(import.meta.url));
const routeRemotes = Object.fromEntries(ROUTES.map((r) => [r.path, r.remote]));
const startHints = fs.readFileSync(path.join(root, 'src/boot/start-hints.js'), 'utf8').replace('__ROUTE_REMOTES__', JSON.stringify(routeRemotes));
const config = createAppConfig({
  dir: 'host',
  root,
  runtimePlugins: [path.join(root, 'src/remotes/runtime-plugin.ts')],
  runtime: 'provide',
  htmlParameters: { startHints, favicon: `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`, themeColor: THEME_COLOR, backgroundColor: BACKGROUND_COLOR },
});

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
config.plugins!.push(emitRemotesJson, new WebAppManifestPlugin());

// production: the service worker, built after the host from the files the host emitted
const configs: Configuration[] = process.env.NODE_ENV === 'production' ? [{ ...config, name: 'host' }, serviceWorkerConfig(root, config, 'host')] : [config];
export default configs;
