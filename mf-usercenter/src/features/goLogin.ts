import { bridge, go, REDIRECT_PARAM } from 'shared';

/** Sends a logged-out borrower to log in (the wrapper's login when in the app), coming back here after. */
export function goLogin(): void {
  if (bridge.inApp) bridge.send('toLogin');
  else go('login', { [REDIRECT_PARAM]: window.location.hash.replace(/^#/, '') || '/' });
}
