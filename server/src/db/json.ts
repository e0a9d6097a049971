/**
 * JSON columns as written (`jsonb`) and as read back: parsed by their schema at the repositories'
 * edge, so no caller casts what a row holds. A row that does not match is refused with an error naming
 * the table, column and row (a programming or data error: the answer is a server error, the log says
 * where), never passed on.
 */
import type { z } from 'zod';

export class MalformedRow extends Error {
  constructor(where: string, why: string) {
    super(`malformed ${where}: ${why}`);
    this.name = 'MalformedRow';
  }
}

/** `value` (a JSON column: text on PGlite, parsed on PostgreSQL) as `schema` says; `where`: "table.column of row id" */
export function parseJson<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw new MalformedRow(where, 'not JSON');
    }
  }
  const r = schema.safeParse(v);
  if (!r.success) throw new MalformedRow(where, r.error.issues.map((i) => `${i.path.join('.') || '(value)'}: ${i.message}`).join('; '));
  return r.data;
}

/** a value as written to a JSON column */
export const jsonb = (v: unknown) => JSON.stringify(v ?? null);
