import { bridge, go, REDIRECT_PARAM } from 'shared';

/**
 * Sends a logged-out borrower to log in (the wrapper's login when in the app), back to
 * `redirect` after (default: the screen they are on).
 */
export function goLogin(redirect?: string): void {
  if (bridge.inApp) bridge.send('toLogin');
  else go('login', { [REDIRECT_PARAM]: redirect ?? (window.location.hash.replace(/^#/, '') || '/') });
}
