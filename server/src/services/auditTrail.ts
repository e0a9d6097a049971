/** The staff audit trail as supervisors and admins read it: filtered pages, the chain's verification, exports (CSV, JSON lines). */
import { iso } from '../core/time';
import { POLICY } from '../settings/policy';
import { GENESIS, verifyChain, type ChainCheck } from '../staff/auditChain';
import { allAuditEntries, auditEntries, type AuditFilter, type StoredEntry } from '../repos/staffAudit';
import type { Db } from '../db';
import type { RolesOf } from '../staff/roles';
import { audited, auditKey, type StaffCtx } from './staffAuth';

const entryView = (e: StoredEntry) => ({
  seq: e.seq,
  at: iso(e.at),
  staffId: e.staffId,
  action: e.action,
  subject: e.subject,
  detail: e.detail,
  prevHash: e.prevHash,
  hash: e.hash,
});

type AuditCtx = StaffCtx<RolesOf<'readAudit'>>;

export async function listAudit(ctx: AuditCtx, f: AuditFilter, limit: number) {
  const entries = await auditEntries(ctx.deps.db, f, Math.min(limit, POLICY.staff.auditPageMax));
  return { entries: entries.map(entryView), nextAfterSeq: entries.length ? entries[entries.length - 1].seq : null };
}

/** walks the whole chain a page at a time */
export async function checkChain(db: Db, dataKey: string): Promise<ChainCheck> {
  const key = auditKey(dataKey);
  let from = { seq: 0, hash: GENESIS };
  let page: StoredEntry[] = [];
  let total = 0;
  const flush = () => {
    const r = verifyChain(key, page, from);
    page = [];
    if (!r.ok) return { ...r, entries: total + r.entries };
    total += r.entries;
    from = { seq: from.seq + r.entries, hash: r.lastHash };
    return null;
  };
  for await (const e of allAuditEntries(db)) {
    page.push(e);
    if (page.length === 1000) {
      const bad = flush();
      if (bad) return bad;
    }
  }
  return flush() ?? { ok: true, entries: total, lastHash: from.hash };
}

/** the verification, itself recorded (who checked, and what they found) */
export const verifyAudit = (ctx: AuditCtx) =>
  checkChain(ctx.deps.db, ctx.deps.cfg.dataKey).then((r) =>
    audited(ctx, 'audit.verify', null, async () => ({ result: r, detail: r.ok ? { ok: true, entries: r.entries } : { ok: false, brokenAt: r.brokenAt } })),
  );

const CSV_COLUMNS = ['seq', 'at', 'staffId', 'action', 'subject', 'detail', 'prevHash', 'hash'] as const;
const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  // quoted always; a leading = + - @ is prefixed so a spreadsheet never runs it as a formula
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replaceAll('"', '""')}"`;
};

/** every entry the filter selects, as CSV or JSON lines (the export itself is recorded first) */
export async function* exportAudit(ctx: AuditCtx, f: AuditFilter, format: 'csv' | 'jsonl'): AsyncGenerator<string> {
  await audited(ctx, 'audit.export', null, async () => ({ result: null, detail: { format, filter: { ...f } } }));
  if (format === 'csv') yield CSV_COLUMNS.join(',') + '\r\n';
  let after = f.afterSeq ?? 0;
  for (;;) {
    const rows = await auditEntries(ctx.deps.db, { ...f, afterSeq: after }, 1000);
    for (const e of rows) {
      const v = entryView(e);
      yield format === 'csv' ? CSV_COLUMNS.map((c) => csvCell(v[c])).join(',') + '\r\n' : JSON.stringify(v) + '\n';
    }
    if (rows.length < 1000) return;
    after = rows[rows.length - 1].seq;
  }
}
