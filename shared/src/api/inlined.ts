/**
 * Public answers inlined in a pre-rendered page (platform/src/prerender/): a screen's first render
 * shows them, as the page was rendered with them, so React hydrates the very markup the page
 * arrived with; the screen's request then asks the API anew and shows the fresh answer.
 * Never used with a session: a signed-in borrower's page is rendered on the phone, not hydrated.
 * While a page is being pre-rendered, the answers its screens showed are recorded instead.
 */
import type { Endpoint, RequestOf, ResponseOf } from '../contract/endpoint';
import { bearerToken } from '../session/store';

export type InlinedAnswers = Record<string, unknown>;

let inlined: InlinedAnswers = {};
let recorded: InlinedAnswers | null = null;

const keyOf = (endpoint: Endpoint, params: unknown) => `${endpoint.name}|${JSON.stringify(params ?? {})}`;

/** The page's inlined answers, for its first render (the host's boot, when the page is hydrated). */
export function seedInlined(answers: InlinedAnswers): void {
  inlined = { ...answers };
}

/** The inlined answer of this call, if the page has one and no one is signed in. */
export function inlinedData<E extends Endpoint>(endpoint: E, params: RequestOf<E>): ResponseOf<E> | undefined {
  return bearerToken() ? undefined : (inlined[keyOf(endpoint, params)] as ResponseOf<E> | undefined);
}

/** Like inlinedData, once: the screen's request asks the API after it. */
export function takeInlined<E extends Endpoint>(endpoint: E, params: RequestOf<E>): ResponseOf<E> | undefined {
  const data = inlinedData(endpoint, params);
  delete inlined[keyOf(endpoint, params)];
  return data;
}

/** Starts recording the public answers screens show (the pre-render); answers the record. */
export function recordInlined(): InlinedAnswers {
  recorded = {};
  return recorded;
}

export function recordAnswer<E extends Endpoint>(endpoint: E, params: RequestOf<E>, data: ResponseOf<E>): void {
  if (recorded && endpoint.method === 'GET' && !bearerToken()) recorded[keyOf(endpoint, params)] = data;
}
