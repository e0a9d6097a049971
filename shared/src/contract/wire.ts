/**
 * Building and opening requests exactly as docs/wire-protocol.md says. Used by the
 * browser client to send and by the server to receive, so both sides share one reading.
 */
import { CipherError, openJson, open, seal, type WireKey } from './cipher';
import type { Prefix } from './prefixes';

export { API_PREFIX, COUNTRY_PREFIX, REQUEST_TIMEOUT_MS, type Prefix } from './prefixes';
export const FIELD_NAME_RE = /^[a-z][a-z0-9]{5,11}$/;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = LETTERS + '0123456789';

function randomIndex(n: number): number {
  const b = new Uint32Array(1);
  globalThis.crypto.getRandomValues(b);
  return b[0] % n;
}

/** A fresh random field name matching FIELD_NAME_RE. */
export function randomFieldName(): string {
  const len = 6 + randomIndex(7);
  let s = LETTERS[randomIndex(LETTERS.length)];
  while (s.length < len) s += ALNUM[randomIndex(ALNUM.length)];
  return s;
}

export interface SealedRequest {
  /** `<prefix>/<seal(logicalPath)>` */
  url: string;
  field: string;
  sealed: string;
  /** the params as sent, with t */
  params: Record<string, unknown>;
}

export function sealRequest(key: WireKey, prefix: Prefix, logicalPath: string, params: Record<string, unknown> = {}, nowMs = Date.now()): SealedRequest {
  const withT = { ...params, t: Math.floor(nowMs / 1000) };
  const field = randomFieldName();
  return {
    url: `${prefix}/${seal(logicalPath, key)}`,
    field,
    sealed: seal(JSON.stringify(withT), key),
    params: withT,
  };
}

export type WireFailure = 'path' | 'field' | 'params' | 't';

export class WireError extends Error {
  constructor(
    public readonly part: WireFailure,
    reason: string,
  ) {
    super(`${part}: ${reason}`);
    this.name = 'WireError';
  }
}

/** The single random-named field of a query or body object, if exactly one is there. */
function pickField(source: unknown): [string, string] | null | 'many' {
  if (!source || typeof source !== 'object') return null;
  const entries = Object.entries(source as Record<string, unknown>).filter(([k]) => FIELD_NAME_RE.test(k));
  if (entries.length === 0) return null;
  if (entries.length > 1) return 'many';
  const [k, v] = entries[0];
  return typeof v === 'string' ? [k, v] : 'many';
}

/** Opens a sealed path segment into the logical path (starting with '/'). */
export function openPath(key: WireKey, sealedSegment: string): string {
  try {
    const path = open(sealedSegment, key);
    if (!path.startsWith('/')) throw new WireError('path', 'logical path must start with /');
    return path;
  } catch (e) {
    if (e instanceof WireError) throw e;
    throw new WireError('path', (e as Error).message);
  }
}

/** The sealed params value a request carries: the body's field when there is one, else the query's. */
export function sealedField(query: unknown, body: unknown): string {
  const picked = pickField(body) ?? pickField(query);
  if (picked === null) throw new WireError('field', 'no sealed field');
  if (picked === 'many') throw new WireError('field', 'more than one sealed field');
  return picked[1];
}

/** Opens the params: body's field when there is one, else the query's. Requires integer t. */
export function openParams(key: WireKey, query: unknown, body: unknown): Record<string, unknown> {
  const sealed = sealedField(query, body);
  let params: Record<string, unknown>;
  try {
    params = openJson(sealed, key);
  } catch (e) {
    throw new WireError('params', e instanceof CipherError ? e.message : 'unreadable');
  }
  if (typeof params.t !== 'number' || !Number.isInteger(params.t)) throw new WireError('t', 't missing or not an integer');
  return params;
}
