/**
 * The rule every value of a request obeys before its schema is even asked, on the server (and
 * wherever a client wants to check early): text has no NUL, no lone UTF-16 surrogates and a bounded
 * length; whole numbers fit the database's integer columns (int4); numbers are finite. Nested
 * objects and lists (profile JSON) are checked the same way. Answers field -> i18n key.
 */
export const TEXT_MAX = 2_000;
export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;

// a high surrogate not followed by a low one, or a low one not preceded by a high one
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function issue(v: unknown, depth: number): string | null {
  if (typeof v === 'string') {
    if (v.includes('\u0000') || LONE_SURROGATE.test(v)) return 'validation.textInvalid';
    return v.length > TEXT_MAX ? 'validation.textTooLong' : null;
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return 'validation.numberInvalid';
    return Number.isInteger(v) && (v > INT_MAX || v < INT_MIN) ? 'validation.numberTooLarge' : null;
  }
  if (v && typeof v === 'object') {
    if (depth > 8) return 'validation.invalid';
    for (const x of Object.values(v)) {
      const found = issue(x, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

export function unsafeValues(params: Record<string, unknown>): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    const found = issue(v, 0);
    if (found) fields[k] = found;
  }
  return Object.keys(fields).length ? fields : null;
}
