/** The proposals table: money actions proposed by one staff member, decided once by another (maker-checker). */
import type { Insertable, Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { jsonb, parseJson } from '../db/json';
import { WAIVABLE } from '../domain/ledger';

export type ProposalRow = Selectable<DB['proposals']>;

/** what each kind of proposal asks (the reason is its own column) */
export const WaiverPayload = z.object({ account: z.enum(WAIVABLE), amount: z.number().int().positive() });
export type WaiverPayload = z.infer<typeof WaiverPayload>;
/** a refund of overpayment: the amount given back */
export const RefundPayload = z.object({ amount: z.number().int().positive() });
/** a write-off: everything owed when approved; `owedWhenProposed` is what the maker saw */
export const WriteOffPayload = z.object({ owedWhenProposed: z.number().int().min(0) });
/** a payout retry: the failed attempt's reference the maker saw (the approval starts a new one) */
export const PayoutRetryPayload = z.object({ failedReference: z.string().nullable() });
export type AnyPayload =
  | { kind: 'waiver'; payload: WaiverPayload }
  | { kind: 'refund'; payload: z.infer<typeof RefundPayload> }
  | { kind: 'writeOff'; payload: z.infer<typeof WriteOffPayload> }
  | { kind: 'payoutRetry'; payload: z.infer<typeof PayoutRetryPayload> };
export type ProposalKind = AnyPayload['kind'];
const Outcome = z.record(z.string(), z.unknown()).nullable();

export function payloadOf(p: ProposalRow): AnyPayload {
  const where = `proposals.payload of row ${p.id}`;
  switch (p.kind) {
    case 'waiver':
      return { kind: p.kind, payload: parseJson(WaiverPayload, p.payload, where) };
    case 'refund':
      return { kind: p.kind, payload: parseJson(RefundPayload, p.payload, where) };
    case 'writeOff':
      return { kind: p.kind, payload: parseJson(WriteOffPayload, p.payload, where) };
    case 'payoutRetry':
      return { kind: p.kind, payload: parseJson(PayoutRetryPayload, p.payload, where) };
  }
}
export const outcomeOf = (p: ProposalRow) => parseJson(Outcome, p.outcome, `proposals.outcome of row ${p.id}`);

export const addProposal = (db: Db, p: Omit<Insertable<DB['proposals']>, 'payload' | 'kind'> & AnyPayload): Promise<ProposalRow> =>
  db
    .insertInto('proposals')
    .values({ ...p, payload: jsonb(p.payload) })
    .returningAll()
    .executeTakeFirstOrThrow();

/** the proposal locked until the transaction ends: two approvals at once decide it one after the other */
export const lockProposal = (trx: Db, id: number): Promise<ProposalRow | undefined> =>
  trx.selectFrom('proposals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const decideProposal = (trx: Db, id: number, d: Pick<ProposalRow, 'status' | 'checker_id' | 'decided_at'> & { outcome: Record<string, unknown> }) =>
  trx
    .updateTable('proposals')
    .set({ ...d, outcome: jsonb(d.outcome) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** proposals with their order's number and both members' usernames, newest first */
export function listProposals(db: Db, f: { id?: number; status?: ProposalRow['status']; orderId?: number; kind?: ProposalKind }, limit: number) {
  let q = db
    .selectFrom('proposals as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('staff as m', 'm.id', 'p.maker_id')
    .leftJoin('staff as c', 'c.id', 'p.checker_id')
    .selectAll('p')
    .select(['o.order_no', 'm.username as maker', 'c.username as checker']);
  if (f.id !== undefined) q = q.where('p.id', '=', f.id);
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.orderId !== undefined) q = q.where('p.order_id', '=', f.orderId);
  if (f.kind) q = q.where('p.kind', '=', f.kind);
  return q.orderBy('p.id', 'desc').limit(limit).execute();
}
