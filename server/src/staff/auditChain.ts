/**
 * The staff audit trail's chain (pure): each entry's hash is an HMAC over the previous entry's hash and
 * the entry's canonical form, keyed by a key derived from DATA_KEY. A row changed, removed or inserted
 * in the middle breaks every hash after it, and without the key nobody with only database access can
 * write a chain that verifies. `verifyChain` walks the rows in order and names the first one that fails.
 */
import crypto from 'node:crypto';

export const GENESIS = '0'.repeat(64);

export interface AuditEntry {
  seq: number;
  /** wall-clock ms */
  at: number;
  staffId: number | null;
  action: string;
  subject: string | null;
  detail: Record<string, unknown>;
}

/** JSON with object keys sorted at every level: what jsonb gives back hashes the same as what was written */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

export const chainKey = (dataKey: string): Buffer => Buffer.from(crypto.hkdfSync('sha256', dataKey, Buffer.alloc(0), 'staff-audit-chain', 32));

export function entryHash(key: Buffer, prevHash: string, e: AuditEntry): string {
  const body = canonical({ seq: e.seq, at: e.at, staffId: e.staffId, action: e.action, subject: e.subject, detail: e.detail });
  return crypto.createHmac('sha256', key).update(`${prevHash}\n${body}`).digest('hex');
}

export type ChainCheck = { ok: true; entries: number; lastHash: string } | { ok: false; entries: number; brokenAt: number; why: string };

/** checks rows read in `seq` order, from the first one (`seq` 1) or from a known entry's hash (`from`) */
export function verifyChain(
  key: Buffer,
  rows: Iterable<AuditEntry & { prevHash: string; hash: string }>,
  from: { seq: number; hash: string } = { seq: 0, hash: GENESIS },
): ChainCheck {
  let prev = from.hash;
  let expectSeq = from.seq + 1;
  let n = 0;
  for (const r of rows) {
    if (r.seq !== expectSeq) return { ok: false, entries: n, brokenAt: r.seq, why: `entry ${expectSeq} is missing` };
    if (r.prevHash !== prev) return { ok: false, entries: n, brokenAt: r.seq, why: 'does not follow the entry before it' };
    if (r.hash !== entryHash(key, prev, r)) return { ok: false, entries: n, brokenAt: r.seq, why: 'its content does not match its hash' };
    prev = r.hash;
    expectSeq++;
    n++;
  }
  return { ok: true, entries: n, lastHash: prev };
}
