/**
 * A session ended elsewhere (a log-in on another device, an expiry, a log-out from another tab) is noticed when the app
 * starts or comes back to the foreground, not on the first screen that happens to call with it: home and settings make
 * only public calls. One light authenticated call (the borrower's own info, which refreshes the stored copy) once the
 * first screen is up and the page idle; its refusal ends the session as any call's does (api/http.ts: the message, the
 * stored data cleared, home). Without a stored token nothing is asked.
 */
import { call } from '../api/http';
import { endpoints } from '../contract/endpoints';
import { bearerToken } from './store';
import { setUserInfo } from './actions';

/** at most one check in this time: a phone switching apps back and forth asks once */
export const SESSION_CHECK_EVERY_MS = 60_000;

let lastCheck = -Infinity;

export async function checkSession(now = Date.now()): Promise<void> {
  if (!bearerToken() || now - lastCheck < SESSION_CHECK_EVERY_MS) return;
  lastCheck = now;
  try {
    setUserInfo(await call(endpoints.getUserInfo, {}, { overlay: false }));
  } catch {
    /* refused: http.ts ended the session and said why; offline or failed: the next call or resume asks again */
  }
}

let watching = false;
/** Checks once the page is idle after the first render, and again whenever it comes back to the foreground. */
export function watchSession(): void {
  if (watching) return;
  watching = true;
  const check = () => void checkSession();
  if (window.requestIdleCallback) window.requestIdleCallback(check, { timeout: 3000 });
  else setTimeout(check, 0);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
