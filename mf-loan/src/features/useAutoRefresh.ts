import { useEffect, useRef } from 'react';

/** The longest wait between two refreshes of a visible screen whose state moves by itself. */
export const MAX_VISIBLE_POLL_MS = 10_000;

/** The next wait: a little longer each time (a long wait does not hammer the server), never past the cap. */
export const nextPollDelay = (delay: number): number => Math.min(Math.round(delay * 1.5), MAX_VISIBLE_POLL_MS);

/**
 * Calls `refresh` when the page comes back to the foreground (tab switch, app resumed from the
 * background) and, while `moving` and visible, every `intervalMs` growing to at most
 * MAX_VISIBLE_POLL_MS: what the server did (a payout, a decision) shows within seconds. Hidden
 * pages never poll; coming back starts again from `intervalMs`.
 */
export function useAutoRefresh(refresh: () => void, moving: boolean, intervalMs = 5000): void {
  const fn = useRef(refresh);
  fn.current = refresh;

  useEffect(() => {
    let delay = intervalMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (!moving || document.visibilityState === 'hidden') return;
      timer = setTimeout(() => {
        fn.current();
        delay = nextPollDelay(delay);
        schedule();
      }, delay);
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return clearTimeout(timer);
      fn.current();
      delay = intervalMs;
      schedule();
    };
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [moving, intervalMs]);
}
