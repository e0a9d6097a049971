/**
 * A test-side client of the marketplace API over the wire protocol (shared contract),
 * for setting up state the way a real client would: log in, fill data, drive orders.
 */
import { deriveKey, fillPath, sealRequest, endpoints, type Endpoint, type RequestOf, type ResponseOf } from '../../shared/src/contract';
import { DEFAULT_PACKAGE_NAME } from '../../shared/src/contract/limits';
import { API, FIXED_OTP } from './fixtures';

const key = deriveKey(DEFAULT_PACKAGE_NAME);

export class ApiFailure extends Error {
  constructor(public code: number, msg: string, public data: unknown) {
    super(`${code}: ${msg}`);
  }
}

export async function api<E extends Endpoint>(endpoint: E, params: RequestOf<E>, token?: string): Promise<ResponseOf<E>> {
  const { path, rest } = fillPath(endpoint.path, (params ?? {}) as Record<string, unknown>);
  const req = sealRequest(key, endpoint.prefix, path, rest);
  const url = `${API}${req.url}?${req.field}=${encodeURIComponent(req.sealed)}`;
  const headers: Record<string, string> = { packageName: DEFAULT_PACKAGE_NAME, appName: 'e2e', afid: '', lang: 'en', 'content-type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, endpoint.method === 'GET' ? { headers } : { method: 'POST', headers, body: JSON.stringify({ [req.field]: req.sealed }) });
  const body = (await res.json()) as { code: number; msg: string; data: unknown };
  if (body.code !== 0) throw new ApiFailure(body.code, body.msg, body.data);
  return body.data as ResponseOf<E>;
}

/** Registers (or logs in) a mobile number with the fixed test code; returns the raw token. */
export async function loginByApi(mobile: string): Promise<string> {
  await api(endpoints.getVerifyCode, { mobile, type: 'register' } as never).catch(() => undefined);
  try {
    const r = await api(endpoints.register, { mobile, code: FIXED_OTP } as never);
    return r.token;
  } catch {
    await api(endpoints.getVerifyCode, { mobile, type: 'login' } as never).catch(() => undefined);
    const r = await api(endpoints.login, { mobile, code: FIXED_OTP } as never);
    return r.token;
  }
}

/** Logs the page in before it loads, the way the app stores a session (token = {Authorization}). */
export async function useSessionIn(page: import('@playwright/test').Page, token: string, lang: 'en' | 'ur' = 'en') {
  await page.addInitScript(([t, l]) => {
    localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${t}` }));
    localStorage.setItem('language', l);
  }, [token, lang]);
}
