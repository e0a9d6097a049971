/**
 * Drafts of a form ('draft:<name>:<userId>' in this remote's user storage): whatever the
 * borrower typed survives a reload or a dropped network until the step is submitted or the
 * borrower logs out. Only a known borrower has drafts (features/borrower.ts): nothing typed is
 * kept under a key that is nobody's.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useSession } from 'shared';
import { readLocal, writeLocal } from './storage';

export function draftKey(name: string, userId: number | undefined): string | null {
  return userId === undefined ? null : `draft:${name}:${userId}`;
}

export function readDraft<T>(name: string, userId: number | undefined): Partial<T> | null {
  const key = draftKey(name, userId);
  return key ? readLocal<Partial<T>>(key) : null;
}

export function writeDraft(name: string, userId: number | undefined, value: unknown): void {
  const key = draftKey(name, userId);
  if (key) writeLocal(key, value);
}

/**
 * Saves the form's values on every change, except the fields in `never` (card data: a CVC or an
 * account number is not left on the phone); returns clear() for after a successful submit.
 */
export function useDraft<T extends FieldValues>(name: string, form: UseFormReturn<T>, enabled = true, never: readonly (keyof T)[] = []): { clear(): void } {
  const key = draftKey(name, useUserId());
  const cleared = useRef(false);
  // clear() runs after an awaited save, from the render that submitted: it removes what this form wrote under any key
  const written = useRef(new Set<string>());
  // typed before the borrower was known: saved once they are
  const unsaved = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    const save = (values: Record<string, unknown>) => {
      if (!key) return void (unsaved.current = true);
      const kept = { ...values };
      for (const f of never) delete kept[f as string];
      written.current.add(key);
      writeLocal(key, kept);
    };
    // a draft written before these fields were kept out loses them now, not at the next keystroke
    const old = key ? readLocal<Record<string, unknown>>(key) : null;
    if (old && never.some((f) => (f as string) in old)) save(old);
    if (key && unsaved.current && !cleared.current) {
      unsaved.current = false;
      save(form.getValues());
    }
    const sub = form.watch((values) => {
      if (!cleared.current) save(values);
    });
    return () => sub.unsubscribe();
  }, [form, key, enabled, never]);
  const clear = useCallback(() => {
    cleared.current = true;
    for (const k of written.current) writeLocal(k, null);
    if (key) writeLocal(key, null);
  }, [key]);
  return { clear };
}

export function useUserId(): number | undefined {
  return useSession((s) => s.userInfo?.userId);
}
