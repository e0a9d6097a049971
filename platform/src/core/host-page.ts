/**
 * What the host's origin publishes for the remotes' current releases (written by every
 * release and rollback, release/release.ts): `remotes.json` (for each remote its current
 * manifest and version, and its last good one) and the host's page with the same map, each
 * remote's start-up files and each route's screen files in it (host/src/boot/start-hints.js
 * preloads those of the route being opened), with the hashes its Content-Security-Policy allows its inline code by
 * (security-headers.ts). The host itself is never rebuilt for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RouteEntry } from 'shared/routes';
import { withdrawPages } from './pages';
import { CSP_HASHES, pageHashesFile } from './security-headers';
import { writeAll, type Files } from './store';

/** A remote's entry in remotes.json (host/src/remotes/registry.ts reads it). */
export interface RemoteEntry {
  entry: string;
  version: string;
  lastGood?: { entry: string; version: string };
  routes?: readonly RouteEntry[];
  canary?: { entry: string; version: string; share: number; routes?: readonly RouteEntry[] };
}
/** remote name -> its start-up files */
export type StartupFiles = Record<string, string[]>;
/** remote name -> route path -> the files of that route's screen */
export type ScreenFiles = Record<string, Record<string, string[]>>;
/** remote name -> file address -> the integrity its release's signature gives it (a preload carries the load's integrity) */
export type FileIntegrity = Record<string, Record<string, string>>;
/** One release's start hints: its start-up files, its screens' files by route path, their signed integrity by address. */
export interface Hints {
  files: string[];
  screens: Record<string, string[]>;
  integrity: Record<string, string>;
}
/** remote name -> its canary's start hints (start-hints.js gives them to the devices the canary is for) */
export type CanaryHints = Record<string, Hints>;

/** The parts of an mf-manifest.json the tooling reads. */
export interface MfManifest {
  metaData: { remoteEntry: { name: string } };
  exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
  shared: { name: string; version: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

const ASSETS_TAG = /<script id="remote-assets" type="application\/json">([^<]*)<\/script>/;
export const HOST_PUBLISHED = ['index.html', 'remotes.json'];

/** The files a remote needs before its first screen (from its parsed mf-manifest.json): manifest, entry, and its routes module's own chunks. */
export function startupFiles(manifest: MfManifest, manifestUrl: string): string[] {
  const at = (f: string) => new URL(f, manifestUrl).href;
  const routes = manifest.exposes.find((e) => e.name === 'routes');
  return [manifestUrl, at(manifest.metaData.remoteEntry.name), ...(routes?.assets.js.sync ?? []).map(at), ...(routes?.assets.css.sync ?? []).map(at)];
}

/**
 * The host's own start-up files, asked for by the page itself instead of after its entry has
 * run: its boot chunk, the singletons its own code imports and those every remote's first
 * screen takes (host-shares.json), not those it provides only for the remotes' forms. Same origin: no crossorigin, as its loader asks.
 */
function hostStartupHints(hostDist: string): string {
  const manifest: MfManifest = JSON.parse(fs.readFileSync(path.join(hostDist, 'mf-manifest.json'), 'utf8'));
  const own = new Set<string>(JSON.parse(fs.readFileSync(path.join(hostDist, 'host-shares.json'), 'utf8')));
  const shared = manifest.shared.filter((s) => own.has(s.name));
  const boot = fs.readdirSync(hostDist).filter((f) => /^bootstrap\.[0-9a-f]{8}\.js$/.test(f));
  const js = [...boot, ...shared.flatMap((s) => s.assets.js.sync)];
  const css = shared.flatMap((s) => s.assets.css.sync);
  return [...js.map((f) => `<link rel="preload" as="script" href="${f}">`), ...css.map((f) => `<link rel="preload" as="style" href="${f}">`)].join('');
}

/**
 * What was last published in `outDir`: remotes.json's map, and the page's start-up files,
 * screens' files and their integrity per remote (each empty when absent or unreadable).
 */
export interface Published {
  remotes: Record<string, RemoteEntry>;
  files: StartupFiles;
  screens: ScreenFiles;
  integrity: FileIntegrity;
  canary: CanaryHints;
}

export function readPublished(outDir: string): Published {
  const read = <T>(file: string, parse: (text: string) => T): T | undefined => {
    try {
      return parse(fs.readFileSync(path.join(outDir, file), 'utf8'));
    } catch {
      return undefined;
    }
  };
  const remotes = read('remotes.json', (text): Record<string, RemoteEntry> => JSON.parse(text)) ?? {};
  const assets = read('index.html', (page): Partial<Published> => JSON.parse(page.match(ASSETS_TAG)?.[1] || '{}')) ?? {};
  return { remotes, files: assets.files ?? {}, screens: assets.screens ?? {}, integrity: assets.integrity ?? {}, canary: assets.canary ?? {} };
}

/**
 * The files to publish in `outDir` ([path, text] pairs, in the order to write them).
 * `remotes`: remote name -> { entry, version, lastGood?, routes? }; `files`: remote name -> its
 * start-up files (a remote left out gets no hints); `screens`: remote name -> route path -> the
 * files of that route's screen (a route left out: its screen's code comes after its remote's); `integrity`: remote
 * name -> file address -> its signed integrity (start-hints.js gives it to the file's preload); `canary`: remote name ->
 * its canary's own three, which a device the canary is for preloads instead (not the current version's, then the canary's).
 */
export function hostPageFiles({
  hostDist,
  outDir,
  remotes,
  files,
  screens = {},
  integrity = {},
  canary = {},
}: {
  hostDist: string;
  outDir: string;
  remotes: Record<string, RemoteEntry>;
  files: StartupFiles;
  screens?: ScreenFiles;
  integrity?: FileIntegrity;
  canary?: CanaryHints;
}): Files {
  const page = fs.readFileSync(path.join(hostDist, 'index.html'), 'utf8');
  // '<' escaped: the JSON sits inside a script element
  const json = JSON.stringify({ remotes, files, screens, integrity, canary }).replace(/</g, '\\u003c');
  const withHints = page
    .replace(ASSETS_TAG, `<script id="remote-assets" type="application/json">${json}</script>`)
    .replace('</head>', `${hostStartupHints(hostDist)}</head>`);
  return [
    [path.join(outDir, 'remotes.json'), `${JSON.stringify(remotes, null, 2)}\n`],
    // hashes first: the page is never served without those of its inline code
    [path.join(outDir, CSP_HASHES), pageHashesFile(outDir, 'index.html', withHints)],
    [path.join(outDir, 'index.html'), withHints],
  ];
}

/**
 * Writes `files`, a publication with hostPageFiles' for `outDir` among them (in order, all or
 * nothing: writeAll). A host page other than the published one first withdraws the entry pages
 * rendered from that one (pages.ts): they show the composition it replaces.
 */
export function publishHostPage(files: Files, outDir: string) {
  const page = path.join(outDir, 'index.html');
  const next = files.find(([file]) => file === page)?.[1];
  if (next !== undefined && (!fs.existsSync(page) || fs.readFileSync(page, 'utf8') !== next)) withdrawPages(outDir);
  writeAll(files);
}
