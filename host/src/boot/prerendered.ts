/**
 * A pre-rendered page (platform/src/prerender/): its gate script, first in the page, has decided
 * before first paint whether the markup it arrived with is hydrated (`data-boot="hydrate"`) or
 * the app renders itself (`data-boot="render"`: signed in, another route, or older than the
 * bound); the answers it was rendered with are inlined beside it as a JSON data block.
 */
import { seedInlined, type InlinedAnswers } from 'shared/host';

/** Whether the gate chose to hydrate this page's markup (read before `takePrerendered`, which consumes the choice). */
export const willHydrate = (): boolean => document.documentElement.dataset.boot === 'hydrate';

/**
 * Whether to hydrate the root, its inlined answers seeded when so; a page with nothing pre-rendered renders. `sameRelease`
 * false: the opened route's remote runs another release than the page was rendered with (a page the service worker kept
 * from before a release, a canary): its markup is not that code's, the app renders itself.
 */
export function takePrerendered(sameRelease: boolean): boolean {
  const mode = document.documentElement.dataset.boot;
  if (!mode) return false;
  document.documentElement.removeAttribute('data-boot');
  if (mode !== 'hydrate' || !sameRelease) {
    // the app renders itself: the pre-rendered markup goes, the page's waiting notice stands in the root meanwhile
    const waiting = document.getElementById('boot');
    document.getElementById('root')?.replaceChildren(...(waiting ? [waiting] : []));
    return false;
  }
  try {
    const page = JSON.parse(document.getElementById('prerendered')?.textContent ?? '{}') as { answers?: InlinedAnswers };
    seedInlined(page.answers ?? {});
    return true;
  } catch {
    return false;
  }
}
