/**
 * The native bridge of docs/native-bridge.md (v1). Remotes use the typed `bridge` API;
 * nobody else touches window.AppBridge. Outside a wrapper every action has its browser
 * fallback, decided by the callers through `bridge.inApp`.
 */
export type BridgeAction = 'toLogin' | 'getLoginInfo' | 'logout' | 'logEventByLocal' | 'logEventByAF' | 'timeSDK' | 'selectContact';

const DEFAULT_TIMEOUT_MS = 30_000;
const LONG_TIMEOUT_MS = 120_000;
const TIMEOUTS: Partial<Record<BridgeAction, number>> = { timeSDK: LONG_TIMEOUT_MS, selectContact: LONG_TIMEOUT_MS };

export class BridgeError extends Error {
  constructor(
    public readonly action: BridgeAction,
    reason: 'timeout' | 'notInApp' | 'badResult',
  ) {
    super(`${action}: ${reason}`);
    this.name = 'BridgeError';
  }
}

export interface NativeEvent {
  event: string;
  [k: string]: unknown;
}

interface AndroidBridge {
  postMessage(json: string): void;
}
interface IosBridge {
  postMessage(msg: unknown): void;
}
interface BridgeWindow {
  AppBridge?: AndroidBridge;
  webkit?: { messageHandlers?: { AppBridge?: IosBridge } };
  __appBridge?: { receive(id: string | null, result: unknown): void };
}

const w = (): BridgeWindow => window as unknown as BridgeWindow;

function transport(): ((msg: { id: string; action: string; data: object }) => void) | null {
  const android = w().AppBridge;
  if (android && typeof android.postMessage === 'function') return (m) => android.postMessage(JSON.stringify(m));
  const ios = w().webkit?.messageHandlers?.AppBridge;
  if (ios && typeof ios.postMessage === 'function') return (m) => ios.postMessage(m);
  return null;
}

function parse(result: unknown): Record<string, unknown> {
  if (typeof result === 'string') {
    try {
      const v = JSON.parse(result);
      return v && typeof v === 'object' ? v : {};
    } catch {
      return {};
    }
  }
  return result && typeof result === 'object' ? (result as Record<string, unknown>) : {};
}

const pending = new Map<string, { resolve(v: Record<string, unknown>): void; timer: ReturnType<typeof setTimeout> }>();
const listeners = new Set<(e: NativeEvent) => void>();
let seq = 0;

function installReceiver(): void {
  w().__appBridge = {
    receive(id, result) {
      if (id === null || id === undefined) {
        const ev = parse(result);
        if (typeof ev.event === 'string') listeners.forEach((fn) => fn(ev as NativeEvent));
        return;
      }
      const p = pending.get(id);
      if (!p) return; // late answer after a time-out: ignored
      clearTimeout(p.timer);
      pending.delete(id);
      p.resolve(parse(result));
    },
  };
}

export const bridge = {
  get inApp(): boolean {
    return transport() !== null;
  },

  /** Sends an action that has no result. Returns false in browser mode. */
  send(action: BridgeAction, data: object = {}): boolean {
    const t = transport();
    if (!t) return false;
    t({ id: `w${Date.now().toString(36)}-${++seq}`, action, data });
    return true;
  },

  /** Sends an action and waits for its result; rejects with BridgeError on time-out or in browser mode. */
  call(action: BridgeAction, data: object = {}): Promise<Record<string, unknown>> {
    const t = transport();
    if (!t) return Promise.reject(new BridgeError(action, 'notInApp'));
    if (!w().__appBridge) installReceiver();
    const id = `w${Date.now().toString(36)}-${++seq}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new BridgeError(action, 'timeout'));
      }, TIMEOUTS[action] ?? DEFAULT_TIMEOUT_MS);
      pending.set(id, { resolve, timer });
      t({ id, action, data });
    });
  },

  /** Unsolicited native events (e.g. a login completed on a native screen). */
  onEvent(fn: (e: NativeEvent) => void): () => void {
    if (!w().__appBridge) installReceiver();
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

export function installBridgeReceiver(): void {
  installReceiver();
}
