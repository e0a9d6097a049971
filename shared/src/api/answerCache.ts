/**
 * Answers that several screens ask for and that change rarely (the market's configuration),
 * kept in memory for a short while: two screens asking at once send one request, the next
 * screen gets it at once. Keyed by the session and the language too (an answer never reaches
 * another borrower, nor the other language's texts), and forgotten on log-out.
 */
import type { Endpoint, RequestOf, ResponseOf } from '../contract/endpoint';
import type { EndpointName } from '../contract/endpoints';
import { bearerToken, currentUiLanguage } from '../session/store';
import { onLogout } from '../session/actions';
import { call } from './http';

/** the calls kept, and for how long (ms) */
const KEPT_FOR: Partial<Record<EndpointName, number>> = { marketConfig: 60_000 };

/** by session, language, call and parameters: the request (under way or answered) and, once answered, its data */
const kept = new Map<string, { at: number; answer: Promise<unknown>; data?: unknown }>();

export function isKept(endpoint: Endpoint): boolean {
  return endpoint.method === 'GET' && KEPT_FOR[endpoint.name] !== undefined;
}

function fresh(endpoint: Endpoint, params: unknown) {
  const key = `${bearerToken() ?? ''}|${currentUiLanguage()}|${endpoint.name}|${JSON.stringify(params ?? {})}`;
  const hit = kept.get(key);
  return { key, hit: hit && Date.now() - hit.at < (KEPT_FOR[endpoint.name] ?? 0) ? hit : undefined };
}

/** The data of a kept answer, when there is one: a screen shows it at once, with no skeleton. */
export function keptData<E extends Endpoint>(endpoint: E, params: RequestOf<E>): ResponseOf<E> | undefined {
  return isKept(endpoint) ? (fresh(endpoint, params).hit?.data as ResponseOf<E> | undefined) : undefined;
}

/** The kept answer while it is fresh (or the request under way), else a new request; `renew`: always a new one (a retry, a pull to refresh). */
export function keptCall<E extends Endpoint>(endpoint: E, params: RequestOf<E>, opts: { renew?: boolean } = {}): Promise<ResponseOf<E>> {
  const { key, hit } = fresh(endpoint, params);
  if (hit && !opts.renew) return hit.answer as Promise<ResponseOf<E>>;
  const entry: { at: number; answer: Promise<ResponseOf<E>>; data?: unknown } = { at: Date.now(), answer: call(endpoint, params, { overlay: false }) };
  kept.set(key, entry);
  entry.answer.then(
    (data) => void (entry.data = data),
    () => kept.get(key) === entry && kept.delete(key), // a failure is not kept: the next screen asks again
  );
  return entry.answer;
}

onLogout(() => kept.clear());
