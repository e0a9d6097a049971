/**
 * The page's start hints preload the release a device will run: a canary device its canary's files, no other the
 * canary's; the same choice as the host's (tracks.ts), whose bucket the inlined script computes again, and the device id
 * it makes on a first visit is the one the host then uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chooseTracks, deviceId } from '../remotes/tracks';
import type { RemotesMap } from '../remotes/registry';

const script = fs.readFileSync(path.join(__dirname, 'start-hints.js'), 'utf8').replace('__ROUTE_REMOTES__', '{}');
const at = (id: string, file: string) => `https://repay.example/${id}/${file}`;
const remotes: RemotesMap = {
  mf_repay: {
    entry: at('1.0.1-bbbbbbb', 'mf-manifest.json'),
    version: '1.0.1-bbbbbbb',
    routes: [{ name: 'repayDetail', path: '/repay/repay_detail', remote: 'mf_repay', guarded: true }] as never,
    canary: { entry: at('1.0.2-ccccccc', 'mf-manifest.json'), version: '1.0.2-ccccccc', share: 30 },
  },
};
const hintsFor = (id: string) => ({
  files: [at(id, 'mf-manifest.json'), at(id, 'remoteEntry.js')],
  screens: { '/repay/repay_detail': [at(id, 'detail.js')] },
  integrity: {},
});
const published = {
  remotes,
  files: { mf_repay: hintsFor('1.0.1-bbbbbbb').files },
  screens: { mf_repay: hintsFor('1.0.1-bbbbbbb').screens },
  integrity: {},
  canary: { mf_repay: hintsFor('1.0.2-ccccccc') },
};

/** the page as published, opened at the repayment detail: the addresses its start hints preload */
function preloads(): string[] {
  document.head.innerHTML = `<script id="remote-assets" type="application/json">${JSON.stringify(published)}</script>`;
  window.history.replaceState(null, '', '/#/repay/repay_detail');
  new Function(script)();
  return Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=preload]'), (l) => l.href);
}

beforeEach(() => localStorage.clear());

it("each device preloads only the release it runs: the canary's files on the canary's share, the current's elsewhere", () => {
  let onCanary = 0;
  for (let i = 0; i < 100; i++) {
    localStorage.setItem('releases:device:device', JSON.stringify(`device-${i}`));
    const asked = preloads();
    const runs = chooseTracks(remotes).mf_repay!.version;
    expect(asked).toEqual([...hintsFor(runs).files, ...hintsFor(runs).screens['/repay/repay_detail']]);
    if (runs === '1.0.2-ccccccc') onCanary++;
  }
  expect(onCanary).toBeGreaterThan(10);
  expect(onCanary).toBeLessThan(50);
});

it('a first visit: the id the hints chose by is the one the host keeps', () => {
  const asked = preloads();
  const id = JSON.parse(localStorage.getItem('releases:device:device')!);
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(deviceId()).toBe(id);
  expect(asked[0]).toBe(chooseTracks(remotes).mf_repay!.entry);
});
