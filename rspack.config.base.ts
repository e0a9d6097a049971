/**
 * The one config factory every app builds with: Module Federation (the shared-singleton
 * list lives here and only here), swc, CSS, HTML, env, dev server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { API_PORT, DIST_DIR, apiPublicOrigin, appByDir } from './apps.config.mjs';
import { PrecompressPlugin } from './platform/src/build/precompress';
import { PackageBytesPlugin } from './platform/src/build/package-bytes';
import { EsmMfRuntimePlugin } from './platform/src/build/esm-mf-runtime';
import { ReleaseInfoPlugin } from './platform/src/build/release-info';
import { NoNativeSimPlugin, withNativeSim } from './platform/src/build/native-sim';
import { devPortProblem, isServing } from './platform/src/build/dev-port';
import { UndeclaredSharesPlugin } from './platform/src/build/undeclared-shares';
import { HostSharesPlugin } from './platform/src/build/host-shares';
import { entryOf, filesOfEntry, partOfShare, readParts } from './platform/src/build/parts';
import { satisfies } from './platform/src/core/range';
import { chunkGlobalOf, declareRoutes, type RemoteName, type RouteTable, type StaffRemoteName } from 'shared/routes';

const require = createRequire(import.meta.url);
const rootPkg = require('./package.json') as { version: string };
const sharedPkg = require('./shared/package.json') as { dependencies: Record<string, string> };
const sharedDir = fileURLToPath(new URL('./shared', import.meta.url));
const PARTS = readParts(sharedDir);
const PART_OF = partOfShare(PARTS);

/** One requiredVersion per singleton, taken from the shared package's pinned dependencies. */
function singleton(name: string, versionOf = name) {
  const v = sharedPkg.dependencies[versionOf];
  return { singleton: true, requiredVersion: `^${v}`, version: v };
}

/**
 * An entry of `shared`, at its part's version (shared/parts.json). The platform is one
 * singleton, released with the host; the other parts are shared by version range: a remote
 * whose range the host's copy satisfies uses it, one whose range it does not loads its own.
 */
function part(share: string) {
  const name = PART_OF[share];
  if (!name) throw new Error(`${share} is in no part of shared/parts.json`);
  const { version } = PARTS[name];
  return { singleton: name === 'platform', requiredVersion: `^${version}`, version };
}

/**
 * react-router is deliberately not in the list: only `shared` imports it (remotes use the
 * hooks it re-exports), so it is tree-shaken inside shared's bundle instead of being
 * shipped whole as a federated module (-33 KB gzip before the first render). zod and
 * react-i18next are shared as the part of them the app uses (the host's `provides`,
 * host/src/shares/). zod, the
 * contract's schemas (`shared/schemas`), the form library and its bindings (`shared/forms`) are shared modules of their own that
 * nothing on the start-up path imports: they load, once for all remotes whose ranges agree, with the first form.
 * `shared/host` and `shared/harness` are deliberately not shared: the host and a remote's
 * standalone page bundle them, no remote can get them from the share scope.
 */
export const SHARED = {
  react: singleton('react'),
  'react/jsx-runtime': singleton('react/jsx-runtime', 'react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': singleton('react-dom/client', 'react-dom'),
  i18next: singleton('i18next'),
  'react-i18next': singleton('react-i18next'),
  zustand: singleton('zustand'),
  shared: part('shared'),
  'shared/ui': part('shared/ui'),
  'shared/schemas': part('shared/schemas'),
  'shared/forms': part('shared/forms'),
  // the one formatter of money and dates alone (the operations console takes it without the phone's UI kit)
  'shared/format': part('shared/format'),
  // the option lists' words alone: the forms and the console's declared facts
  'shared/options': part('shared/options'),
  // the contract's staff roles and order status names alone (the operations console takes them without the wire)
  'shared/staff': part('shared/staff'),
  zod: singleton('zod'),
  'react-hook-form': singleton('react-hook-form'),
  '@hookform/resolvers/zod': singleton('@hookform/resolvers/zod', '@hookform/resolvers'),
};
export type SharedName = keyof typeof SHARED;

/**
 * What a remote needs of each part of `shared` it imports: the version it is built with and the
 * range it takes (its package.json `sharedParts`, by part name; by default `^` that version),
 * with the entries it imports. A range that leaves out the version built with fails the build.
 */
export function partNeeds(root: string, shares: readonly SharedName[]) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { sharedParts?: Record<string, string> };
  const needs: Record<string, { version: string; range: string; shares: string[] }> = {};
  for (const share of shares.filter((s) => PART_OF[s])) {
    const name = PART_OF[share];
    const { version } = PARTS[name];
    const range = pkg.sharedParts?.[name] ?? `^${version}`;
    if (!satisfies(version, range)) throw new Error(`${root}/package.json sharedParts.${name}: ${range} leaves out ${version}, the ${name} it is built with`);
    (needs[name] ??= { version, range, shares: [] }).shares.push(share);
  }
  return needs;
}

/**
 * The MF `shared` config of an app. The host provides every singleton and part, those only
 * remotes import too (their module named explicitly, as nothing of the host's imports it). A
 * remote's container takes each singleton it imports from the host (`import: false`: none is
 * bundled again in it) and asks for each part in its range, keeping its own copy of the part
 * (a chunk loaded only when the host's is out of range); in development a remote also runs
 * alone, so it keeps its own copies of everything as fallbacks.
 */
function sharedConfig(opts: AppOptions, prod: boolean) {
  if (opts.runtime === 'provide') {
    return Object.fromEntries(
      Object.entries(SHARED).map(([name, cfg]) => {
        const provided = opts.provides?.[name as SharedName];
        // a module of the host's standing in for the package, under a key no import asks for: the host's own imports take the package
        if (provided) return [`${name} (provided)`, { ...cfg, shareKey: name, import: provided }];
        return [name, opts.shares.includes(name as SharedName) ? cfg : { ...cfg, import: fileURLToPath(import.meta.resolve(name)) }];
      }),
    );
  }
  const needs = partNeeds(opts.root, opts.shares);
  return Object.fromEntries(
    opts.shares.map((name) => {
      const cfg = { ...SHARED[name], ...(PART_OF[name] && { requiredVersion: needs[PART_OF[name]].range }) };
      return [name, prod && cfg.singleton ? { ...cfg, import: false as const } : cfg];
    }),
  );
}

/**
 * react-router's production build: its package's `exports` name only its development build (the same code with its
 * development warnings on: 0.4 KB brotli more in the platform's start-up chunk).
 */
const reactRouterDir = path.dirname(require.resolve('react-router/package.json', { paths: [sharedDir] }));
const REACT_ROUTER_PRODUCTION = {
  'react-router$': path.join(reactRouterDir, 'dist/production/index.mjs'),
  'react-router/dom$': path.join(reactRouterDir, 'dist/production/dom-export.mjs'),
};

function standalonePage(title: string): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
}

export interface AppOptions {
  /** the app's folder name: host, mf-loan, ... */
  dir: string;
  /** absolute path of the app folder (its config's __dirname) */
  root: string;
  /** the shared singletons the app's own code imports (react/jsx-runtime for any JSX) */
  shares: readonly SharedName[];
  /** remotes only: the modules it exposes */
  exposes?: Record<string, string>;
  /** host only: the module it provides to the remotes under a share's name instead of the package (the part of it they use) */
  provides?: Partial<Record<SharedName, string>>;
  /** host only: provided shares every remote's screen takes at its first render, preloaded by the page with the host's own `shares` */
  startupProvides?: readonly SharedName[];
  /** host only: MF runtime plugins */
  runtimePlugins?: string[];
  /** host only: values for its index.html template (`<%= name %>`) */
  htmlParameters?: Record<string, string>;
  /** false: a plain app with no Module Federation (a remote's standalone page in production) */
  federation?: false;
  /** false: no HTML page (a remote's container build in production) */
  page?: false;
  /** the MF runtime: 'provide' (the host, for the remotes it loads) or 'external' (a remote's entry, using the host's) */
  runtime?: 'provide' | 'external';
  /** file names start with this folder (the standalone page beside the container in one dist) */
  prefix?: string;
  /** a second build into the same folder must not wipe the first */
  clean?: false;
  /** the title of a remote's own page (default: `<dir> (standalone)`) */
  pageTitle?: string;
}

export function createAppConfig(opts: AppOptions): Configuration {
  const app = appByDir(opts.dir);
  if (!app) throw new Error(`unknown app ${opts.dir}`);
  const prod = process.env.NODE_ENV === 'production';
  const dev = !prod;
  const apiTarget = process.env.API_ORIGIN ?? `http://127.0.0.1:${API_PORT}`;
  const prefix = opts.prefix ?? '';
  const devHost = '127.0.0.1';
  // a dev server on a port something holds (the local stack serves every remote's release on its port): said plainly,
  // with what to do, instead of rspack's EADDRINUSE stack trace
  // `rspack serve` (npm run dev): hot reload keeping component state (React Refresh). The CLI says so only in the env it
  // hands a config function (RSPACK_SERVE), never in process.env, and these configs are objects: read from its arguments
  const serving = dev && isServing();
  const portProblem = serving ? devPortProblem(app, devHost) : null;
  if (portProblem) {
    console.error(`\n  ${portProblem}\n`);
    process.exit(1);
  }

  return {
    context: opts.root,
    mode: prod ? 'production' : 'development',
    // production publishes no source maps (every release folder is public, as on a CDN); a build for the
    // byte count by package makes hidden ones, read and dropped before emitting (platform/src/build/package-bytes.ts)
    devtool: prod ? (process.env.BUILD_STATS_DIR ? 'hidden-source-map' : false) : 'cheap-module-source-map',
    entry: opts.page === false ? {} : { main: './src/index.ts' },
    output: {
      path: path.resolve(opts.root, DIST_DIR), // DIST_DIR may be absolute: a release builds into a folder of its own (platform/src/release/build.ts)
      publicPath: 'auto',
      uniqueName: app.name,
      chunkLoadingGlobal: chunkGlobalOf(app.name),
      // chunks of another origin load with CORS: matched by the page's preloads, cacheable by the service worker
      crossOriginLoading: 'anonymous',
      filename: `${prefix}${prod ? '[name].[contenthash:8].js' : '[name].js'}`,
      chunkFilename: `${prefix}${prod ? '[name].[contenthash:8].js' : '[name].js'}`,
      cssFilename: `${prefix}${prod ? '[name].[contenthash:8].css' : '[name].css'}`,
      cssChunkFilename: `${prefix}${prod ? '[name].[contenthash:8].css' : '[name].css'}`,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: opts.clean ?? true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: prod ? REACT_ROUTER_PRODUCTION : {} },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev, refresh: serving } },
            },
            env: { targets: 'chrome >= 87, safari >= 14, android >= 87' },
          },
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(woff2?|png|jpe?g|svg)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      opts.federation === false
        ? null
        : new ModuleFederationPlugin({
            name: app.name,
            // hashed in production: the manifest is the one pointer, the entry is as immutable as any chunk
            filename: prod ? 'remoteEntry.[contenthash:8].js' : 'remoteEntry.js',
            exposes: opts.exposes,
            shared: sharedConfig(opts, prod),
            // an offline remote must not block start-up: negotiate shares with what is loaded
            shareStrategy: 'loaded-first',
            runtimePlugins: opts.runtimePlugins,
            manifest: true,
            dts: false,
            // one MF runtime on the composed page: the host provides it, remote entries use it. Browsers only (no
            // node script loading); a remote's container loads no remotes of its own (rule 1: its remote loading is left out)
            experiments:
              opts.runtime === 'provide'
                ? { provideExternalRuntime: true, optimization: { target: 'web' } }
                : opts.runtime === 'external'
                  ? { externalRuntime: true, optimization: { target: 'web', disableRemote: true } }
                  : undefined,
          }),
      opts.federation === false ? null : new EsmMfRuntimePlugin(),
      opts.page === false
        ? null
        : new rspack.HtmlRspackPlugin({
            // the host has its own page; a remote's page is the same shell for its standalone harness
            ...(opts.exposes || opts.federation === false
              ? { templateContent: standalonePage(opts.pageTitle ?? `${opts.dir} (standalone)`) }
              : { template: path.join(opts.root, 'index.html'), templateParameters: opts.htmlParameters }),
            chunks: ['main'],
            minify: prod,
          }),
      new rspack.DefinePlugin({
        // a release may stamp its own version (APP_VERSION=...); else the product's
        'process.env.APP_VERSION': JSON.stringify(process.env.APP_VERSION ?? rootPkg.version),
        'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development'),
        // '1': the native wrapper simulator is compiled in (development, NATIVE_SIM=1 builds for QA and e2e)
        'process.env.NATIVE_SIM': JSON.stringify(withNativeSim(prod) ? '1' : ''),
        // the staff API's origin: the operations console calls it directly (CORS: the server's STAFF_ORIGINS)
        'process.env.STAFF_API_ORIGIN': JSON.stringify(apiPublicOrigin()),
      }),
      withNativeSim(prod) ? null : new NoNativeSimPlugin(),
      opts.runtime === 'provide' ? new HostSharesPlugin([...opts.shares, ...(opts.startupProvides ?? [])]) : null,
      serving ? new ReactRefreshRspackPlugin() : null,
      // a remote's chunk loads carry their integrity (the host checked its entry's against its squad's signature:
      // host/src/remotes/integrity.ts), so a chunk changed after signing never runs
      prod && opts.exposes ? new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], htmlPlugin: false }) : null,
      prod ? new PrecompressPlugin() : null,
      new PackageBytesPlugin(opts.dir),
    ].filter(Boolean),
    optimization: {
      minimize: prod,
      // a stylesheet that several chunks import (shared/ui's from the host's provided share and from its own fallback; a
      // remote's one stylesheet from each screen) is one file they all load: by default each chunk carries a copy of it,
      // the same bytes under another name, fetched again (the host's 21 KB twice before home is interactive)
      splitChunks: {
        cacheGroups: {
          styles: { type: /^css/, chunks: 'all', minChunks: 2, enforce: true },
          // the same for a package's code: a shared singleton's provided module and its consumed fallback are two chunks
          // (both in the manifest, both preloaded by the host's page: react-dom's index and zustand twice), and react-i18next
          // was in the host's boot chunk, its provided share and shared/ui's chunk: 3 copies before home is interactive
          packages: { test: /[\\/]node_modules[\\/]/, chunks: 'async', minChunks: 2, minSize: 0, priority: -5, reuseExistingChunk: true },
        },
      },
    },
    performance: { hints: false },
    lazyCompilation: false,
    devServer: {
      port: app.port,
      host: devHost,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/cou', '/__dev'], target: apiTarget, changeOrigin: true }],
      client: { overlay: false },
      // the host page on another port opens the remotes' HMR sockets too
      allowedHosts: 'all',
    },
  } as Configuration;
}

/**
 * A remote's builds. In production two, into one folder: the container the host loads (its
 * entry uses the host's MF runtime instead of shipping a copy, -18 KB on the first screen)
 * and, after it, the standalone page for QA, a plain app with its own runtime-free bundle
 * under standalone/. In development one build does both, with its own runtime.
 */
export function createRemoteConfigs({ routeTable, ...opts }: AppOptions & { routeTable: RouteTable<RemoteName | StaffRemoteName> }): Configuration[] {
  const { name: remote, staff } = appByDir(opts.dir)!;
  if (routeTable.remote !== remote) throw new Error(`${opts.dir}/src/routeTable.ts declares the routes of ${routeTable.remote}, not ${remote}`);
  const releaseInfo = () =>
    new ReleaseInfoPlugin({
      remote,
      root: opts.root,
      parts: partNeeds(opts.root, opts.shares),
      routes: declareRoutes(routeTable),
      // a staff app calls the API at the origin built into it (process.env.STAFF_API_ORIGIN): its release checks it
      ...(staff ? { apiOrigin: apiPublicOrigin() } : {}),
    });
  if (process.env.NODE_ENV !== 'production') {
    // release.json in development too: the dev host reads the route table from it (host/src/remotes/devRoutes.ts)
    const dev = createAppConfig(opts);
    dev.plugins!.push(releaseInfo());
    return [dev];
  }
  const container = createAppConfig({ ...opts, page: false, runtime: 'external' });
  container.plugins!.push(releaseInfo());
  // the packages behind the singletons (react/jsx-runtime is react's): none may be in the container but its own copies of parts
  const ownCopies = opts.shares.filter((s) => !SHARED[s].singleton && PART_OF[s]);
  container.plugins!.push(
    new UndeclaredSharesPlugin(
      opts.dir,
      [...new Set(Object.keys(SHARED).map((k) => (k.startsWith('@') ? k.split('/').slice(0, 2).join('/') : k.split('/')[0])))],
      ownCopies.flatMap((s) => filesOfEntry(sharedDir, entryOf(s))),
    ),
  );
  return [
    { ...container, name: 'container' },
    {
      ...createAppConfig({ ...opts, exposes: undefined, federation: false, prefix: 'standalone/', clean: false }),
      name: 'standalone',
      dependencies: ['container'],
    },
  ];
}
