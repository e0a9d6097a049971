/**
 * A stored idempotency key for a one-off action (the extension of one due date): the same
 * key after a double tap or a reload, so the server charges the fee once.
 */
import { newIdempotencyKey } from './attempt';

const PREFIX = 'repay.once.';

export function onceKey(scope: string): string {
  try {
    const prev = sessionStorage.getItem(PREFIX + scope);
    if (prev) return prev;
    const key = newIdempotencyKey();
    sessionStorage.setItem(PREFIX + scope, key);
    return key;
  } catch {
    return newIdempotencyKey();
  }
}

export function clearOnceKey(scope: string): void {
  try {
    sessionStorage.removeItem(PREFIX + scope);
  } catch {
    /* nothing stored */
  }
}
