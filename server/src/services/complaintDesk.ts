/**
 * Complaints as staff answer them (issue 40): the tickets with their service clock (resolve by, the market
 * profile's days), a reply the borrower reads on their complaint screen (complaintList), resolve (only once
 * answered), escalate to a supervisor. Ticket times are the business clock's, like the borrower's side.
 */
import { iso, isoOrNull } from '../core/time';
import { maskMobile } from '../core/mask';
import { POLICY } from '../settings/policy';
import type { Db } from '../db';
import type { ComplaintRow } from '../repos/compliance';
import type { RolesOf } from '../staff/roles';
import { audited, StaffRefusal, type StaffCtx } from './staffAuth';
import { claimsOf, holdForDecision, type ClaimView } from './queueClaims';

type Ctx = StaffCtx<RolesOf<'answerComplaints'>>;
export type ComplaintStatus = ComplaintRow['status'];

const listed = (db: Db) =>
  db
    .selectFrom('complaints as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('staff as r', 'r.id', 'c.replied_by')
    .leftJoin('staff as e', 'e.id', 'c.escalated_by')
    .selectAll('c')
    .select(['u.mobile', 'r.username as replied_by_username', 'e.username as escalated_by_username']);
type Listed = Awaited<ReturnType<ReturnType<typeof listed>['execute']>>[number];

const view = (c: Listed, now: number, claim: ClaimView | null) => ({
  ticketNo: c.ticket_no,
  category: c.category,
  text: c.body,
  hasPhoto: c.document_id !== null,
  borrowerMobile: maskMobile(c.mobile),
  status: c.status,
  createdAt: iso(c.created_at),
  resolveBy: iso(c.resolve_by),
  late: c.status !== 'resolved' && now >= c.resolve_by,
  reply: c.reply === null ? null : { text: c.reply, at: isoOrNull(c.replied_at), by: c.replied_by_username },
  escalated: c.escalated_at === null ? null : { at: iso(c.escalated_at), by: c.escalated_by_username },
  resolvedAt: isoOrNull(c.resolved_at),
  claim,
});

export async function listComplaints(ctx: Ctx, f: { status?: ComplaintStatus; escalated?: boolean }) {
  let q = listed(ctx.deps.db);
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.escalated !== undefined) q = q.where('c.escalated_at', f.escalated ? 'is not' : 'is', null);
  const rows = await q.orderBy('c.resolve_by').limit(POLICY.staff.listPageMax).execute();
  const now = ctx.deps.clock.now();
  const claims = await claimsOf(
    ctx,
    'complaint',
    rows.filter((c) => c.status !== 'resolved').map((c) => c.ticket_no),
  );
  // the borrowers' own words: a read of personal data
  return audited(ctx, 'complaints.list', null, async () => ({
    result: { complaints: rows.map((c) => view(c, now, claims.get(c.ticket_no) ?? null)) },
    detail: { status: f.status ?? null, tickets: rows.map((c) => c.ticket_no) },
  }));
}

/** one change of a ticket under its row lock, recorded; `change` refuses or answers the columns to set */
async function change(
  ctx: Ctx,
  ticketNo: string,
  action: string,
  detail: Record<string, unknown>,
  set: (
    c: ComplaintRow,
    now: number,
  ) => Partial<Pick<ComplaintRow, 'status' | 'reply' | 'replied_at' | 'replied_by' | 'escalated_at' | 'escalated_by' | 'resolved_at'>>,
) {
  const now = ctx.deps.clock.now();
  return audited(ctx, action, `complaint:${ticketNo}`, async (trx) => {
    const c = await trx.selectFrom('complaints').selectAll().where('ticket_no', '=', ticketNo).forUpdate().executeTakeFirst();
    if (!c) throw new StaffRefusal('notFound');
    if (c.status === 'resolved') throw new StaffRefusal('alreadyDecided', { status: c.status });
    const changed = set(c, now);
    await holdForDecision(trx, ctx, 'complaint', ticketNo, { done: changed.status === 'resolved' });
    await trx.updateTable('complaints').set(changed).where('id', '=', c.id).execute();
    const after = await listed(trx).where('c.id', '=', c.id).executeTakeFirstOrThrow();
    const claims = await claimsOf(ctx, 'complaint', [ticketNo], trx);
    return { result: { complaint: view(after, now, claims.get(ticketNo) ?? null) }, detail };
  });
}

export const replyToComplaint = (ctx: Ctx, ticketNo: string, text: string) =>
  change(ctx, ticketNo, 'complaint.reply', { length: text.length }, (c, now) => ({
    reply: text,
    replied_at: now,
    replied_by: ctx.staff.id,
    status: c.status === 'open' ? 'inProgress' : c.status,
  }));

/** resolved only once the borrower has an answer */
export const resolveComplaint = (ctx: Ctx, ticketNo: string) =>
  change(ctx, ticketNo, 'complaint.resolve', {}, (c, now) => {
    if (c.reply === null) throw new StaffRefusal('invalidInput', { fields: { reply: 'reply to the borrower before resolving' } });
    return { status: 'resolved', resolved_at: now };
  });

export const escalateComplaint = (ctx: Ctx, ticketNo: string, reason: string) =>
  change(ctx, ticketNo, 'complaint.escalate', { reason }, (c, now) => {
    if (c.escalated_at !== null) throw new StaffRefusal('alreadyDecided', { escalatedAt: iso(c.escalated_at) });
    return { escalated_at: now, escalated_by: ctx.staff.id, status: c.status === 'open' ? 'inProgress' : c.status };
  });
