import { bridge, go } from 'shared';

/** Sends a logged-out borrower to log in (the wrapper's login when in the app), back to `redirect` after. */
export function goLogin(redirect?: string): void {
  if (bridge.inApp) bridge.send('toLogin');
  else go('login', { redirect: redirect ?? (window.location.hash.replace(/^#/, '') || '/') });
}
