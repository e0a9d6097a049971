/** The audit_log table: what staff or retention must be able to trace later. */
import { sql } from 'kysely';
import type { Db } from '../db';

export async function audit(db: Db, now: number, kind: string, detail: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ at: now, kind, detail: JSON.stringify(detail) })
    .execute();
}

/** the latest audit rows of one kind about one user (detail.userId), newest first */
export async function auditOfUser(db: Db, kind: string, userId: number, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['at', 'detail'])
    .where('kind', '=', kind)
    .where(sql<string>`detail->>'userId'`, '=', String(userId))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
