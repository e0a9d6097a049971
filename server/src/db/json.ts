/** JSON columns as read and written. */
/** a JSON column as read: pg and PGlite give objects, a value stored as text a string */
export const fromJson = <T = unknown>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** a value as written to a JSON column */
export const jsonb = (v: unknown) => JSON.stringify(v ?? null);
