import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` when the page comes back to the foreground (tab switch, app resumed
 * from the background) and, while `moving`, every `intervalMs` (doubling up to 60 s so a
 * long wait does not hammer the server). Hidden pages never poll.
 */
export function useAutoRefresh(refresh: () => void, moving: boolean, intervalMs = 5000): void {
  const fn = useRef(refresh);
  fn.current = refresh;

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') fn.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    if (!moving) return;
    let delay = intervalMs;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      if (document.visibilityState !== 'hidden') fn.current();
      delay = Math.min(delay * 2, 60_000);
      timer = setTimeout(tick, delay);
    };
    timer = setTimeout(tick, delay);
    return () => clearTimeout(timer);
  }, [moving, intervalMs]);
}
