/**
 * A screen's first calls, started while its code is still on the way (the route table names
 * them, routes/registry.ts) and handed, once, to the screen's useRequest when it asks soon
 * enough. Keyed by the session too, so an answer can never reach another borrower.
 */
import type { Endpoint, RequestOf, ResponseOf } from '../contract/endpoint';
import { bearerToken } from '../session/store';
import { call } from './http';

/** an answer older than this is asked again */
const FRESH_MS = 5000;
const started = new Map<string, { at: number; answer: Promise<unknown> }>();

const keyOf = (endpoint: Endpoint, params: unknown) => `${bearerToken() ?? ''}|${endpoint.prefix}${endpoint.path}|${JSON.stringify(params ?? {})}`;

export function prefetch<E extends Endpoint>(endpoint: E, params: RequestOf<E>): void {
  const answer = call(endpoint, params, { overlay: false });
  answer.catch(() => undefined); // the screen sees the failure when it takes it
  started.set(keyOf(endpoint, params), { at: Date.now(), answer });
}

export function takePrefetched<E extends Endpoint>(endpoint: E, params: RequestOf<E>): Promise<ResponseOf<E>> | undefined {
  const key = keyOf(endpoint, params);
  const entry = started.get(key);
  started.delete(key);
  return entry && Date.now() - entry.at < FRESH_MS ? (entry.answer as Promise<ResponseOf<E>>) : undefined;
}
