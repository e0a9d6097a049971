/** The audit_log table: what staff or retention must be able to trace later. */
import type { Db } from '../db';

export async function audit(db: Db, now: number, kind: string, detail: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ at: now, kind, detail: JSON.stringify(detail) })
    .execute();
}
