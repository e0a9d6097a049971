import { bridge, BridgeError, installBridgeReceiver } from '../bridge';
import { eventLog, logEvent } from '../events';

type Msg = { id: string; action: string; data: unknown };
const w = window as unknown as {
  AppBridge?: { postMessage(s: string): void };
  webkit?: unknown;
  __appBridge: { receive(id: string | null, r: unknown): void };
};

beforeEach(() => {
  delete w.AppBridge;
  delete w.webkit;
  installBridgeReceiver();
});

describe('native bridge (docs/native-bridge.md)', () => {
  it('is in browser mode without a wrapper, and calls fail cleanly', async () => {
    expect(bridge.inApp).toBe(false);
    expect(bridge.send('logout')).toBe(false);
    await expect(bridge.call('getLoginInfo')).rejects.toBeInstanceOf(BridgeError);
  });

  it('posts a JSON string on Android and resolves with the result given to receive()', async () => {
    const sent: Msg[] = [];
    w.AppBridge = { postMessage: (s) => sent.push(JSON.parse(s)) };
    const p = bridge.call('selectContact');
    expect(sent[0]).toMatchObject({ action: 'selectContact', data: {} });
    w.__appBridge.receive(sent[0].id, JSON.stringify({ ok: true, phone: '03001234567', name: 'Ali' }));
    await expect(p).resolves.toEqual({ ok: true, phone: '03001234567', name: 'Ali' });
  });

  it('posts an object on iOS', () => {
    const sent: unknown[] = [];
    w.webkit = { messageHandlers: { AppBridge: { postMessage: (m: unknown) => sent.push(m) } } };
    expect(bridge.send('logEventByAF', { name: 'x', params: {} })).toBe(true);
    expect(sent[0]).toMatchObject({ action: 'logEventByAF', data: { name: 'x' } });
    expect(typeof (sent[0] as Msg).id).toBe('string');
  });

  it('gives each call a unique id', () => {
    const sent: Msg[] = [];
    w.AppBridge = { postMessage: (s) => sent.push(JSON.parse(s)) };
    bridge.send('logout');
    bridge.send('logout');
    expect(sent[0].id).not.toBe(sent[1].id);
  });

  it('times out: 30 s for getLoginInfo, 120 s for timeSDK', async () => {
    jest.useFakeTimers();
    try {
      w.AppBridge = { postMessage: () => undefined };
      const login = bridge.call('getLoginInfo');
      const sdk = bridge.call('timeSDK', {});
      const loginDone = jest.fn();
      const sdkDone = jest.fn();
      login.catch(loginDone);
      sdk.catch(sdkDone);
      await jest.advanceTimersByTimeAsync(30_001);
      expect(loginDone).toHaveBeenCalledWith(expect.any(BridgeError));
      expect(sdkDone).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(90_000);
      expect(sdkDone).toHaveBeenCalledWith(expect.any(BridgeError));
    } finally {
      jest.useRealTimers();
    }
  });

  it('delivers unsolicited events', () => {
    const got: unknown[] = [];
    const off = bridge.onEvent((e) => got.push(e));
    w.__appBridge.receive(null, { event: 'getLoginInfo', token: 'abc' });
    off();
    w.__appBridge.receive(null, { event: 'getLoginInfo', token: 'later' });
    expect(got).toEqual([{ event: 'getLoginInfo', token: 'abc' }]);
  });

  it('keeps events in the app log in browser mode', () => {
    logEvent('apply_clicked', { amount: 5000 });
    expect(eventLog.at(-1)).toMatchObject({ name: 'apply_clicked', params: { amount: 5000 } });
  });
});
