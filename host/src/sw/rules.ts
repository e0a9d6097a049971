/** What the service worker caches, shared by the worker and the page that registers it. */

export const SW_CACHES = {
  /** content-hashed files of the host and every remote */
  hashed: 'lm-hashed-v1',
  /** remotes.json and each remote's mf-manifest.json (its entry's name is hashed) and release-signature.json */
  pointers: 'lm-pointers-v1',
  /** answers of public calls asked without a user (public-answers.ts) */
  publicAnswers: 'lm-public-v1',
  /** the pre-rendered entry pages, within their bound (pages.ts) */
  pages: 'lm-pages-v1',
} as const;

/** the page's message handing the worker the address of a pre-rendered page it loaded before the worker was there */
export const KEEP_PAGE = 'KEEP_PAGE';
/** the builds' content-hashed file names (rspack.config.base.ts: [name].[contenthash:8]) */
export const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css|woff2?|png|jpe?g|svg)$/;

// a release's signature (host/src/remotes/integrity.ts) is read before its manifest is used: kept as the manifest is,
// or a repeat visit waits for it and an offline one runs no remote
const POINTER_FILE = /\/(remotes\.json|mf-manifest\.json|release-signature\.json)$/;

export function isPointer(url: URL): boolean {
  return POINTER_FILE.test(url.pathname);
}

/** an API call: never cached by its URL (a borrower's own data; public answers have their own rule, public-answers.ts) */
export function isApi(url: URL): boolean {
  return /^\/(api|cou|__dev)\//.test(url.pathname);
}

export function worthCaching(url: URL): boolean {
  return !isApi(url) && (HASHED_FILE.test(url.pathname) || isPointer(url));
}
