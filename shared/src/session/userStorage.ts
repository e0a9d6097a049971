/**
 * What the app keeps on the phone, through one API. Per-user data (drafts, what a remote
 * remembers for the borrower) goes in `userStorage(ns)`, under '<ns>:user:<key>'; log-out
 * removes it, and everything else that is not device-level, from localStorage and
 * sessionStorage (a phone may be shared). What must survive a log-out (it describes the phone,
 * not the borrower) goes in `deviceStorage(ns)`, under '<ns>:device:<key>'. Values are JSON.
 * Where storage is blocked (private mode in some web views) an in-memory stand-in keeps them
 * for the visit.
 */
import { DEVICE_KEYS } from './storage';

export interface ScopedStorage {
  get<T>(key: string): T | null;
  /** null or undefined removes the key */
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** the browser storage's key `key` is kept under: a pre-rendered field names it (`data-keep`) for the page's gate */
  keyOf(key: string): string;
}

type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** A Storage-like map for when the browser's is blocked. */
function memoryStorage(): Backend {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    key: (i) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}

const fallback = { local: memoryStorage(), tab: memoryStorage() };

function backend(tab: boolean): Backend {
  try {
    const s = tab ? window.sessionStorage : window.localStorage;
    if (s) return s;
  } catch {
    /* storage blocked */
  }
  return tab ? fallback.tab : fallback.local;
}

function scoped(ns: string, scope: 'user' | 'device', tab: boolean): ScopedStorage {
  if (!/^[a-z]+$/.test(ns)) throw new Error(`storage namespace must be lower-case letters: ${ns}`);
  const full = (key: string) => `${ns}:${scope}:${key}`;
  const remove = (key: string) => {
    try {
      backend(tab).removeItem(full(key));
    } catch {
      /* nothing stored */
    }
  };
  return {
    get<T>(key: string): T | null {
      try {
        const raw = backend(tab).getItem(full(key));
        return raw === null ? null : (JSON.parse(raw) as T);
      } catch {
        return null; // blocked, or not ours
      }
    },
    set(key, value) {
      if (value === null || value === undefined) return remove(key);
      try {
        backend(tab).setItem(full(key), JSON.stringify(value));
      } catch {
        /* storage full: the screen still works for this visit */
      }
    },
    remove,
    keyOf: full,
  };
}

/** The borrower's data, kept across visits (or for the tab: `tab: true`, sessionStorage); log-out clears it. */
export function userStorage(ns: string, opts: { tab?: boolean } = {}): ScopedStorage {
  return scoped(ns, 'user', opts.tab === true);
}

/** Data about the phone, not the borrower: it survives log-out. */
export function deviceStorage(ns: string, opts: { tab?: boolean } = {}): ScopedStorage {
  return scoped(ns, 'device', opts.tab === true);
}

const DEVICE_KEY = /^[a-z]+:device:/;
export const isDeviceKey = (key: string): boolean => (DEVICE_KEYS as readonly string[]).includes(key) || DEVICE_KEY.test(key);

/** Log-out: every key that is not device-level goes, in localStorage and sessionStorage. */
export function clearUserStorage(): void {
  for (const tab of [false, true]) {
    try {
      const s = backend(tab);
      const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null);
      for (const k of keys) if (!isDeviceKey(k)) s.removeItem(k);
    } catch {
      /* storage went away mid-way: nothing more can be removed */
    }
  }
}
