/**
 * Emits `release.json` beside a remote's container: what a release is checked against before
 * it goes live (release/checks.ts; its type: core/published.ts ReleaseInfo): the remote's own version, the parts of `shared` it takes with
 * the version it was built with and the range it needs (`shared`: the platform's version), every call of the catalogue its code makes (found in its sources as
 * `endpoints.<name>`; a call made only through `shared` is the host's to check) with the
 * fingerprints of the request and response schemas it was built with, and its route table
 * (src/routeTable.ts), which the release publishes in remotes.json for the host's router, and the files of each route's
 * screen (screenFiles), which it publishes in the host page for its start hints.
 */
import fs from 'node:fs';
import path from 'node:path';
import { rspack, type Compilation, type Compiler } from '@rspack/core';
import { callFingerprints, endpoints } from 'shared/contract';
import type { PublishedRoute } from 'shared/routes';
import type { Call, ReleaseInfo } from '../core/published';

const CALL = /\bendpoints\.(\w+)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

export function callsOf(srcDir: string): Call[] {
  const names = new Set<string>();
  for (const file of sourceFiles(srcDir)) for (const m of fs.readFileSync(file, 'utf8').matchAll(CALL)) names.add(m[1]);
  return [...names].sort().map((name) => {
    const e = endpoints[name as keyof typeof endpoints];
    if (!e) throw new Error(`${srcDir}: endpoints.${name} is not in the catalogue`);
    return { name, method: e.method, prefix: e.prefix, path: e.path, ...callFingerprints(e.name) };
  });
}

/** a screen of the routes module (src/routes.ts) whose lazy import is written on its own line: `name: lazyScreen(() => import('./screens/...'))` */
const SCREEN_IMPORT = /^\s*(\w+):\s*lazyScreen\(.*\bimport\('([^']+)'\)/gm;

/**
 * Each screen's files (its lazy chunk with what that chunk needs of the remote's own), by route name, so the host page can
 * ask for the opened or tapped route's screen alongside the remote's start-up files. A screen written otherwise (a helper
 * holding the import) has none listed: its chunk comes once the routes module asks for it, as without the list.
 */
export function screenFiles(compilation: Compilation, routesFile: string): Record<string, string[]> {
  const requests = new Map([...fs.readFileSync(routesFile, 'utf8').matchAll(SCREEN_IMPORT)].map((m) => [m[2], m[1]]));
  const out: Record<string, string[]> = {};
  for (const group of compilation.chunkGroups) {
    const origin = group.origins.find((o) => (o.module as { resource?: string } | undefined)?.resource === routesFile && requests.has(o.request ?? ''));
    if (origin) out[requests.get(origin.request!)!] = group.getFiles().filter((f) => /\.(js|css)$/.test(f));
  }
  return out;
}

export class ReleaseInfoPlugin {
  constructor(
    private readonly info: {
      remote: string;
      root: string;
      parts: Record<string, { version: string; range: string; shares: string[] }>;
      routes: readonly PublishedRoute[];
      /** a staff app's: the API origin built into it */
      apiOrigin?: string;
    },
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('release-info', (compilation) => {
      compilation.hooks.processAssets.tap('release-info', () => {
        const pkg = JSON.parse(fs.readFileSync(path.join(this.info.root, 'package.json'), 'utf8')) as { version: string };
        const body: ReleaseInfo = {
          remote: this.info.remote,
          version: pkg.version,
          shared: this.info.parts.platform?.version,
          parts: this.info.parts,
          calls: callsOf(path.join(this.info.root, 'src')),
          routes: this.info.routes,
          screens: screenFiles(compilation, path.join(this.info.root, 'src/routes.ts')),
          ...(this.info.apiOrigin ? { apiOrigin: this.info.apiOrigin } : {}),
        };
        compilation.emitAsset('release.json', new rspack.sources.RawSource(JSON.stringify(body, null, 2)));
      });
    });
  }
}
