/** PostgreSQL's unique-key violation (23505), and running once more after losing such a race. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err?.code !== '23505') return false;
  return !constraint || err.constraint === constraint || (err.message ?? '').includes(constraint);
}
/** a unique-key race (the same key on two orders at once): the loser runs again and sees the winner's row */
export async function retryOnceOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) return run();
    throw e;
  }
}
