/** Small conversions between native inputs and the contract's types. */

/** '' -> undefined, digits -> number (amounts typed in a text field) */
export function numberOrUndefined(v: unknown): number | undefined {
  if (v === '' || v === null || v === undefined) return undefined;
  const n = Number(String(v).replace(/[\s,]/g, ''));
  return Number.isFinite(n) ? n : (v as number);
}
