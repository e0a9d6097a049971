/**
 * Renders the entry pages again after the composition or the public answers changed (a release,
 * rollback, canary's end or demotion; the periodic re-render): the release is done by then, so a
 * failed render only warns, and the pages last published stay until they age out (pages.mjs).
 */
import { fetchJson, SPEC_ROUTES_FILE } from '../release/checks.mjs';
import { renderPages } from './render.mjs';

/** Answers whether the pages were published. PRERENDER=0: none are (a stack that tests something else; the host's plain page is served). */
export async function republishPages({ hostOrigin, publishedDir, log = console.log }) {
  if (process.env.PRERENDER === '0') return false;
  const t0 = Date.now();
  try {
    const spec = await fetchJson(`${hostOrigin}/${SPEC_ROUTES_FILE}`, "the host's route table");
    const pages = await renderPages({ hostOrigin, publishedDir, spec });
    log(
      `entry pages rendered: ${pages.length} (${[...new Set(pages.map((p) => p.route))].join(', ')} in English and Urdu) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    return true;
  } catch (e) {
    console.warn(`warning: the entry pages could not be rendered (${e.message}); those published before stay until they are older than the bound`);
    return false;
  }
}
