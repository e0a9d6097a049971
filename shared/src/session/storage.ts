/** The spec's local-storage keys (section 3), each stored under its own name. */
export const STORAGE_KEYS = ['userInfo', 'token', 'score', 'language', 'packageName', 'appName', 'afid', 'edition', 'deviceMsg'] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];
/** The spec's keys that survive a log-out: they describe the app and the device, not the user. */
export const DEVICE_KEYS: readonly StorageKey[] = ['language', 'packageName', 'appName', 'afid', 'edition', 'deviceMsg'];

/** The stored `token`: the login's answer as the spec stores it. */
export interface StoredToken {
  Authorization: string;
}

/** The bearer credential of a stored token (what makes the phone signed in), or null: none, or not of that shape. */
export function bearerOf(token: StoredToken | null | undefined): string | null {
  const auth = token?.Authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') ? auth : null;
}

export function readKey<T>(key: StorageKey): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return raw as unknown as T; // plain strings written by a native wrapper
    }
  } catch {
    return null; // storage disabled (private mode in some WebViews)
  }
}

export function writeKey(key: StorageKey, value: unknown): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    /* storage full or disabled: the in-memory session still works for this visit */
  }
}
