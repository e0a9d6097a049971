/** Server answers onto a form: validation failures go to their fields, anything else is a toast. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessageOf, toast } from 'shared';

/** Returns true when at least one field error was placed. */
export function applyServerErrors<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>, fieldOf?: Record<number, Path<T>>): boolean {
  if (!(e instanceof ApiError)) {
    toast(errorMessageOf(e), 'error');
    return false;
  }
  const fields = Object.entries(e.fields);
  if (fields.length) {
    for (const [path, key] of fields) setError(path as Path<T>, { message: key });
    toast(e.message, 'error');
    return true;
  }
  const mapped = fieldOf?.[e.code];
  if (mapped) {
    setError(mapped, { message: e.message });
    toast(e.message, 'error');
    return true;
  }
  toast(e.message, 'error');
  return false;
}

/** The first field with an error gets focus and is scrolled into view. */
export function focusFirstError(): void {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus?.();
    el?.scrollIntoView?.({ block: 'center' });
  });
}
