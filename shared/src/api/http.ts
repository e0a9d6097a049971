/**
 * The one HTTP client (docs/wire-protocol.md): seals path and params, sends the headers,
 * 60 s time-out, drives the loading overlay, logs out on the four logout codes, and
 * passes network failures on after switching the overlay off.
 */
import type { AxiosInstance, AxiosProgressEvent } from 'axios';
import type { WireKey } from '../contract/cipher';
import { REQUEST_TIMEOUT_MS } from '../contract/prefixes';
import { fillPath, type Endpoint, type RequestOf, type ResponseOf } from '../contract/endpoint';
import { ErrorCode, LOGOUT_CODES } from '../contract/errorCodes';
import { uiLanguage } from '../contract/limits';
import { useSession, bearerToken } from '../session/store';
import { logout } from '../session/actions';
import { overlay } from '../runtime/overlay';
import { toast } from '../runtime/toast';
import { i18n } from '../i18n/setup';
import { ApiError, BAD_RESPONSE_CODE, NETWORK_ERROR_CODE } from './errors';

export interface CallOptions {
  /** show the global loading overlay (default true) */
  overlay?: boolean;
  /** multipart uploads: the image */
  file?: Blob;
  fileName?: string;
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

type Sealing = typeof import('./sealing');
/**
 * axios and the wire's cipher (crypto-js), loaded with the first call: a pre-rendered screen shows and hydrates without
 * them (axios 17 KB brotli off the start, issue 26; the cipher 6 KB, issue 44); a load that fails (offline) is tried
 * again by the next call
 */
let transport: Promise<{ client: AxiosInstance; sealing: Sealing }> | undefined;
function http(): Promise<{ client: AxiosInstance; sealing: Sealing }> {
  transport ??= Promise.all([import(/* webpackChunkName: "http" */ 'axios'), import(/* webpackChunkName: "http" */ './sealing')]).then(
    ([{ default: axios }, sealing]) => ({ client: axios.create({ timeout: REQUEST_TIMEOUT_MS, validateStatus: () => true }), sealing }),
    (e: unknown) => {
      transport = undefined;
      throw e;
    },
  );
  return transport;
}
let baseURL = '';
/** server time minus this device's time (ms), learnt from a requestStale answer: `t` is sealed with it */
let clockOffsetMs = 0;
let cachedKey: { pkg: string; key: WireKey } | null = null;

/** Where the API lives; '' = same origin (the app's servers proxy /api and /cou). */
export function configureApi(opts: { baseURL: string }): void {
  baseURL = opts.baseURL.replace(/\/$/, '');
}

function key({ deriveKey }: Sealing): WireKey {
  const pkg = useSession.getState().packageName;
  if (cachedKey?.pkg !== pkg) cachedKey = { pkg, key: deriveKey(pkg) };
  return cachedKey.key;
}

function headers(): Record<string, string> {
  const s = useSession.getState();
  const h: Record<string, string> = {
    packageName: s.packageName,
    appName: s.appName,
    afid: s.afid,
    lang: uiLanguage(s.language),
  };
  const auth = bearerToken();
  if (auth) h.Authorization = auth;
  return h;
}

export async function call<E extends Endpoint>(endpoint: E, params: RequestOf<E>, opts: CallOptions = {}): Promise<ResponseOf<E>> {
  const { path, rest } = fillPath(endpoint.path, (params ?? {}) as Record<string, unknown>);
  const showOverlay = opts.overlay !== false;
  if (showOverlay) overlay.show();
  try {
    const sent = headers();
    const common = {
      headers: sent,
      signal: opts.signal,
      onUploadProgress: opts.onUploadProgress ? (e: AxiosProgressEvent) => opts.onUploadProgress?.(e.total ? e.loaded / e.total : 0) : undefined,
    };
    /** seals the call now (a fresh field and t each time) and sends it */
    const send = async () => {
      const { client, sealing } = await http();
      const req = sealing.sealRequest(key(sealing), endpoint.prefix, path, rest, Date.now() + clockOffsetMs);
      const url = baseURL + req.url;
      if (endpoint.multipart) {
        const form = new FormData();
        if (opts.file) form.append('file', opts.file, opts.fileName ?? 'photo.jpg');
        form.append(req.field, req.sealed);
        return client.post(url, form, common);
      }
      if (endpoint.method === 'GET') return client.get(url, { ...common, params: { [req.field]: req.sealed } });
      return client.post(url, { [req.field]: req.sealed }, { ...common, params: { [req.field]: req.sealed } });
    };
    let res = await send();
    // a stale t (this device's clock is off): take the server's time and re-seal, once
    const stale = res.data as { code?: unknown; data?: { serverTime?: unknown } } | undefined;
    if (stale?.code === ErrorCode.requestStale && typeof stale.data?.serverTime === 'number') {
      clockOffsetMs = stale.data.serverTime * 1000 - Date.now();
      res = await send();
    }
    const body = res.data as { code?: unknown; msg?: unknown; data?: unknown };
    if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
      throw new ApiError(BAD_RESPONSE_CODE, i18n.t('common:error.requestFailed'));
    }
    const msg = typeof body.msg === 'string' && body.msg ? body.msg : i18n.t('common:error.requestFailed');
    // a session the server no longer accepts ends here; a visitor without one is not logged out (nor sent home)
    if (LOGOUT_CODES.includes(body.code) && sent.Authorization) {
      // the message is raised on the screen log-out lands on (home): an error toast stays on the screen it was raised on.
      // Once: calls made together with the ended session each answer so, and the first ends it
      const ending = bearerToken() === sent.Authorization;
      if (ending) {
        logout();
        toast(msg, 'error');
      }
      throw new ApiError(body.code, msg, body.data);
    }
    if (body.code !== 0) throw new ApiError(body.code, msg, body.data);
    // answers are checked against the contract in development and tests; a phone does not
    // download zod and every schema for it (the server checks what it sends)
    if (process.env.NODE_ENV !== 'production') {
      const { endpointSchemas } = await import('../contract/endpointSchemas');
      const parsed = endpointSchemas[endpoint.name].response.safeParse(body.data);
      if (!parsed.success) {
        console.error(`response of ${path} does not match its schema`, parsed.error.issues);
        throw new ApiError(BAD_RESPONSE_CODE, i18n.t('common:error.requestFailed'), parsed.error.issues);
      }
      return parsed.data as ResponseOf<E>;
    }
    return body.data as ResponseOf<E>;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    // network failure or time-out: the overlay goes off (finally) and the error is passed on
    throw new ApiError(NETWORK_ERROR_CODE, i18n.t('common:error.network'), null, true);
  } finally {
    if (showOverlay) overlay.hide();
  }
}
