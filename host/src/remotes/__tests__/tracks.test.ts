/** Which release a device runs: current, its canary share, or a QA pin. */
import { bucketOf, chooseTracks } from '../tracks';
import type { RemotesMap } from '../registry';

const repay = (canaryShare?: number): RemotesMap => ({
  mf_repay: {
    entry: 'https://repay.example/1.0.1-bbbbbbb/mf-manifest.json',
    version: '1.0.1-bbbbbbb',
    lastGood: { entry: 'https://repay.example/1.0.0-aaaaaaa/mf-manifest.json', version: '1.0.0-aaaaaaa' },
    ...(canaryShare ? { canary: { entry: 'https://repay.example/1.0.2-ccccccc/mf-manifest.json', version: '1.0.2-ccccccc', share: canaryShare } } : {}),
  },
});

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

it('spreads devices evenly over 100 buckets, the same bucket each time', () => {
  const buckets = Array.from({ length: 2000 }, (_, i) => bucketOf('mf_repay', `device-${i}`));
  expect(buckets.every((b) => b >= 0 && b < 100)).toBe(true);
  const under10 = buckets.filter((b) => b < 10).length;
  expect(under10).toBeGreaterThan(140); // 10% of 2000 is 200
  expect(under10).toBeLessThan(260);
  expect(bucketOf('mf_repay', 'device-7')).toBe(buckets[7]);
});

it('serves the canary to its share of devices, falling back to the current release', () => {
  const onCanary = Array.from({ length: 200 }, (_, i) => {
    localStorage.setItem('releases:device:device', JSON.stringify(`device-${i}`));
    return chooseTracks(repay(25)).mf_repay!;
  }).filter((r) => r.track === 'canary');
  expect(onCanary.length).toBeGreaterThan(25);
  expect(onCanary.length).toBeLessThan(75);
  expect(onCanary[0]).toMatchObject({ version: '1.0.2-ccccccc', lastGood: { version: '1.0.1-bbbbbbb' } });
  expect(chooseTracks(repay()).mf_repay).toEqual(repay().mf_repay);
});

it('keeps one random id per device', () => {
  chooseTracks(repay(50));
  const id = JSON.parse(localStorage.getItem('releases:device:device')!);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  chooseTracks(repay(50));
  expect(JSON.parse(localStorage.getItem('releases:device:device')!)).toBe(id);
});

it('pins a version on a QA build from the link, keeps it, and unpins', () => {
  const nativeSim = process.env.NATIVE_SIM;
  process.env.NATIVE_SIM = '1';
  try {
    window.history.replaceState(null, '', '/?pin=mf_repay%401.0.0-aaaaaaa');
    expect(chooseTracks(repay(99)).mf_repay).toMatchObject({
      entry: 'https://repay.example/1.0.0-aaaaaaa/mf-manifest.json',
      version: '1.0.0-aaaaaaa',
      track: 'pinned',
      lastGood: { version: '1.0.1-bbbbbbb' },
    });
    window.history.replaceState(null, '', '/');
    expect(chooseTracks(repay()).mf_repay!.track).toBe('pinned');
    window.history.replaceState(null, '', '/?pin=mf_repay%40');
    expect(chooseTracks(repay()).mf_repay!.track).toBeUndefined();
  } finally {
    process.env.NATIVE_SIM = nativeSim;
  }
});

it("ignores a pin on a borrower's build", () => {
  const nativeSim = process.env.NATIVE_SIM;
  delete process.env.NATIVE_SIM;
  try {
    window.history.replaceState(null, '', '/?pin=mf_repay%401.0.0-aaaaaaa');
    expect(chooseTracks(repay()).mf_repay!.track).toBeUndefined();
  } finally {
    process.env.NATIVE_SIM = nativeSim;
  }
});
