/** The borrower's agreement to each device permission, kept on the device per user. */
import { readLocal, writeLocal } from './storage';

export type Consents = Record<string, string>; // permission -> ISO time agreed

const key = (userId: unknown) => `permissions:${userId ?? 'anon'}`;

export function readConsents(userId: unknown): Consents {
  return readLocal<Consents>(key(userId)) ?? {};
}

export function saveConsents(userId: unknown, keys: string[], now = new Date()): Consents {
  const next = { ...readConsents(userId) };
  for (const k of keys) next[k] = now.toISOString();
  writeLocal(key(userId), next);
  return next;
}

/** the permissions the market enables that the borrower has not agreed to yet */
export function missingConsents(enabled: string[], consents: Consents): string[] {
  return enabled.filter((k) => !consents[k]);
}
