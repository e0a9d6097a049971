import { useEffect } from 'react';

/** setTimeout's longest wait; a later moment is reached in several waits */
const MAX_WAIT_MS = 2 ** 31 - 1;
/** after the moment, so that the server's clock has passed it too */
const MARGIN_MS = 1000;

/**
 * Calls `reload` once the moment `at` (ISO) has come: a screen left open (home after a rejection)
 * asks the server again when the wait it shows is over, instead of showing it until a new log-in.
 */
export function useReloadAt(reload: () => void, at: string | null | undefined): void {
  useEffect(() => {
    if (!at) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      const left = Date.parse(at) - Date.now();
      timer = left > MAX_WAIT_MS ? setTimeout(arm, MAX_WAIT_MS) : setTimeout(reload, Math.max(0, left) + MARGIN_MS);
    };
    arm();
    return () => clearTimeout(timer);
  }, [at, reload]);
}
