/** The idle prefetch: remotes at once, the likely next screens' code (a form's zod) only once the page is used. */
import type { RemoteModule } from 'shared';
import { prefetchWhenIdle } from '../prefetch';

const preloadRemote = jest.fn((_: unknown) => Promise.resolve());
const preloadScreen = jest.fn((_mod: unknown, _name: string) => Promise.resolve());
jest.mock('@module-federation/enhanced/runtime', () => ({ preloadRemote: (args: unknown) => preloadRemote(args) }));
jest.mock('shared', () => ({ bearerToken: () => null }));
jest.mock('shared/host', () => ({
  openedRoute: () => ({ name: 'home', next: ['login'] }),
  findRoute: (name: string) => ({ name, remote: 'mf_onboarding', guarded: false }),
  preloadScreen: (mod: unknown, name: string) => preloadScreen(mod, name),
}));

const onboarding = { remote: 'mf_onboarding' } as unknown as RemoteModule;
const load = jest.fn(() => Promise.resolve(onboarding));

/** the idle prefetch has started and done what it does before the page is used */
async function idle() {
  jest.advanceTimersByTime(2000);
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
});
afterEach(() => jest.useRealTimers());

it('loads the next remotes and preloads the others when idle, but no screen code until the first touch', async () => {
  prefetchWhenIdle(['mf_onboarding', 'mf_repay'], load);
  await idle();
  expect(load).toHaveBeenCalledWith('mf_onboarding');
  expect(preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'mf_repay', exposes: ['./routes'], resourceCategory: 'sync' }]);
  expect(preloadScreen).not.toHaveBeenCalled();

  window.dispatchEvent(new Event('pointerdown'));
  await idle();
  expect(preloadScreen).toHaveBeenCalledWith(onboarding, 'login');
});

it('a page scrolled or typed in before it was idle gets the next screens with the rest', async () => {
  prefetchWhenIdle(['mf_onboarding'], load);
  window.dispatchEvent(new Event('keydown'));
  await idle();
  expect(preloadScreen).toHaveBeenCalledWith(onboarding, 'login');
});
