/**
 * Drafts of a form ('draft:<name>:<userId>' in this remote's user storage): whatever the
 * borrower typed survives a reload or a dropped network until the step is submitted or the
 * borrower logs out.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useSession } from 'shared';
import { readLocal, writeLocal } from './storage';

export function draftKey(name: string, userId: unknown): string {
  return `draft:${name}:${userId ?? 'anon'}`;
}

export function readDraft<T>(name: string, userId: unknown): Partial<T> | null {
  return readLocal<Partial<T>>(draftKey(name, userId));
}

/**
 * Saves the form's values on every change, except the fields in `never` (card data: a CVC or an
 * account number is not left on the phone); returns clear() for after a successful submit.
 */
export function useDraft<T extends FieldValues>(name: string, form: UseFormReturn<T>, enabled = true, never: readonly (keyof T)[] = []): { clear(): void } {
  const userId = useSession((s) => s.userInfo?.userId);
  const key = draftKey(name, userId);
  const cleared = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    const save = (values: Record<string, unknown>) => {
      const kept = { ...values };
      for (const f of never) delete kept[f as string];
      writeLocal(key, kept);
    };
    // a draft written before these fields were kept out loses them now, not at the next keystroke
    const old = readLocal<Record<string, unknown>>(key);
    if (old && never.some((f) => (f as string) in old)) save(old);
    const sub = form.watch((values) => {
      if (!cleared.current) save(values);
    });
    return () => sub.unsubscribe();
  }, [form, key, enabled, never]);
  const clear = useCallback(() => {
    cleared.current = true;
    writeLocal(key, null);
  }, [key]);
  return { clear };
}

export function useUserId(): number | undefined {
  return useSession((s) => s.userInfo?.userId);
}
