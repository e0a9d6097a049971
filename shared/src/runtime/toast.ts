/**
 * Toasts: short results ('copied', 'login successful'), read out by screen readers. An error toast
 * belongs to the screen that raised it (it is not shown on the next one); a success may announce
 * where the action led, unless it is about the screen itself (`here`: 'language changed' must not
 * cover the next screen's first button).
 */
import { create } from 'zustand';

export interface ToastItem {
  id: number;
  text: string;
  kind: 'info' | 'error' | 'success';
  /** the route path it was raised on */
  screen: string;
  /** shown on that screen only */
  here?: boolean;
}

/** the route path of the hash router: '#/a/b?x=1' -> '/a/b' */
export const currentScreen = (): string => window.location.hash.replace(/^#/, '').split('?')[0] || '/';

/** what the toast stack shows on `screen` */
export const toastsFor = (items: readonly ToastItem[], screen: string): ToastItem[] =>
  items.filter((t) => (t.kind !== 'error' && !t.here) || t.screen === screen);

export const TOAST_MS = 2500;
let nextId = 1;

export const useToasts = create<{ items: ToastItem[] }>()(() => ({ items: [] }));

export function toast(text: string, kind: ToastItem['kind'] = 'info', opts: { here?: boolean } = {}): void {
  const id = nextId++;
  useToasts.setState((s) => ({ items: [...s.items.slice(-2), { id, text, kind, screen: currentScreen(), ...(opts.here ? { here: true } : {}) }] }));
  setTimeout(() => useToasts.setState((s) => ({ items: s.items.filter((t) => t.id !== id) })), TOAST_MS);
}
