/// <reference lib="webworker" />
/**
 * Answers of public calls (the market index, the lending record, products, ...) as the worker
 * answers them: from its cache at once when it has one younger than PUBLIC_ANSWER_MAX_AGE_S,
 * and asked of the network behind it, so the next visit has a fresher one; with no network,
 * what it has. Only a call with a key (public-calls.ts: public, kept, sent without a token) is
 * ever kept or answered from here; a refusal (code other than 0) is never kept.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { SW_CACHES } from './rules';
import { PUBLIC_ANSWER_MAX_AGE_S, publicAnswerKey } from './public-calls';

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
