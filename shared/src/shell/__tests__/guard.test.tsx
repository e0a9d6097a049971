/**
 * The router with a fake remote loader: the guard (spec section 2), redirects, not-found,
 * placeholders, and a remote that fails to load showing the retry UI.
 */
import { act, render, screen, fireEvent } from '@testing-library/react';
import { AppRouter } from '../AppRouter';
import { defineRemote, type RemoteModule } from '../remote-module';
import { startI18n } from '../../i18n/setup';
import { useSession } from '../../session/store';
import { logout } from '../../session/actions';
import { deviceStorage, userStorage } from '../../session/userStorage';
import type { RemoteName } from '../../routes/registry';

startI18n();

const Screen = (name: string) => () => <p>screen:{name}</p>;
const modules: Record<RemoteName, RemoteModule> = {
  mf_loan: defineRemote({
    table: { remote: 'mf_loan', routes: [{ name: 'home' }, { name: 'toBorrow' }] },
    namespace: 'loan',
    resources: { en: {}, ur: {} },
    screens: { home: Screen('home'), toBorrow: Screen('toBorrow') },
  }),
  mf_onboarding: defineRemote({
    table: { remote: 'mf_onboarding', routes: [{ name: 'login' }] },
    namespace: 'onboarding',
    resources: { en: {}, ur: {} },
    screens: { login: Screen('login') },
  }),
  mf_repay: defineRemote({ table: { remote: 'mf_repay', routes: [] }, namespace: 'repay', resources: { en: {}, ur: {} }, screens: {} }),
  mf_usercenter: defineRemote({
    table: { remote: 'mf_usercenter', routes: [{ name: 'settings' }, { name: 'aboutUs' }] },
    namespace: 'usercenter',
    resources: { en: {}, ur: {} },
    screens: { settings: Screen('settings'), aboutUs: Screen('aboutUs') },
  }),
};

let failing = new Set<RemoteName>();
const loader = async (remote: RemoteName) => {
  if (failing.has(remote)) throw new Error('offline');
  return modules[remote];
};

async function renderAt(hash: string) {
  window.location.hash = hash;
  await act(async () => {
    render(<AppRouter loader={loader} />);
  });
}

beforeEach(() => {
  failing = new Set();
  useSession.setState({ token: null });
  delete (window as unknown as { AppBridge?: unknown }).AppBridge;
});

describe('remote failure', () => {
  // first: the loader caches a remote once it has loaded
  it('a remote that cannot load shows retry, and retry loads it', async () => {
    failing.add('mf_repay');
    await renderAt('#/repay/cashier');
    expect(await screen.findByTestId('remote-error')).toHaveTextContent('This part of the app could not loadPlease try again.');
    failing.delete('mf_repay');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByTestId('screen-missing')).toBeInTheDocument();
  });
});

describe('route guard', () => {
  it.each(['/user_center/settings', '/borrow/to_borrow', '/user_center/about_us'])(
    'sends a logged-out visitor from %s to login, remembering where to return',
    async (path) => {
      await renderAt(`#${path}`);
      expect(await screen.findByText('screen:login')).toBeInTheDocument();
      expect(decodeURIComponent(window.location.hash)).toBe(`#/user/login?redirect=${path}`);
    },
  );

  it('lets a logged-in borrower in', async () => {
    useSession.setState({ token: { Authorization: 'Bearer t' } });
    await renderAt('#/user_center/settings');
    expect(await screen.findByText('screen:settings')).toBeInTheDocument();
  });

  it('does not guard pages outside the spec list', async () => {
    await renderAt('#/');
    expect(await screen.findByText('screen:home')).toBeInTheDocument();
  });

  it('in the native wrapper asks the app to log in instead of showing the web login', async () => {
    const sent: string[] = [];
    (window as unknown as { AppBridge: unknown }).AppBridge = { postMessage: (json: string) => sent.push(JSON.parse(json).action) };
    await renderAt('#/user_center/settings');
    expect(sent).toContain('toLogin');
    expect(screen.queryByText('screen:login')).toBeNull();
  });
});

describe('log-out', () => {
  it("from a guarded screen goes home, not to login, and forgets the user's data but not the device's", async () => {
    useSession.setState({ token: { Authorization: 'Bearer t' } });
    userStorage('onboarding').set('draft:personal:7', { firstName: 'Ali' });
    userStorage('loan').set('draft:toBorrow', { amount: 5000 });
    userStorage('repay', { tab: true }).set('attempt:X1', { key: 'k' });
    localStorage.setItem('repay.proofDraft.X1', '{}'); // a key of an older release
    deviceStorage('onboarding').set('nation', { countryCode: 'PK' });
    localStorage.setItem('language', 'ur');
    await renderAt('#/user_center/settings');
    await screen.findByText('screen:settings');
    await act(async () => logout());
    expect(Object.keys(localStorage).sort()).toEqual(['language', 'onboarding:device:nation']);
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(localStorage.getItem('language')).toBe('ur');
    expect(await screen.findByText('screen:home')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/');
    expect(useSession.getState().token).toBeNull();
  });
});

describe('routing', () => {
  it('redirects /user_center to settings (then to login when logged out)', async () => {
    useSession.setState({ token: { Authorization: 'Bearer t' } });
    await renderAt('#/user_center');
    expect(await screen.findByText('screen:settings')).toBeInTheDocument();
  });

  it('shows a not-found screen for unknown paths', async () => {
    await renderAt('#/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('asks for a reload when the loaded remote is older than the route (no screen for it)', async () => {
    await renderAt('#/repay/cashier');
    expect(await screen.findByTestId('screen-missing')).toHaveTextContent('This screen needs a newer version of the app. Reload to get it.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the bottom tabs only on the tab screens', async () => {
    await renderAt('#/');
    expect(await screen.findByRole('link', { name: /Records/ })).toBeInTheDocument();
  });
});
