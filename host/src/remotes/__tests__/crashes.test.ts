/**
 * A remote's crash on this phone (registry.ts createLoader): its boundary's, or an uncaught error thrown from the files
 * of one of its releases, is reported against that release, once a page load; the retry after it runs the last good one.
 */
import { createLoader } from '../registry';

const reportRemote = jest.fn();
const reportStarted = jest.fn();
jest.mock('../report', () => ({
  reportRemote: (e: unknown) => reportRemote(e),
  reportStarted: (remote: string, version: string) => reportStarted(remote, version),
}));
const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: (id: string) => loadRemote(id), registerRemotes: jest.fn() }));
jest.mock('../runtime-plugin', () => ({ scriptsSettled: () => Promise.resolve() }));

const ORIGIN = 'http://localhost:3103';
const map = {
  mf_repay: {
    entry: `${ORIGIN}/1.0.2-ccccccc/mf-manifest.json`,
    version: '1.0.2-ccccccc',
    lastGood: { entry: `${ORIGIN}/1.0.1-bbbbbbb/mf-manifest.json`, version: '1.0.1-bbbbbbb' },
  },
  mf_loan: { entry: 'http://localhost:3102/2.0.0-aaaaaaa/mf-manifest.json', version: '2.0.0-aaaaaaa' },
};
/** an error as Chromium writes one thrown from `file` */
const thrownIn = (file: string) => Object.assign(new Error('boom'), { stack: `Error: boom\n    at Detail (${file}:1:2345)\n    at x (${file}:1:99)` });

beforeEach(() => jest.clearAllMocks());

test("an uncaught error from a release's files is that release's crash, reported once a page load; others' are not", () => {
  const loader = createLoader(map);
  loader.pageError(thrownIn(`${ORIGIN}/1.0.2-ccccccc/942.9a98956f.js`));
  loader.pageError(new Error('again'), `${ORIGIN}/1.0.2-ccccccc/942.9a98956f.js`);
  // a host's own error, a browser extension's, another origin's: no remote's
  loader.pageError(thrownIn('http://localhost:3100/main.js'));
  loader.pageError('Script error.');
  // the last good release's folder: its crash, not the current one's
  loader.pageError(new Error('old'), `${ORIGIN}/1.0.1-bbbbbbb/1.js`);
  expect(reportRemote.mock.calls.map(([e]) => e)).toEqual([
    { event: 'remoteCrash', remote: 'mf_repay', version: '1.0.2-ccccccc', reason: 'boom' },
    { event: 'remoteCrash', remote: 'mf_repay', version: '1.0.1-bbbbbbb', reason: 'old' },
  ]);
});

test("a screen's crash is reported against the release running, and its retry runs the last good one (reported as a fallback)", async () => {
  const mod = (v: string) => ({ default: { remote: 'mf_repay', namespace: 'repay', resources: { en: {}, ur: {} }, screens: {}, routes: [], v } });
  loadRemote.mockResolvedValueOnce(mod('current')).mockResolvedValueOnce(mod('last good'));
  const loader = createLoader(map);
  await loader('mf_repay');
  expect(reportStarted).toHaveBeenCalledWith('mf_repay', '1.0.2-ccccccc');
  expect(loader.crashed('mf_repay', new Error('render broke'))).toBe(true);
  expect(reportRemote).toHaveBeenCalledWith({ event: 'remoteCrash', remote: 'mf_repay', version: '1.0.2-ccccccc', reason: 'render broke' });
  const back = await loader('mf_repay', { retry: true });
  expect((back as unknown as { v: string }).v).toBe('last good');
  expect(reportRemote).toHaveBeenLastCalledWith(
    expect.objectContaining({ event: 'remoteFallback', version: '1.0.2-ccccccc', fallbackVersion: '1.0.1-bbbbbbb' }),
  );
  expect(reportStarted).toHaveBeenLastCalledWith('mf_repay', '1.0.1-bbbbbbb');
  // running the last good one: a crash of it is its own, and no older one to go to
  expect(loader.crashed('mf_repay', new Error('still'))).toBe(false);
  expect(reportRemote).toHaveBeenLastCalledWith({ event: 'remoteCrash', remote: 'mf_repay', version: '1.0.1-bbbbbbb', reason: 'still' });
  // a remote with no last good release: nothing to go back to
  expect(loader.crashed('mf_loan', new Error('x'))).toBe(false);
});
