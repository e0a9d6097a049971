/**
 * Once the first screen is up and the phone is idle, fetches the other remotes' manifests,
 * entries and route modules (not their screens, nor what the host already shares), so the
 * first move to another remote's screen waits for that screen's own file only. Skipped when
 * the borrower asked the browser to save data.
 */
import { preloadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from 'shared';

/** after the load event: room for the first screen's own requests on a slow link */
const AFTER_LOAD_MS = 2500;

export function prefetchRemotesWhenIdle(names: RemoteName[]): void {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const run = () =>
    void preloadRemote(names.map((nameOrAlias) => ({ nameOrAlias, exposes: ['./routes'], resourceCategory: 'sync' as const }))).catch(
      (e: unknown) => console.warn('prefetch of remotes failed', e),
    );
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : run());
  const later = () => setTimeout(idle, AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
