/**
 * The proofs of repayment queue (issue 40): each proof with its photo, amount and reference beside what
 * the order owes now, the 48 h clock (POLICY.proofCheckHours), and the other proofs of the same transaction
 * reference; accepting or rejecting one goes through the proof check (domain/proofs.ts `checkProof`), its
 * audit entry in the same transaction.
 */
import { sql } from 'kysely';
import { HOUR_MS, iso, isoOrNull } from '../core/time';
import { maskMobile } from '../core/mask';
import { POLICY } from '../settings/policy';
import { checkProof } from '../usecases/proofs';
import { owed } from '../domain/ledger';
import { moneyOf } from '../repos/ledger';
import { orderById } from '../repos/orders';
import { proofById } from '../repos/proofs';
import { appendAudit } from '../repos/staffAudit';
import type { RolesOf } from '../staff/roles';
import { audited, auditKey, StaffRefusal, type StaffCtx } from './staffAuth';
import { claimsOf, holdForDecision } from './queueClaims';

type Ctx = StaffCtx<RolesOf<'checkProofs'>>;
export type ProofStatus = 'pending' | 'accepted' | 'rejected';

export async function listProofs(ctx: Ctx, status: ProofStatus) {
  const { db, clock } = ctx.deps;
  const rows = await db
    .selectFrom('proofs as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('staff as s', 's.id', 'p.checked_by')
    .selectAll('p')
    .select(['o.order_no', 'o.status as order_status', 'u.mobile', 's.username as checked_by_username'])
    .where('p.status', '=', status)
    .orderBy('p.created_at', status === 'pending' ? 'asc' : 'desc')
    .limit(POLICY.staff.listPageMax)
    .execute();
  const refs = [...new Set(rows.map((r) => r.reference.toUpperCase()))];
  const same = refs.length
    ? await db
        .selectFrom('proofs')
        .select(['id', 'status', 'reference'])
        .where(sql<string>`upper(reference)`, 'in', refs)
        .execute()
    : [];
  const now = clock.now();
  const claims = await claimsOf(ctx, 'proof', status === 'pending' ? rows.map((r) => String(r.id)) : []);
  const proofs = await Promise.all(
    rows.map(async (r) => {
      const o = await orderById(db, r.order_id);
      const checkBy = Number(r.created_at) + POLICY.proofCheckHours * HOUR_MS;
      const others = same.filter((x) => x.reference.toUpperCase() === r.reference.toUpperCase() && x.id !== r.id);
      return {
        proofId: r.id,
        status: r.status as ProofStatus,
        orderNo: r.order_no,
        orderStatus: r.order_status,
        borrowerMobile: maskMobile(r.mobile),
        amount: r.amount,
        transactionRef: r.reference,
        channel: r.channel,
        paidOn: r.paid_on,
        owedNow: owed(o, await moneyOf(db, o.id), now),
        submittedAt: iso(Number(r.created_at)),
        checkBy: iso(checkBy),
        hoursLeft: Math.round(((checkBy - now) / HOUR_MS) * 10) / 10,
        late: now > checkBy && r.status === 'pending',
        imageUrl: `/staff/proofs/${r.id}/image`,
        sameReference: others.map((x) => ({ proofId: x.id, status: x.status })),
        duplicate: others.some((x) => x.status === 'accepted') || others.some((x) => x.id < r.id),
        checkedAt: isoOrNull(r.checked_at),
        checkedBy: r.checked_by_username,
        reason: r.check_reason,
        claim: claims.get(String(r.id)) ?? null,
      };
    }),
  );
  // the list shows borrowers' numbers (masked) and payments: a read of personal data
  return audited(ctx, 'proofs.list', null, async () => ({ result: { proofs }, detail: { status, proofIds: proofs.map((p) => p.proofId) } }));
}

/** the proof's photo (the borrower's bank slip), its read recorded */
export async function proofImage(ctx: Ctx, proofId: number): Promise<{ data: Buffer; mime: string }> {
  const { db, storage } = ctx.deps;
  const p = await proofById(db, proofId);
  const doc = p && (await db.selectFrom('documents').select(['storage_key', 'mime']).where('id', '=', p.document_id).executeTakeFirst());
  if (!p || !doc) throw new StaffRefusal('notFound');
  const data = await storage.get(doc.storage_key);
  return audited(ctx, 'proof.image', `proof:${proofId}`, async () => ({ result: { data, mime: doc.mime }, detail: { orderId: p.order_id } }));
}

export async function decideProof(ctx: Ctx, proofId: number, accept: boolean, reason: string | null) {
  const r = await checkProof(ctx.deps, proofId, accept, {
    staffId: ctx.staff.id,
    reason,
    within: async (trx, p) => {
      await holdForDecision(trx, ctx, 'proof', String(proofId), { done: true });
      await appendAudit(trx, auditKey(ctx.deps.cfg.dataKey), {
        at: Date.now(),
        staffId: ctx.staff.id,
        action: accept ? 'proof.accept' : 'proof.reject',
        subject: `proof:${proofId}`,
        detail: { orderId: p.order_id, amount: p.amount, reference: p.reference, reason },
      });
    },
  });
  if (r && 'duplicateOf' in r) throw new StaffRefusal('duplicateReference', { acceptedProofId: r.duplicateOf });
  if (!r) {
    const p = await proofById(ctx.deps.db, proofId);
    throw p ? new StaffRefusal('alreadyDecided', { status: p.status }) : new StaffRefusal('notFound');
  }
  const o = await orderById(ctx.deps.db, r.row.order_id);
  const m = await moneyOf(ctx.deps.db, o.id);
  return { proof: r.proof, orderNo: o.order_no, orderStatus: o.status, owedNow: owed(o, m, ctx.deps.clock.now()), refundOwed: -m.bal.refundPayable };
}
