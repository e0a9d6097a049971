/** Waiting for the network: what was asked while offline is done again when the phone is back online. */
import { useSyncExternalStore } from 'react';

/** Calls `fn` once, at the next 'online' event; returns a function that cancels the wait. */
export function onceOnline(fn: () => void): () => void {
  const handler = () => {
    window.removeEventListener('online', handler);
    fn();
  };
  window.addEventListener('online', handler);
  return () => window.removeEventListener('online', handler);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the phone has a network, as the browser knows it, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}
