/**
 * Completing a login (from the login screen or the native wrapper): store the token,
 * fetch the user's info, then go to the screen the borrower wanted, else home.
 */
import { call } from '../api/http';
import { endpoints } from '../contract/endpoints';
import { go } from '../routes/navigation';
import { storeToken, setUserInfo } from './actions';

export const REDIRECT_PARAM = 'redirect';

export async function completeLogin(token: string, userInfo?: Record<string, unknown> | null, redirect?: string | null): Promise<void> {
  storeToken(token, userInfo);
  try {
    const info = await call(endpoints.getUserInfo, {}, { overlay: false });
    setUserInfo(info as Record<string, unknown>);
  } catch {
    /* the token is stored; user info is fetched again by the screens that need it */
  }
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//')) window.location.hash = `#${redirect}`;
  else go('home', undefined, { replace: true });
}
