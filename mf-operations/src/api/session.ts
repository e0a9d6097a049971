/**
 * The signed-in member: the token in sessionStorage (this tab only, gone when it closes; never localStorage), and
 * why the last session ended, for the sign-in screen to say. A tiny store React reads with useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';
import type { SignInAnswer, StaffMember } from './types';

const KEY = 'ops.session';

export interface Session {
  token: string;
  staff: StaffMember;
  expiresAt: string;
}
interface State {
  session: Session | null;
  /** the API's words for why the last session ended (shown once on sign-in) */
  ended: string | null;
}

function read(): Session | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Session | null;
    return s && typeof s.token === 'string' && s.staff ? s : null;
  } catch {
    return null;
  }
}

let state: State = { session: read(), ended: null };
const listeners = new Set<() => void>();
const set = (next: State) => {
  state = next;
  listeners.forEach((l) => l());
};

export const sessionStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  signedIn(a: SignInAnswer) {
    const session = { token: a.token, staff: a.staff, expiresAt: a.expiresAt };
    sessionStorage.setItem(KEY, JSON.stringify(session));
    set({ session, ended: null });
  },
  /** signed out here, or told by the API that the token no longer works (`why`: its message) */
  end(why: string | null = null) {
    sessionStorage.removeItem(KEY);
    if (state.session || why) set({ session: null, ended: why });
  },
  token: () => state.session?.token ?? null,
};

export const useSessionState = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
