/**
 * PostgreSQL's answers when a transaction could not get its rows in time: a lock wait past `lock_timeout` (55P03), a
 * deadlock (40P01), a serialization failure (40001). The transaction was rolled back, so nothing was done: the caller
 * is told "busy, try again" (503), not a server error. PGlite runs one query at a time and never answers these.
 */
const CONTENTION = new Set(['55P03', '40P01', '40001']);

export const isContention = (e: unknown): boolean => CONTENTION.has((e as { code?: string })?.code ?? '');

/** how long a caller waits before sending the same call again */
export const BUSY_RETRY_AFTER_MS = 1000;
