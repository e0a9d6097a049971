/**
 * Renders the entry pages again after the composition or the public answers changed (a release,
 * rollback, canary's end or demotion; the periodic re-render), and publishes them as core/pages.ts
 * says: the release is done by then, so a failed render only warns, and the pages last published
 * stay until they age out (core/pages.ts) or a release withdraws them. After a switch the render
 * runs behind the command (renderAfterSwitch, from bin/prerender.ts): the switch withdrew the pages,
 * so their addresses serve the host's page, of the new composition, until they are published again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { originalOf } from '../core/compressed';
import { compositionOf, pagesCurrent, pagesFolder, PAGES_DIR, PAGES_INDEX } from '../core/pages';
import { fetchJson, SPEC_ROUTES_FILE, type SpecRoutesFile } from '../core/published';
import { CSP_HASHES, inlineHashes } from '../core/security-headers';
import { withLock, writeAll } from '../core/store';
import { renderPages, type RenderedPage } from './render';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Publishes `pages` ({ route, lang, url, file, html, renderedAt }) rendered from `hostPage` in
 * `publishedDir` (releases/host): their folder (named for their hashes) with the hashes first, the
 * index last, then every other folder goes. Refused when another host page was published since
 * (a release during the render; it has its pages rendered after it): checked and written under
 * the lock the releases hold while they publish, in the releases folder above.
 */
export async function publishPages({ publishedDir, hostPage, pages }: { publishedDir: string; hostPage: string; pages: RenderedPage[] }) {
  const hashes = Object.fromEntries(pages.map((p) => [p.file, inlineHashes(p.html)]));
  const folder = pagesFolder(hashes);
  const dir = path.join(publishedDir, PAGES_DIR);
  await withLock(path.dirname(publishedDir), async () => {
    if (fs.readFileSync(path.join(publishedDir, 'index.html'), 'utf8') !== hostPage)
      throw new Error("the host's page was published again while they were rendered");
    writeAll([
      [path.join(dir, folder, CSP_HASHES), json(hashes)],
      ...pages.map((p): [string, string] => [path.join(dir, folder, p.file), p.html]),
      [path.join(dir, PAGES_INDEX), json({ composition: compositionOf(hostPage), dir: folder, pages: pages.map(({ html: _, ...p }) => p) })],
    ]);
    for (const name of fs.readdirSync(dir))
      if (name !== folder && originalOf(name) !== PAGES_INDEX) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  });
}

/** Answers whether the pages were published. PRERENDER=0: none are (a stack that tests something else; the host's plain page is served). */
export async function republishPages({
  hostOrigin,
  publishedDir,
  log = console.log,
}: {
  hostOrigin: string;
  publishedDir: string;
  log?: (line: string) => void;
}): Promise<boolean> {
  if (process.env.PRERENDER === '0') return false;
  const t0 = Date.now();
  try {
    const spec = await fetchJson<SpecRoutesFile>(`${hostOrigin}/${SPEC_ROUTES_FILE}`, "the host's route table");
    const { hostPage, pages } = await renderPages({ hostOrigin, publishedDir, spec });
    await publishPages({ publishedDir, hostPage, pages });
    log(
      `entry pages rendered: ${pages.length} (${[...new Set(pages.map((p) => p.route))].join(', ')} in English and Urdu) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    return true;
  } catch (e) {
    console.warn(
      `warning: the entry pages could not be rendered (${(e as Error).message}); those published before stay until they are older than the bound or a release withdraws them`,
    );
    return false;
  }
}

/** After a switch, how many renders are tried, and the wait before the next (doubled each time). */
export const RENDER_AFTER_SWITCH = { tries: 4, waitMs: 15_000 };

/**
 * The entry pages rendered again after a switch, behind the command that switched: tried again (RENDER_AFTER_SWITCH)
 * while a render fails, until the pages are those of the host page published now (pagesCurrent: another switch's
 * render may have published them meanwhile). Answers whether they are. `render`: republishPages (its failure is
 * logged by it).
 */
export async function renderAfterSwitch({
  publishedDir,
  render,
  tries = RENDER_AFTER_SWITCH.tries,
  waitMs = RENDER_AFTER_SWITCH.waitMs,
  log = console.log,
}: {
  publishedDir: string;
  render: () => Promise<boolean>;
  tries?: number;
  waitMs?: number;
  log?: (line: string) => void;
}): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    if (pagesCurrent(publishedDir)) return true;
    if ((await render()) && pagesCurrent(publishedDir)) return true;
    if (attempt >= tries) {
      log(`the entry pages are still not rendered after ${tries} tries: their addresses serve the host's page until the next render`);
      return false;
    }
    const wait = waitMs * 2 ** (attempt - 1);
    log(`the entry pages will be rendered again in ${wait / 1000} s (try ${attempt + 1} of ${tries})`);
    await new Promise((r) => setTimeout(r, wait));
  }
}
