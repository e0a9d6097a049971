/** Waiting for the network: what was asked while offline is done again when the phone is back online. */

/** Calls `fn` once, at the next 'online' event; returns a function that cancels the wait. */
export function onceOnline(fn: () => void): () => void {
  const handler = () => {
    window.removeEventListener('online', handler);
    fn();
  };
  window.addEventListener('online', handler);
  return () => window.removeEventListener('online', handler);
}
