/**
 * @jest-environment node
 */
/** Which calls the service worker may keep, and by what key: sealed as the app's client seals them. */
import { deriveKey, endpoints, sealRequest, type Endpoint } from 'shared/contract';
import { publicAnswerKey } from '../public-calls';

const PKG = 'pk.loanmarket.app';
const key = deriveKey(PKG);

/** a call as the HTTP client sends it (shared/src/api/http.ts): sealed path and params, the headers */
function sent(endpoint: Endpoint, params: Record<string, unknown> = {}, headers: Record<string, string> = {}, at = Date.now()) {
  const req = sealRequest(key, endpoint.prefix, endpoint.path, params, at);
  const url = `https://app.example${req.url}?${req.field}=${req.sealed}`;
  return new Request(url, { method: endpoint.method, headers: { packageName: PKG, appName: 'LoanMarket', afid: 'x', lang: 'en', ...headers } });
}

test('a public call sent without a token has one key, whatever its seal and time', () => {
  const a = publicAnswerKey(sent(endpoints.marketIndex, {}, {}, Date.now()));
  const b = publicAnswerKey(sent(endpoints.marketIndex, {}, {}, Date.now() + 60_000));
  expect(a).toBe('https://app.example/__public-answers/marketIndex?lang=en&app=pk.loanmarket.app&params=%7B%7D');
  expect(b).toBe(a);
});

test('parameters and language are in the key, their order is not', () => {
  const one = publicAnswerKey(sent(endpoints.faq, { lang: 'ur', x: 1 } as never));
  const other = publicAnswerKey(sent(endpoints.faq, { x: 1, lang: 'ur' } as never));
  expect(one).toBe(other);
  expect(publicAnswerKey(sent(endpoints.faq, { lang: 'en' }))).not.toBe(one);
  expect(publicAnswerKey(sent(endpoints.marketIndex, {}, { lang: 'ur' }))).not.toBe(publicAnswerKey(sent(endpoints.marketIndex)));
});

test("a call with a borrower's token, a call needing one, a public call not kept, a POST: no key", () => {
  expect(publicAnswerKey(sent(endpoints.marketIndex, {}, { Authorization: 'Bearer abc' }))).toBeNull();
  expect(publicAnswerKey(sent(endpoints.latestOrder))).toBeNull();
  expect(publicAnswerKey(sent(endpoints.calculator, { amount: 5000 }))).toBeNull();
  expect(publicAnswerKey(sent(endpoints.clientEvent, { event: 'x' } as never))).toBeNull();
});

test('what does not open with the wire key is left to the network', () => {
  expect(publicAnswerKey(new Request('https://app.example/api/not-sealed?abcdef=xyz', { headers: { packageName: PKG } }))).toBeNull();
  expect(publicAnswerKey(new Request('https://app.example/remotes.json'))).toBeNull();
});
