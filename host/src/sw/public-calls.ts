/**
 * Which calls the service worker may keep the answers of (public-answers.ts), and the key it
 * keeps each by. Every call's URL is sealed afresh (a new IV, field and `t` each time,
 * docs/wire-protocol.md): the worker opens path and parameters with the public wire key and keys
 * the answer by call, parameters (without `t`), language and app. Only a GET that is public in
 * the catalogue, in PUBLIC_CALLS, and sent WITHOUT a user's token has a key: with a token the same
 * call answers the borrower's own figures (marketIndex: their order, limit and products).
 */
import { deriveKey, endpoints, openJson, openPath, type EndpointName } from 'shared/contract';

/** the public calls a screen opened from outside needs at once (decisions.md, "public answers in the worker") */
export const PUBLIC_CALLS: EndpointName[] = [
  'marketIndex',
  'lendingRecord',
  'productList',
  'productIndex',
  'marketConfig',
  'repayColor',
  'customerService',
  'faq',
];

/** the oldest public answer a page is shown (its refresh is then on the way) */
export const PUBLIC_ANSWER_MAX_AGE_S = 24 * 60 * 60;

const byPath = new Map(
  PUBLIC_CALLS.map((n) => endpoints[n])
    .filter((e) => e.method === 'GET' && !e.auth)
    .map((e) => [`${e.prefix}${e.path}`, e.name]),
);

/** JSON with its keys in one order: the same parameters make the same key */
const canonical = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : JSON.stringify(v);

/**
 * The cache key of a public call sent without a user, or null for anything else (a borrower's
 * call, a call not kept, a request that does not open).
 */
export function publicAnswerKey(request: Request): string | null {
  if (request.method !== 'GET' || request.headers.has('authorization')) return null;
  const url = new URL(request.url);
  const m = /^(\/api|\/cou)\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
  const pkg = request.headers.get('packageName');
  if (!m || !pkg || [...url.searchParams.keys()].length !== 1) return null;
  try {
    const key = deriveKey(pkg);
    const name = byPath.get(`${m[1]}${openPath(key, m[2])}`);
    if (!name) return null;
    const { t: _sentAt, ...params } = openJson([...url.searchParams.values()][0], key);
    const id = new URLSearchParams({ lang: request.headers.get('lang') ?? '', app: pkg, params: canonical(params) });
    return `${url.origin}/__public-answers/${name}?${id}`;
  } catch {
    return null; // not a sealed call the worker can read: the network answers it, untouched
  }
}
