/**
 * The staff_audit table: append-only (a trigger refuses any change), each entry chained to the one
 * before (staff/auditChain.ts). Appends are serialized by a transaction-scoped advisory lock, so two
 * writers at once never fork the chain (and `seq` is the primary key: a fork could not be stored anyway).
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import { jsonb, parseJson } from '../db/json';
import { entryHash, GENESIS, type AuditEntry } from '../staff/auditChain';

/** any fixed number, apart from the migrations' */
const AUDIT_LOCK = 7_240_040;

export type StoredEntry = AuditEntry & { prevHash: string; hash: string };

/** appends an entry in the caller's transaction (its write and its record commit together, or neither) */
export async function appendAudit(trx: Db, key: Buffer, e: Omit<AuditEntry, 'seq'>): Promise<StoredEntry> {
  if (!trx.isTransaction) throw new Error('appendAudit needs a transaction (the lock is held until it ends)');
  await sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`.execute(trx);
  const last = await trx.selectFrom('staff_audit').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const entry: AuditEntry = { ...e, seq: (last?.seq ?? 0) + 1 };
  const prevHash = last?.hash ?? GENESIS;
  const hash = entryHash(key, prevHash, entry);
  await trx
    .insertInto('staff_audit')
    .values({
      seq: entry.seq,
      at: entry.at,
      staff_id: entry.staffId,
      action: entry.action,
      subject: entry.subject,
      detail: jsonb(entry.detail),
      prev_hash: prevHash,
      hash,
    })
    .execute();
  return { ...entry, prevHash, hash };
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  /** exact subject, e.g. `order:LM2024...` */
  subject?: string;
  from?: number;
  to?: number;
  /** entries after this seq (paging) */
  afterSeq?: number;
}

const Detail = z.record(z.string(), z.unknown());
const toEntry = (r: {
  seq: number;
  at: number;
  staff_id: number | null;
  action: string;
  subject: string | null;
  detail: unknown;
  prev_hash: string;
  hash: string;
}): StoredEntry => ({
  seq: Number(r.seq),
  at: Number(r.at),
  staffId: r.staff_id === null ? null : Number(r.staff_id),
  action: r.action,
  subject: r.subject,
  detail: parseJson(Detail, r.detail, `staff_audit.detail of entry ${r.seq}`),
  prevHash: r.prev_hash,
  hash: r.hash,
});

export async function auditEntries(db: Db, f: AuditFilter, limit: number): Promise<StoredEntry[]> {
  let q = db.selectFrom('staff_audit').selectAll();
  if (f.staffId !== undefined) q = q.where('staff_id', '=', f.staffId);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.subject !== undefined) q = q.where('subject', '=', f.subject);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  if (f.afterSeq !== undefined) q = q.where('seq', '>', f.afterSeq);
  return (await q.orderBy('seq').limit(limit).execute()).map(toEntry);
}

/** every entry in order, a page at a time (the verification reads the whole chain without holding it in memory) */
export async function* allAuditEntries(db: Db, page = 1000): AsyncGenerator<StoredEntry> {
  let after = 0;
  for (;;) {
    const rows = await auditEntries(db, { afterSeq: after }, page);
    yield* rows;
    if (rows.length < page) return;
    after = rows[rows.length - 1].seq;
  }
}
