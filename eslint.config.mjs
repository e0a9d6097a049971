// ESLint (flat config) for the whole monorepo: `npm run lint` (eslint + prettier --check).
// The import boundaries are the rules of docs/architecture.md ("Rules that keep it composable"),
// checked on resolved paths (import-x/no-restricted-paths: relative and bare imports alike) and,
// for bare specifiers that do not resolve (a deep `shared/src/...`, another app's package name),
// on the specifier text (no-restricted-imports).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

const REMOTES = ['mf-onboarding', 'mf-loan', 'mf-repay', 'mf-usercenter', 'mf-operations'];
/** what the server's domain may not import (besides use cases and services): the database, its repositories, the
 * assembly (Deps), the adapters to the outside and configuration read from the environment. It may import `api/`
 * (the shared contract), `core/` (errors, time, hashes, masking: pure), `settings/policy.ts` and the other data
 * under `settings/`, and `market/profile.ts` (the market's rules as data). */
const SERVER_OUTER = [
  'repos',
  'db',
  'app',
  'context',
  'http',
  'providers',
  'identity',
  'uploads',
  'dev',
  'market/creditBureau.ts',
  'settings/config.ts',
  'main.ts',
];
const FRONT = ['host', ...REMOTES];

// The platform tooling's layers (platform/README.md), each importing only those before it: the publish core (store,
// pointers, locks, security headers, the pages' model, the host page), then the build plugins, the release and the
// pre-render (side by side: neither imports the other), then the local stack, then the command lines.
const PLATFORM_LAYERS = [['core'], ['build', 'release', 'prerender'], ['stack'], ['bin']];
const platformZones = PLATFORM_LAYERS.slice(0, -1).flatMap((layer, i) =>
  layer.map((dir) => ({
    target: `platform/src/${dir}`,
    from: PLATFORM_LAYERS.flat()
      .filter((d) => d !== dir && !PLATFORM_LAYERS.slice(0, i).flat().includes(d))
      .map((d) => `platform/src/${d}`),
    message: `platform/src/${dir} imports only the layers below it (${PLATFORM_LAYERS.slice(0, i).flat().join(', ') || 'none'}): platform/README.md.`,
  })),
);

// The entries of `shared` are its package.json "exports": nothing else of the package may be imported.
// Entries only the host may import (remotes and tests may not). Adding `shared/host` to the exports
// is then enough; an entry added later is open to everyone unless it is listed here.
const HOST_ONLY_ENTRIES = ['./host'];
const sharedExports = JSON.parse(fs.readFileSync(path.join(root, 'shared/package.json'), 'utf8')).exports;
const entryFile = (v) => (typeof v === 'string' ? v : (v.types ?? v.import ?? v.default));
/** the entries' files, relative to shared/src (the form no-restricted-paths wants for `except`) */
const entryFiles = (hostToo) => [
  ...new Set(
    Object.entries(sharedExports)
      .filter(([sub]) => hostToo || !HOST_ONLY_ENTRIES.includes(sub))
      .map(([, v]) => path.relative('src', entryFile(v))),
  ),
];
/** the bare specifiers of the entries: `shared`, `shared/contract`, ... */
const entrySpecifiers = (hostToo) =>
  Object.keys(sharedExports)
    .filter((sub) => hostToo || !HOST_ONLY_ENTRIES.includes(sub))
    .map((sub) => path.posix.join('shared', sub));

/** no-restricted-imports for bare specifiers: another app by package name, `shared` past its entries */
function restrictedSpecifiers({ apps = [], sharedEntries, message, sharedMessage }) {
  const subpaths = sharedEntries.filter((s) => s !== 'shared').map((s) => s.slice('shared/'.length));
  const allowed = sharedEntries.includes('shared') ? `(?!(?:${subpaths.join('|')})$)` : '';
  return [
    'error',
    {
      patterns: [
        ...apps.map((app) => ({ regex: `^${app}(/|$)`, message: `${app} is another app: ${message}` })),
        {
          regex: sharedEntries.length ? `^shared/${allowed}` : '^shared(/|$)',
          message: sharedMessage ?? `only the entries of \`shared\` (${sharedEntries.join(', ')}) may be imported here.`,
        },
      ],
    },
  ];
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist*/**', 'releases*/**', 'server/data/**', '**/test-results/**', '**/playwright-report/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    // globals matter for the JavaScript files only (TypeScript checks names itself: no-undef is off for TS)
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
  },
  {
    rules: {
      // the code's convention: a leading underscore marks what is deliberately unused; a rest sibling drops a field
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // type-only imports say so (`import type`, `import { type X }`): erased by swc/esbuild per file, skipped by no-cycle
      // (an inline `typeof import('./lazyModule')` stays allowed: it names a lazily loaded module's type where it is used)
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // tests read the API's JSON answers untyped and check them at run time: `any` is the honest type there
    files: ['server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' }, // CommonJS files (jest's environment, a worker)
  },

  // React hooks: the two classic rules, as errors, where React is (e2e's `use...` helpers are Playwright's)
  {
    files: ['{host,shared,mf-*}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },

  // Imports: resolved the way TypeScript resolves them (package exports, workspaces' symlinks)
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings, // which files import-x parses, and with which parser
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'server/tsconfig.json', 'e2e/tsconfig.json', 'platform/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }], // packages in node_modules have no cycle through our code
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // 1. a remote never imports another remote, nor the host (it moves by route name: go('repayDetail'))
            ...REMOTES.map((r) => ({
              target: r,
              from: FRONT.filter((a) => a !== r),
              message: 'A remote never imports another remote nor the host: move to its screen with go(routeName), share code through `shared`.',
            })),
            // the host loads remotes at run time (Module Federation), never by import
            { target: 'host', from: REMOTES, message: 'The host loads remotes at run time through the MF runtime, never by import.' },
            // 2. `shared` is the base: it imports no app
            { target: 'shared', from: [...FRONT, 'server', 'e2e'], message: '`shared` imports no app.' },
            // 3. only the package entries of `shared`; the host-only entries for the host alone
            {
              target: 'host/src',
              from: 'shared/src',
              except: entryFiles(true),
              message: 'Import `shared` through its package entries only.',
            },
            ...REMOTES.map((r) => ({
              target: `${r}/src`,
              from: 'shared/src',
              except: entryFiles(false),
              message: `A remote imports \`shared\` through its entries only (${entrySpecifiers(false).join(', ')}).`,
            })),
            // 4. the server: the contract only (server/src/api/contract.ts), nothing of the front end
            {
              target: 'server',
              from: 'shared',
              except: ['./src/contract/index.ts'],
              message: 'The server imports only `shared/contract`, through server/src/api/contract.ts.',
            },
            { target: 'server', from: [...FRONT, 'e2e'], message: 'The server imports nothing of the front end.' },
            { target: 'server/src', from: ['scripts', 'platform', 'tools'], message: 'The server imports no repository script nor the platform tooling.' },
            // 4b. the contract (what the server and Node code import) holds no UI and no browser platform
            {
              target: 'shared/src/contract',
              from: ['ui', 'forms', 'api', 'session', 'bridge', 'i18n', 'shell', 'harness', 'runtime', 'host.ts', 'index.ts'].map((d) => `shared/src/${d}`),
              message: 'The contract imports no UI and no browser platform: the server and Node code import it (move what both need into the contract).',
            },
            // 4c. the server's layers (docs/architecture.md "Server layers"): the domain is rules over values
            {
              target: 'server/src/domain',
              from: [...SERVER_OUTER, 'usecases', 'services'].map((d) => `server/src/${d}`),
              message:
                'domain/ is rules over values: no database, repository, Deps or adapter. Take values (domain/order.ts OrderFacts) and put the reads and writes in usecases/.',
            },
            // the data the rules read (policy, banks, content) and the database's own code import no rule above them
            {
              target: ['server/src/settings', 'server/src/db'],
              from: ['domain', 'usecases', 'services', 'app', 'context', 'http'].map((d) => `server/src/${d}`),
              message: 'settings/ and db/ are below the rules: they import no domain, use case, service or app code.',
            },
            {
              target: ['server/src/repos', 'server/src/usecases'],
              from: ['services', 'http', 'app/server.ts', 'app/startup.ts', 'app/jobs.ts'].map((d) => `server/src/${d}`),
              message: 'Repositories and use cases are called by handlers and jobs, never the other way round.',
            },
            { target: 'server/src/repos', from: 'server/src/usecases', message: 'Repositories are queries: use cases call them, never the other way round.' },
            // 5. e2e drives the apps through a browser and the API over HTTP
            {
              target: 'e2e',
              from: [...FRONT, 'server'],
              message: 'e2e tests drive the apps in a browser and the API over HTTP; they import no app code.',
            },
            // 6. code that runs in Node (e2e, build configs, scripts, the platform tooling, tools) cannot load the browser entry
            // `shared` (it imports CSS and React): the entries that do not need a browser, and the two modules the
            // pre-render's gate takes (platform/src/prerender/gate.ts: the language rule, the storage keys)
            {
              target: ['e2e', 'scripts', 'platform', 'tools', 'rspack.config.base.ts', ...FRONT.map((a) => `${a}/rspack.config.ts`), 'host/src/sw/build.ts'],
              from: 'shared',
              // (a set: once an entry serves one of the named modules it is listed twice, which the rule refuses)
              except: [
                ...new Set([
                  ...entryFiles(false).map((f) => path.join('src', f)),
                  'package.json', // its version, for Module Federation's requiredVersion
                  'src/contract/limits.ts',
                  'src/session/storage.ts',
                ]),
              ],
              message: 'Node-side code imports `shared` through `shared/contract` or `shared/schemas` (or a module named in eslint.config.mjs).',
            },
            // 7. the platform tooling: one way through its layers; the product imports nothing of it but the build plugins
            // and what a build emits (the root's and the apps' rspack configs), and nothing of the measurement tools
            ...platformZones,
            {
              target: [...FRONT, 'shared', 'server', 'platform'],
              from: 'tools',
              message: 'tools/ measures and breaks the product: nothing imports it but e2e.',
            },
          ],
        },
      ],
    },
  },

  // the same boundaries on the specifier text, for bare specifiers that do not resolve
  ...REMOTES.map((r) => ({
    files: [`${r}/**`],
    rules: {
      'no-restricted-imports': restrictedSpecifiers({
        apps: FRONT.filter((a) => a !== r),
        sharedEntries: entrySpecifiers(false),
        message: 'a remote never imports another remote nor the host.',
      }),
    },
  })),
  {
    files: ['host/**'],
    rules: {
      'no-restricted-imports': restrictedSpecifiers({ apps: REMOTES, sharedEntries: entrySpecifiers(true), message: 'the host loads remotes at run time.' }),
    },
  },
  {
    files: ['e2e/**'],
    rules: {
      'no-restricted-imports': restrictedSpecifiers({ apps: [...FRONT, 'server'], sharedEntries: entrySpecifiers(false), message: 'e2e imports no app code.' }),
    },
  },
  {
    files: ['server/**'],
    ignores: ['server/src/api/contract.ts'],
    rules: {
      'no-restricted-imports': restrictedSpecifiers({
        apps: [...FRONT, 'e2e'],
        sharedEntries: [],
        message: 'the server imports nothing of the front end.',
        sharedMessage: 'the server takes the contract from server/src/api/contract.ts (one CommonJS-interop shim), nothing else of `shared`.',
      }),
    },
  },

  // the one browser script in JavaScript, inlined into the host's page; the build replaces the placeholder
  { files: ['host/src/**/*.js'], languageOptions: { sourceType: 'script', globals: { ...globals.browser, __ROUTE_REMOTES__: 'readonly' } } },
  // Node scripts that drive Chromium: their page.evaluate() callbacks run in the page
  {
    files: [
      'tools/screenshots.mjs',
      'tools/measure-startup.mjs',
      'tools/startup-bytes.mjs',
      'tools/bench/screen-time.mjs',
      'tools/bench/visits.mjs',
      'tools/bench/real-link/bench.mjs',
      'mf-onboarding/scripts/*.mjs',
    ],
    languageOptions: { globals: globals.browser },
  },
);
