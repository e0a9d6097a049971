/**
 * Completing a login (from the login screen or the native wrapper): store the token,
 * fetch the user's info, then go to the screen the borrower wanted, else home.
 */
import { call } from '../api/http';
import { endpoints } from '../contract/endpoints';
import { go } from '../routes/navigation';
import { storeToken, setUserInfo } from './actions';
import type { UserInfo } from '../contract/schemas/security';

export const REDIRECT_PARAM = 'redirect';

/**
 * The user info a native wrapper hands over with its token (docs/native-bridge.md): the
 * contract's, from the wrapper's own login call. Anything without a user id is not kept
 * (the app asks the API for it instead).
 */
export function nativeUserInfo(value: unknown): UserInfo | null {
  const v = value as Partial<UserInfo> | null | undefined;
  return v && typeof v === 'object' && typeof v.userId === 'number' ? (v as UserInfo) : null;
}

export async function completeLogin(token: string, userInfo?: UserInfo | null, redirect?: string | null): Promise<void> {
  storeToken(token, userInfo);
  try {
    const info = await call(endpoints.getUserInfo, {}, { overlay: false });
    setUserInfo(info);
  } catch {
    /* the token is stored; user info is fetched again by the screens that need it */
  }
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//')) window.location.hash = `#${redirect}`;
  else go('home', undefined, { replace: true });
}
