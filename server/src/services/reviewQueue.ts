/**
 * Manual review of applications (issue 40): the orders whose score fell in REVIEW_MANUAL_BAND wait here for a reviewer,
 * each with its score and the rules that made it, the borrower's declared data (masked) and the service clock (the
 * spec's "audit results within 1 working day": POLICY.manualReview); approving or rejecting (with a reason) moves the
 * order as the review job would (usecases/manualReview.ts), its audit entry in the same transaction.
 */
import { HOUR_MS, iso, isoOrNull } from '../core/time';
import { POLICY } from '../settings/policy';
import { orderIdByNo } from '../repos/orders';
import { profileOf } from '../repos/profiles';
import { reasonsOf } from '../repos/reviewHolds';
import { decideHeldApplication } from '../usecases/manualReview';
import type { RolesOf } from '../staff/roles';
import { declaredView } from './borrowerView';
import { claimsOf, holdForDecision } from './queueClaims';
import { audited, StaffRefusal, type StaffCtx } from './staffAuth';

type Ctx = StaffCtx<RolesOf<'reviewApplications'>>;
export type ReviewStatus = 'waiting' | 'decided';

export async function listReviews(ctx: Ctx, status: ReviewStatus) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const rows = await db
    .selectFrom('review_holds as h')
    .innerJoin('orders as o', 'o.id', 'h.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('staff as s', 's.id', 'h.decided_by')
    .selectAll('h')
    .select([
      'o.order_no',
      'o.user_id',
      'o.product_id',
      'o.amount',
      'o.tenure_days',
      'o.submitted_at',
      'o.status',
      'u.mobile',
      's.username as decided_by_username',
    ])
    .where('h.decided_at', status === 'waiting' ? 'is' : 'is not', null)
    .orderBy('h.answer_by', status === 'waiting' ? 'asc' : 'desc')
    .limit(POLICY.staff.listPageMax)
    .execute();
  const claims = await claimsOf(ctx, 'review', status === 'waiting' ? rows.map((r) => r.order_no) : []);
  const reviews = await Promise.all(
    rows.map(async (r) => ({
      orderNo: r.order_no,
      orderStatus: r.status,
      productId: r.product_id,
      amount: r.amount,
      tenureDays: r.tenure_days,
      submittedAt: isoOrNull(r.submitted_at),
      score: r.score,
      threshold: POLICY.scoring.threshold,
      reasons: reasonsOf(r),
      heldAt: iso(Number(r.held_at)),
      answerBy: iso(Number(r.answer_by)),
      hoursLeft: Math.round(((Number(r.answer_by) - now) / HOUR_MS) * 10) / 10,
      late: r.decided_at === null && now > Number(r.answer_by),
      borrower: { userId: Number(r.user_id), ...declaredView(r.mobile, await profileOf(db, r.user_id), now) },
      decision: r.decision,
      decidedAt: isoOrNull(r.decided_at),
      decidedBy: r.decided_by_username,
      reason: r.reason,
      claim: claims.get(r.order_no) ?? null,
    })),
  );
  // the borrowers' declared data: a read of personal data
  return audited(ctx, 'reviews.list', null, async () => ({ result: { reviews }, detail: { status, orders: reviews.map((r) => r.orderNo) } }));
}

export async function decideReview(ctx: Ctx, orderNo: string, approve: boolean, reason: string) {
  const orderId = await orderIdByNo(ctx.deps.db, orderNo);
  if (orderId === undefined) throw new StaffRefusal('notFound', { orderNo });
  const now = ctx.deps.clock.now();
  return audited(ctx, approve ? 'review.approve' : 'review.reject', `order:${orderNo}`, async (trx) => {
    await holdForDecision(trx, ctx, 'review', orderNo, { done: true });
    const r = await decideHeldApplication(trx, orderId, { approve, staffId: ctx.staff.id, reason }, now);
    if (!r.ok && r.refusal === 'notHeld') throw new StaffRefusal('notFound', { orderNo });
    if (!r.ok) throw new StaffRefusal('alreadyDecided', { status: r.decision ?? 'decided' });
    return { result: { orderNo, decision: approve ? 'approve' : 'reject', orderStatus: r.status }, detail: { reason } };
  });
}
