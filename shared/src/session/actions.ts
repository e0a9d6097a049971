/**
 * Login and logout: the only writers of the session's token and userInfo.
 */
import { bridge } from '../bridge/bridge';
import { go } from '../routes/navigation';
import { useSession } from './store';
import { DEVICE_KEYS, STORAGE_KEYS } from './storage';
import { clearUserStorage } from './userStorage';
import type { UserInfo } from '../contract/schemas/security';

export function storeToken(rawToken: string, userInfo?: UserInfo | null): void {
  const token = rawToken.startsWith('Bearer ') ? rawToken : `Bearer ${rawToken}`;
  useSession.setState({ token: { Authorization: token }, ...(userInfo ? { userInfo } : {}) });
}

export function setUserInfo(userInfo: UserInfo | null): void {
  useSession.setState({ userInfo });
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

const logoutListeners = new Set<() => void>();

/** What else forgets the borrower on log-out (the answers kept in memory: api/answerCache.ts). */
export function onLogout(fn: () => void): () => void {
  logoutListeners.add(fn);
  return () => logoutListeners.delete(fn);
}

/** Clears the user's data (session, storage, answers kept in memory), tells the wrapper, and goes home. */
export function logout(opts: { navigate?: boolean } = {}): void {
  const cleared: Record<string, null> = {};
  for (const k of STORAGE_KEYS) if (!DEVICE_KEYS.includes(k)) cleared[k] = null;
  leaving = opts.navigate !== false;
  useSession.setState(cleared);
  clearUserStorage();
  logoutListeners.forEach((fn) => fn());
  bridge.send('logout');
  if (leaving) go('home', undefined, { replace: true });
}

export function setLanguage(language: string): void {
  useSession.setState({ language });
}
