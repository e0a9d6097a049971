/** A form's failures: the server's field errors onto their fields, the first error as a toast, focus on its field. */
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toApiError, toast } from 'shared';
import { useErrorText } from 'shared/ui';

/** Validation failures go to their fields (and `fieldOf` maps error codes to a field); the message is a toast too. Returns true when a field error was placed. */
export function applyServerErrors<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>, fieldOf?: Record<number, Path<T>>): boolean {
  const err = toApiError(e);
  toast(err.message, 'error');
  const fields = Object.entries(err.fields);
  for (const [path, key] of fields) setError(path as Path<T>, { message: key });
  const mapped = fields.length ? undefined : fieldOf?.[err.code];
  if (mapped) setError(mapped, { message: err.message });
  return fields.length > 0 || !!mapped;
}

/** The first field with an error gets focus and is scrolled into view. */
export function focusFirstError(): void {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus?.();
    el?.scrollIntoView?.({ block: 'center' });
  });
}

/** The first error message in a react-hook-form errors tree (for the spec's toast). */
export function firstErrorKey(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const e = errors as Record<string, unknown>;
  if (typeof e.message === 'string' && e.message) return e.message;
  for (const [k, v] of Object.entries(e)) {
    if (k === 'ref') continue;
    const found = firstErrorKey(v);
    if (found) return found;
  }
  return undefined;
}

/** handleSubmit's onInvalid: the first error as a toast in the borrower's language, and focus on its field. */
export function useOnInvalid<V extends FieldValues>(): (errors: FieldErrors<V>) => void {
  const errorText = useErrorText();
  return (errors) => {
    const key = firstErrorKey(errors);
    if (key) toast(errorText(key) ?? '', 'error');
    focusFirstError();
  };
}
