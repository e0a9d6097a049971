/**
 * Emits `release.json` beside a remote's container: what a release is checked against before
 * it goes live (scripts/release): the remote's own version, the parts of `shared` it takes with
 * the version it was built with and the range it needs (`shared`: the platform's version), every call of the catalogue its code makes (found in its sources as
 * `endpoints.<name>`; a call made only through `shared` is the host's to check) with the
 * fingerprints of the request and response schemas it was built with, and its route table
 * (src/routeTable.ts), which the release publishes in remotes.json for the host's router.
 */
import fs from 'node:fs';
import path from 'node:path';
import { rspack, type Compiler } from '@rspack/core';
import { callFingerprints, endpoints } from 'shared/contract';
import type { RouteEntry } from 'shared/routes';

const CALL = /\bendpoints\.(\w+)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

export function callsOf(srcDir: string) {
  const names = new Set<string>();
  for (const file of sourceFiles(srcDir)) for (const m of fs.readFileSync(file, 'utf8').matchAll(CALL)) names.add(m[1]);
  return [...names].sort().map((name) => {
    const e = endpoints[name as keyof typeof endpoints];
    if (!e) throw new Error(`${srcDir}: endpoints.${name} is not in the catalogue`);
    return { name, method: e.method, prefix: e.prefix, path: e.path, ...callFingerprints(e.name) };
  });
}

export class ReleaseInfoPlugin {
  constructor(
    private readonly info: {
      remote: string;
      root: string;
      parts: Record<string, { version: string; range: string; shares: string[] }>;
      routes: readonly RouteEntry[];
    },
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('release-info', (compilation) => {
      compilation.hooks.processAssets.tap('release-info', () => {
        const pkg = JSON.parse(fs.readFileSync(path.join(this.info.root, 'package.json'), 'utf8')) as { version: string };
        const body = {
          remote: this.info.remote,
          version: pkg.version,
          shared: this.info.parts.platform?.version,
          parts: this.info.parts,
          calls: callsOf(path.join(this.info.root, 'src')),
          routes: this.info.routes,
        };
        compilation.emitAsset('release.json', new rspack.sources.RawSource(JSON.stringify(body, null, 2)));
      });
    });
  }
}
