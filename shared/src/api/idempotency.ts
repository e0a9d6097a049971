/**
 * Idempotency keys (wire contract: [A-Za-z0-9_-]{8,64}): one per user intent, saved before the
 * request is sent, so a double tap, a retry after a lost answer or a reload sends the same key and
 * the server answers the same result instead of moving money twice.
 */
import { userStorage } from '../session/userStorage';

/** the keys of intents under way, for the tab ('intent:<scope>'); log-out clears them */
const store = userStorage('lm', { tab: true });

/** 32 hex characters from the platform's random source */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of one intent (e.g. `getMoney.<orderNo>`): the stored one, or a new one stored first. */
export function intentKey(scope: string): string {
  const prev = store.get<string>(`intent:${scope}`);
  if (prev) return prev;
  const key = newIdempotencyKey();
  store.set(`intent:${scope}`, key);
  return key;
}

/** After a final answer the next intent of the same scope needs a new key. */
export function clearIntentKey(scope: string): void {
  store.remove(`intent:${scope}`);
}
