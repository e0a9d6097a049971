import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { call, endpoints, toast } from 'shared';
import { setupI18n } from '../../test/i18n';
import { PushSwitch } from './PushSwitch';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn(), toast: jest.fn() }));
const mockedCall = call as jest.MockedFunction<typeof call>;

const KEY = 'BKZ89nzm8a3YVRPYluJpkP6y12OsvNtn9vhXUc38TbvarLJsoC5XWqJ6vEWLU98KzbvMrgmdtiw9-IgggLET01k';
const SUB = { endpoint: 'https://push.example/abc', keys: { p256dh: 'pub', auth: 'sec' } };

/** a browser with push: its service worker registration, subscription and permission */
function browser(opts: { registered?: boolean; subscribed?: boolean; permission?: NotificationPermission; answer?: NotificationPermission } = {}) {
  let current: { endpoint: string; toJSON(): typeof SUB; unsubscribe: jest.Mock } | null = null;
  const made = () => ({ endpoint: SUB.endpoint, toJSON: () => SUB, unsubscribe: jest.fn(async () => ((current = null), true)) });
  if (opts.subscribed) current = made();
  const pushManager = { getSubscription: jest.fn(async () => current), subscribe: jest.fn(async () => (current = made())) };
  const reg = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: jest.fn(async () => (opts.registered === false ? undefined : reg)) },
  });
  const permission = { value: opts.permission ?? (opts.subscribed ? 'granted' : 'default') };
  Object.assign(globalThis, {
    PushManager: function PushManager() {},
    Notification: {
      get permission() {
        return permission.value;
      },
      requestPermission: jest.fn(async () => (permission.value = opts.answer ?? 'granted')),
    },
  });
  return { pushManager, current: () => current };
}

beforeAll(setupI18n);
beforeEach(() => {
  mockedCall.mockReset();
  (toast as jest.Mock).mockReset();
});
afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (globalThis as { PushManager?: unknown }).PushManager;
  delete (globalThis as { Notification?: unknown }).Notification;
});

const mounted = async () => {
  render(
    <ul>
      <PushSwitch pushKey={KEY} />
    </ul>,
  );
  return screen.findByRole('switch', { name: /Notifications on this device/ });
};

it('off until turned on: then the permission is asked, the browser subscribed with our key and the server told', async () => {
  const b = browser();
  const sw = await mounted();
  expect(sw).not.toBeChecked();
  expect(Notification.requestPermission).not.toHaveBeenCalled();
  mockedCall.mockResolvedValueOnce({ push: true } as never);
  fireEvent.click(sw);
  await waitFor(() => expect(sw).toBeChecked());
  expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
  const [{ applicationServerKey }] = b.pushManager.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }];
  expect(applicationServerKey).toHaveLength(65);
  expect(applicationServerKey[0]).toBe(4);
  expect(mockedCall).toHaveBeenCalledWith(endpoints.pushSubscribe, SUB, { overlay: false });
});

it('on, turned off: the browser unsubscribed and the server told', async () => {
  const b = browser({ subscribed: true });
  const sw = await mounted();
  expect(sw).toBeChecked();
  mockedCall.mockResolvedValueOnce({ push: false } as never);
  fireEvent.click(sw);
  await waitFor(() => expect(sw).not.toBeChecked());
  expect(b.current()).toBeNull();
  expect(mockedCall).toHaveBeenCalledWith(endpoints.pushUnsubscribe, { endpoint: SUB.endpoint }, { overlay: false });
});

it('permission refused: stays off, nothing subscribed, the borrower told how to allow it', async () => {
  const b = browser({ answer: 'denied' });
  const sw = await mounted();
  fireEvent.click(sw);
  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith('Notifications are blocked for this app. Allow them in your browser settings, then try again.', 'error'),
  );
  expect(sw).not.toBeChecked();
  expect(b.pushManager.subscribe).not.toHaveBeenCalled();
  expect(mockedCall).not.toHaveBeenCalled();
});

it('no push in this browser, or no service worker of the app: no switch', async () => {
  browser({ registered: false });
  render(<PushSwitch pushKey={KEY} />);
  await act(async () => {});
  expect(screen.queryByRole('switch')).toBeNull();
});
