/**
 * The session (zustand), mirrored to localStorage under the spec's keys. Reads are for
 * everyone; login and logout writes happen through session/actions.ts.
 */
import { create } from 'zustand';
import { DEFAULT_APP_NAME, DEFAULT_PACKAGE_NAME, uiLanguage, type UiLanguage } from '../contract/limits';
import type { UserInfo } from '../contract/schemas/security';
import { bearerOf, readKey, writeKey, STORAGE_KEYS, type StorageKey, type StoredToken } from './storage';

export type { StoredToken } from './storage';

export interface SessionState {
  /** the contract's user info (login, register, getUserInfo) */
  userInfo: UserInfo | null;
  token: StoredToken | null;
  score: number | null;
  /** the stored language value as written (en, ur, es...) */
  language: string;
  packageName: string;
  appName: string;
  afid: string;
  edition: string | null;
  deviceMsg: Record<string, unknown> | null;
}

function load(): SessionState {
  return {
    userInfo: readKey<UserInfo>('userInfo'),
    token: readKey<StoredToken>('token'),
    score: readKey('score'),
    language: readKey<string>('language') ?? 'en',
    packageName: readKey<string>('packageName') || DEFAULT_PACKAGE_NAME,
    appName: readKey<string>('appName') || DEFAULT_APP_NAME,
    afid: readKey<string>('afid') ?? '',
    edition: readKey('edition'),
    deviceMsg: readKey('deviceMsg'),
  };
}

export const useSession = create<SessionState>()(() => load());

// Mirror every change to its own storage key.
useSession.subscribe((state, prev) => {
  for (const key of STORAGE_KEYS) {
    if (state[key] !== prev[key]) writeKey(key as StorageKey, state[key]);
  }
});

export function bearerToken(): string | null {
  return bearerOf(useSession.getState().token);
}

export function isLoggedIn(): boolean {
  return bearerToken() !== null;
}

export function currentUiLanguage(): UiLanguage {
  return uiLanguage(useSession.getState().language);
}
