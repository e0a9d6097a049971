/** Small conversions between native inputs and the contract's types. */

/** '' -> undefined, digits -> number (amounts typed in a text field) */
export function numberOrUndefined(v: unknown): number | undefined {
  if (v === '' || v === null || v === undefined) return undefined;
  const n = Number(String(v).replace(/[\s,]/g, ''));
  return Number.isFinite(n) ? n : (v as number);
}

/** what a digits-only field keeps: the digits of what was typed or pasted (dashes, spaces dropped), at most `max` (more typing does nothing) */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
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
