/**
 * Drafts of a form in localStorage ('onboarding:draft:<name>:<userId>'): whatever the
 * borrower typed survives a reload or a dropped network until the step is submitted.
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

/** Saves the form's values on every change; returns clear() for after a successful submit. */
export function useDraft<T extends FieldValues>(name: string, form: UseFormReturn<T>, enabled = true): { clear(): void } {
  const userId = useSession((s) => (s.userInfo as { userId?: number } | null)?.userId);
  const key = draftKey(name, userId);
  const cleared = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    const sub = form.watch((values) => {
      if (!cleared.current) writeLocal(key, values);
    });
    return () => sub.unsubscribe();
  }, [form, key, enabled]);
  const clear = useCallback(() => {
    cleared.current = true;
    writeLocal(key, null);
  }, [key]);
  return { clear };
}

export function useUserId(): number | undefined {
  return useSession((s) => (s.userInfo as { userId?: number } | null)?.userId);
}
