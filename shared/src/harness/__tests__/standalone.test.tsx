/** A remote's standalone page: the root opens on its first screen; a guarded screen leads to the platform's sign-in there. */
import { act, screen, waitFor } from '@testing-library/react';
import { mountStandalone } from '../standalone';
import { defineRemote } from '../../shell/remote-module';

// no API here: what the shell sends on its own (route events) is answered empty
jest.mock('../../api/http', () => ({ ...jest.requireActual('../../api/http'), call: jest.fn(async () => ({})) }));
window.scrollTo = () => undefined; // jsdom has none

const Screen = (name: string) => () => <p>screen:{name}</p>;
const usercenter = defineRemote({
  table: { remote: 'mf_usercenter', routes: [{ name: 'me' }, { name: 'settings' }] },
  namespace: 'usercenter',
  resources: { en: {}, ur: {} },
  screens: { me: Screen('me'), settings: Screen('settings') },
});

it("opens on the remote's first screen, and a guarded screen asks to sign in on this page", async () => {
  window.location.hash = '#/';
  const root = document.createElement('div');
  document.body.append(root);
  await act(() => mountStandalone(usercenter, root));
  expect(await screen.findByText('screen:me')).toBeInTheDocument();
  expect(window.location.hash).toBe('#/me');
  await act(async () => {
    window.location.hash = '#/user_center/settings';
  });
  await waitFor(() => expect(window.location.hash).toBe('#/user/login?redirect=%2Fuser_center%2Fsettings'));
  expect(await screen.findByTestId('qa-sign-in')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sign in (QA)' })).toBeInTheDocument();
  expect(screen.queryByTestId('route-elsewhere')).toBeNull();
  expect(screen.queryByText('screen:settings')).toBeNull();
});
