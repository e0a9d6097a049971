import { call } from '../api/http';
import { endpoints } from '../contract/endpoints';
import { UPLOAD_FLAGS } from '../contract/options';
import { deviceStorage } from '../session/userStorage';

/**
 * The wrapper simulator for QA and e2e: a fake Android `window.AppBridge` with scripted
 * answers. Its data-collection task reports the six flags to the server as the native
 * SDK does, then answers. Enabled with `?nativeSim=1` in the URL (kept for the tab), or by a test that
 * sets `window.__NATIVE_SIM__` (the answers) before the app boots. Only development builds and
 * NATIVE_SIM=1 builds contain it (platform/src/build/native-sim.ts); a borrower's build does not.
 */
export interface SimulatorScript {
  /** token and userInfo returned by getLoginInfo and pushed after toLogin; null = not logged in natively */
  login?: { token: string; userInfo?: Record<string, unknown> } | null;
  contact?: { ok: boolean; phone?: string; name?: string };
  timeSDK?: { ok: boolean };
  /** ms before answering */
  delayMs?: number;
}

export interface SimulatorHandle {
  sent: { id: string; action: string; data: unknown }[];
  script: SimulatorScript;
}

/** asked for in this tab (it is QA's, not the borrower's: log-out keeps it) */
const tab = deviceStorage('bridge', { tab: true });

function wantSimulator(): SimulatorScript | null {
  const w = window as unknown as { __NATIVE_SIM__?: SimulatorScript };
  if (w.__NATIVE_SIM__) return w.__NATIVE_SIM__;
  if (/[?&]nativeSim=1\b/.test(window.location.search + window.location.hash)) tab.set('simulator', true);
  return tab.get<boolean>('simulator') ? {} : null;
}

export function maybeInstallSimulator(): SimulatorHandle | null {
  const script = wantSimulator();
  if (!script) return null;
  const handle: SimulatorHandle = { sent: [], script };
  const answer = (id: string, result: unknown) =>
    setTimeout(() => {
      const recv = (window as unknown as { __appBridge?: { receive(id: string | null, r: unknown): void } }).__appBridge;
      recv?.receive(id === '' ? null : id, JSON.stringify(result));
    }, script.delayMs ?? 50);

  (window as unknown as { AppBridge: { postMessage(json: string): void } }).AppBridge = {
    postMessage(json: string) {
      const msg = JSON.parse(json) as { id: string; action: string; data: unknown };
      handle.sent.push(msg);
      switch (msg.action) {
        case 'getLoginInfo':
          answer(msg.id, script.login ? { token: script.login.token, userInfo: script.login.userInfo ?? {} } : { token: null });
          break;
        case 'toLogin':
          // the native login screen completes and pushes the login, when the script has one
          if (script.login) answer('', { event: 'getLoginInfo', token: script.login.token, userInfo: script.login.userInfo ?? {} });
          break;
        case 'selectContact':
          answer(msg.id, script.contact ?? { ok: true, phone: '+923001234567', name: 'Ali Raza' });
          break;
        case 'timeSDK': {
          const result = script.timeSDK ?? { ok: true };
          const { orderNo } = (msg.data ?? {}) as { orderNo?: string };
          if (!result.ok || !orderNo) {
            answer(msg.id, result);
            break;
          }
          const flags = Object.fromEntries(UPLOAD_FLAGS.map((f) => [f, true]));
          call(endpoints.uploadReport, { orderNo, flags }, { overlay: false }).then(
            () => answer(msg.id, result),
            () => answer(msg.id, { ok: false }),
          );
          break;
        }
        default:
          break; // logout and log events have no result
      }
    },
  };
  (window as unknown as { __nativeSim: SimulatorHandle }).__nativeSim = handle;
  return handle;
}
