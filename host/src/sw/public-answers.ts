/// <reference lib="webworker" />
/**
 * Answers of public calls (the market index, the lending record, products, ...) as the worker
 * answers them: from its cache at once when it has one younger than PUBLIC_ANSWER_MAX_AGE_S,
 * and asked of the network behind it, so the next visit has a fresher one; with no network,
 * what it has. Every call's URL is sealed afresh (a new IV, field and `t` each time,
 * docs/wire-protocol.md): the worker opens path and parameters with the public wire key and
 * keys the answer by call, parameters (without `t`), language and app.
 * Only a call that is public in the catalogue, a GET, in PUBLIC_CALLS, and sent WITHOUT a
 * user's token is ever kept or answered from here: with a token the same call answers the
 * borrower's own figures (marketIndex: their order, limit and products), which never go into
 * a cache. A refusal (code other than 0) is never kept.
 */
import { deriveKey, endpoints, openJson, openPath, type EndpointName } from 'shared/contract';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { SW_CACHES } from './rules';

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

/** kept only when the API answered it (code 0) */
const answered = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    try {
      return ((await response.clone().json()) as { code?: unknown }).code === 0 ? response : null;
    } catch {
      return null;
    }
  },
};

export const publicAnswers = new StaleWhileRevalidate({
  cacheName: SW_CACHES.publicAnswers,
  // the key is a URL of its own, asked with no headers: what the API varies by is in it
  matchOptions: { ignoreVary: true },
  plugins: [
    { cacheKeyWillBeUsed: async ({ request }) => publicAnswerKey(request) ?? request },
    new CacheableResponsePlugin({ statuses: [200] }),
    answered,
    new ExpirationPlugin({ maxAgeSeconds: PUBLIC_ANSWER_MAX_AGE_S, maxEntries: 50, purgeOnQuotaError: true }),
  ],
});
