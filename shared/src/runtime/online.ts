/** Waiting for the network: what was asked while offline is done again when the phone is back online. */
import { useSyncExternalStore } from 'react';

/** the first requests right after the phone says it is online may still fail: a moment's grace */
const ONLINE_SETTLE_MS = 800;

/** Calls `fn` once, shortly after the next 'online' event; returns a function that cancels the wait. */
export function onceOnline(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const handler = () => {
    window.removeEventListener('online', handler);
    timer = setTimeout(fn, ONLINE_SETTLE_MS);
  };
  window.addEventListener('online', handler);
  return () => {
    window.removeEventListener('online', handler);
    clearTimeout(timer);
  };
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
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
