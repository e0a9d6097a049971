/// <reference lib="webworker" />
/**
 * Navigations as the worker answers them. A pre-rendered entry page (platform/src/prerender/: home,
 * login, the calculator, the promotions, each in English and Urdu) kept from an earlier visit is
 * answered at once while it is within the bound it carries (its gate data: when it was rendered,
 * how long it may be shown), so a repeat visit shows its screen with no network and hydrates it.
 * Any other navigation gets the precached shell, as before. A page is asked for behind, for the
 * next visit, when it is one of the pages' addresses (every kept page lists them) and none is
 * kept, or half its bound is spent. Only what the server answered as a pre-rendered page is kept
 * (not the shell, an error or a redirect). Pages are public: a signed-in borrower's load gets the
 * same markup, which the gate does not show (platform/src/prerender/gate.ts).
 */
import { SW_CACHES } from './rules';

const GATE_DATA = /<script id="prerender-page" type="application\/json">([^<]*)<\/script>/;
/** the pages' addresses, as the last page kept lists them */
const ADDRESSES = '/__pages';

interface GateData {
  renderedAt: number;
  maxAgeMs: number;
  /** route -> language -> the page's address */
  pages: Record<string, Record<string, string>>;
}

/** The page's address as kept: no hash (never sent); its query kept (`?lang=ur` is another page). */
const keyOf = (url: string) => url.split('#')[0];

/** A pre-rendered page's gate data; null when `html` is not one. */
export function gateDataOf(html: string): GateData | null {
  try {
    const data = JSON.parse(GATE_DATA.exec(html)?.[1] ?? 'null') as Partial<GateData> | null;
    if (typeof data?.renderedAt !== 'number' || typeof data.maxAgeMs !== 'number' || typeof data.pages !== 'object') return null;
    return data as GateData;
  } catch {
    return null;
  }
}

/** ms left within the page's bound at `now` */
export const leftMs = (page: GateData, now = Date.now()) => page.renderedAt + page.maxAgeMs - now;

/** Asks the network for the page at `url`: kept when it is a pre-rendered one within its bound, else what was kept goes. */
export async function keepPage(url: string): Promise<void> {
  const key = keyOf(url);
  const cache = await caches.open(SW_CACHES.pages);
  let res: Response;
  try {
    res = await fetch(key, { credentials: 'same-origin', redirect: 'error' });
  } catch {
    return; // no network: what is kept stays, shown until its bound
  }
  const page = res.ok ? gateDataOf(await res.clone().text()) : null;
  if (!page || leftMs(page) <= 0) return void (await cache.delete(key));
  const addresses = Object.values(page.pages).flatMap((byLang) => Object.values(byLang).map((a) => new URL(a, key).href));
  await cache.put(new URL(ADDRESSES, key).href, Response.json(addresses));
  await cache.put(key, res);
}

/** A navigation to `url`: the kept page while within its bound, else the shell. */
export async function answerNavigation(url: string, event: ExtendableEvent, shell: () => Promise<Response>): Promise<Response> {
  const key = keyOf(url);
  const cache = await caches.open(SW_CACHES.pages);
  const kept = await cache.match(key);
  const page = kept ? gateDataOf(await kept.clone().text()) : null;
  const left = page ? leftMs(page) : 0;
  if (left > 0) {
    if (left < page!.maxAgeMs / 2) event.waitUntil(keepPage(key));
    return kept!;
  }
  const addresses = (await (await cache.match(new URL(ADDRESSES, key).href))?.json()) as string[] | undefined;
  if (addresses?.includes(key)) event.waitUntil(keepPage(key));
  return shell();
}
