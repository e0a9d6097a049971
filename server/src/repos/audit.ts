/** The audit_log table: what staff or retention must be able to trace later. */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db';
import { parseJson } from '../db/json';

export async function audit(db: Db, now: number, kind: string, detail: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ at: now, kind, detail: JSON.stringify(detail) })
    .execute();
}

/** the latest audit rows of one kind about one user (detail.userId), newest first, each detail parsed by `schema` */
export async function auditOfUser<T>(db: Db, kind: string, userId: number, limit: number, schema: z.ZodType<T>): Promise<{ at: number; detail: T }[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'at', 'detail'])
    .where('kind', '=', kind)
    .where(sql<string>`detail->>'userId'`, '=', String(userId))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ at: Number(r.at), detail: parseJson(schema, r.detail, `audit_log.detail of row ${r.id}`) }));
}
