/** Toasts: short results ('copied', 'login successful'), read out by screen readers. */
import { create } from 'zustand';

export interface ToastItem {
  id: number;
  text: string;
  kind: 'info' | 'error' | 'success';
}

export const TOAST_MS = 2500;
let nextId = 1;

export const useToasts = create<{ items: ToastItem[] }>()(() => ({ items: [] }));

export function toast(text: string, kind: ToastItem['kind'] = 'info'): void {
  const id = nextId++;
  useToasts.setState((s) => ({ items: [...s.items.slice(-2), { id, text, kind }] }));
  setTimeout(() => useToasts.setState((s) => ({ items: s.items.filter((t) => t.id !== id) })), TOAST_MS);
}
