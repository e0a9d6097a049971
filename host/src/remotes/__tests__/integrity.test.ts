/** A release's signature where WebCrypto is missing: a page over plain http (not a secure context). */
import { waitFor } from '@testing-library/react';
type Integrity = typeof import('../integrity');
let checkedManifest: Integrity['checkedManifest'], expectRemote: Integrity['expectRemote'], integrityOf: Integrity['integrityOf'];
let UnsignedReleaseError: Integrity['UnsignedReleaseError'];
beforeAll(async () => {
  // the key a build carries for mf_repay (never used here: nothing can check it)
  process.env.RELEASE_KEYS = JSON.stringify({ mf_repay: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE' });
  ({ checkedManifest, expectRemote, integrityOf, UnsignedReleaseError } = await import('../integrity'));
});

const logEvent = jest.fn();
jest.mock('shared', () => ({ logEvent: (...args: unknown[]) => logEvent(...args) }));

const chunk = 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlc';
const signature = { payload: JSON.stringify({ remote: 'mf_repay', version: '1.0.0', files: { 'routes.1.js': chunk } }), signature: 'AAAA' };
const cryptoOfPage = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
let folders = 0;

/** a release folder of its own (each signature is read once a folder), its manifest registered as mf_repay's */
function release() {
  const folder = `http://lan-qa:3103/1.0.${++folders}-aaaaaaa/`;
  expectRemote('mf_repay', `${folder}mf-manifest.json`);
  return folder;
}

beforeEach(() => {
  // what a page over plain http has: no crypto.subtle
  Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues: (a: Uint8Array) => a }, configurable: true });
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => signature })) as unknown as typeof fetch;
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  logEvent.mockClear();
});
afterEach(() => {
  if (cryptoOfPage) Object.defineProperty(globalThis, 'crypto', cryptoOfPage);
  delete process.env.DEPLOYMENT;
  jest.restoreAllMocks();
});

it('outside a deployment, loads the release unverified with a warning and a report, its files still given their signed integrity', async () => {
  const folder = release();
  const manifest = { ok: true, url: `${folder}mf-manifest.json` } as Response;
  await expect(checkedManifest(`${folder}mf-manifest.json`, manifest)).resolves.toBe(manifest);
  expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/^mf_repay http:\/\/lan-qa:3103\/1\.0\.\d-aaaaaaa\/: not a secure context/));
  await waitFor(() => expect(logEvent).toHaveBeenCalledWith('remoteUnverified', { remote: 'mf_repay', folder }));
  expect(integrityOf(`${folder}routes.1.js`)).toBe(chunk);
  expect(integrityOf(`${folder}routes.2.js`)).not.toBe(chunk);
});

it("a deployment's build never runs a release it cannot verify: it fails to load (the loader falls back)", async () => {
  process.env.DEPLOYMENT = '1';
  const folder = release();
  await expect(checkedManifest(`${folder}mf-manifest.json`, { ok: true, url: `${folder}mf-manifest.json` } as Response)).rejects.toThrow(
    new UnsignedReleaseError(`mf_repay ${folder}: this page cannot check signatures (not https)`),
  );
  expect(logEvent).not.toHaveBeenCalled();
});
