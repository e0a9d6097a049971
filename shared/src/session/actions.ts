/**
 * Login and logout: the only writers of the session's token and userInfo.
 */
import { bridge } from '../bridge/bridge';
import { go } from '../routes/navigation';
import { useSession } from './store';
import { STORAGE_KEYS } from './storage';
import type { UserInfo } from '../contract/schemas/security';

/** Keys that survive a log-out: they describe the app and the device, not the user. */
const KEPT_ON_LOGOUT = new Set(['language', 'packageName', 'appName', 'afid', 'edition', 'deviceMsg']);

export function storeToken(rawToken: string, userInfo?: UserInfo | null): void {
  const token = rawToken.startsWith('Bearer ') ? rawToken : `Bearer ${rawToken}`;
  useSession.setState({ token: { Authorization: token }, ...(userInfo ? { userInfo } : {}) });
}

export function setUserInfo(userInfo: UserInfo | null): void {
  useSession.setState({ userInfo });
}

/** What is kept for the user across visits, cleared on log-out (a phone may be shared): form drafts ('<namespace>:draft:…') and other user data ('<namespace>:user:…'). */
const USER_KEY_RE = /^[a-z]+:(draft|user):/;
/** What remotes keep for the tab ('<namespace>.…' or '<namespace>:…', e.g. a payment in flight). */
const REMOTE_SESSION_KEY_RE = /^[a-z]+[.:]/;

function clearUserStorage(): void {
  try {
    for (const k of Object.keys(localStorage)) if (USER_KEY_RE.test(k)) localStorage.removeItem(k);
    for (const k of Object.keys(sessionStorage)) if (REMOTE_SESSION_KEY_RE.test(k)) sessionStorage.removeItem(k);
  } catch {
    /* storage disabled: nothing was kept */
  }
}

let leaving = false;

/**
 * True between a log-out and the next route change: a guarded screen being left must not
 * send the borrower to login on its way home.
 */
export function isLeavingAfterLogout(): boolean {
  return leaving;
}

export function routeChanged(): void {
  leaving = false;
}

/** Clears the user's local data, tells the wrapper, and goes home. */
export function logout(opts: { navigate?: boolean } = {}): void {
  const cleared: Record<string, null> = {};
  for (const k of STORAGE_KEYS) if (!KEPT_ON_LOGOUT.has(k)) cleared[k] = null;
  leaving = opts.navigate !== false;
  useSession.setState(cleared);
  clearUserStorage();
  bridge.send('logout');
  if (leaving) go('home', undefined, { replace: true });
}

export function setLanguage(language: string): void {
  useSession.setState({ language });
}
