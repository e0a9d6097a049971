/**
 * Market profile (issue 29): the risk warning acknowledged before sign-up (stored with its version and
 * time; applying for a loan needs it, usecases/riskWarning.ts), and the complaint (grievance) process: tickets with a
 * number and status, listed per borrower, the regulator's route named once one is not resolved in time.
 */
import crypto from 'node:crypto';
import type { AuthedCtx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import { DAY_MS, iso, isoOrNull, pkDate } from '../core/time';
import { ErrorCode, fail } from '../core/errors';
import type { MarketProfile } from '../market/profile';
import { acknowledgementOf, addAcknowledgement, addComplaint, complaintsOf, type ComplaintRow } from '../repos/compliance';
import { complaintPhoto } from '../repos/documents';

export async function acknowledgeRiskWarning(p: Req<'acknowledgeRiskWarning'>, ctx: AuthedCtx): Promise<Res<'acknowledgeRiskWarning'>> {
  const version = ctx.deps.cfg.profile.riskWarning?.version;
  if (!version) fail(ErrorCode.notFound);
  if (p.version !== version) fail(ErrorCode.riskWarningRequired, { version });
  const { db, clock } = ctx.deps;
  // the first acknowledgement of a version is the one kept: acknowledging again answers it
  const row = (await acknowledgementOf(db, ctx.user.id, version)) ?? (await addAcknowledgement(db, ctx.user.id, version, p.lang, clock.now()));
  return { version: row.version, acknowledgedAt: iso(row.at) };
}

const complaintsOn = (p: MarketProfile) => p.complaints ?? fail(ErrorCode.notFound);

function complaintView(c: ComplaintRow, p: MarketProfile, now: number) {
  const late = c.status !== 'resolved' && now >= c.resolve_by;
  return {
    ticketNo: c.ticket_no,
    category: c.category as Res<'createComplaint'>['complaint']['category'],
    text: c.body,
    hasPhoto: c.document_id !== null,
    status: c.status,
    createdAt: iso(c.created_at),
    resolveBy: iso(c.resolve_by),
    resolvedAt: isoOrNull(c.resolved_at),
    reply: c.reply === null || c.replied_at === null ? null : { text: c.reply, at: iso(c.replied_at) },
    escalation: late ? complaintsOn(p).regulator : null,
  };
}

export async function createComplaint(p: Req<'createComplaint'>, ctx: AuthedCtx): Promise<Res<'createComplaint'>> {
  const { db, clock, cfg } = ctx.deps;
  const rules = complaintsOn(cfg.profile);
  const now = clock.now();
  if (p.fileId !== undefined && !(await complaintPhoto(db, ctx.user.id, p.fileId))) fail(ErrorCode.fileMissing);
  const row = await addComplaint(db, {
    ticket_no: `CMP${pkDate(now).replace(/-/g, '')}${crypto.randomBytes(3).toString('hex').toUpperCase()}`,
    user_id: ctx.user.id,
    category: p.category,
    body: p.text,
    document_id: p.fileId ?? null,
    status: 'open',
    created_at: now,
    resolve_by: now + rules.resolutionDays * DAY_MS,
    resolved_at: null,
  });
  ctx.deps.log.info({ ticketNo: row.ticket_no, category: row.category }, 'complaint received');
  return { complaint: complaintView(row, cfg.profile, now) };
}

export async function complaintList(_p: Req<'complaintList'>, ctx: AuthedCtx): Promise<Res<'complaintList'>> {
  const { db, clock, cfg } = ctx.deps;
  complaintsOn(cfg.profile);
  const now = clock.now();
  return { complaints: (await complaintsOf(db, ctx.user.id)).map((c) => complaintView(c, cfg.profile, now)) };
}
