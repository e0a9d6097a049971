/**
 * A reviewer's decision on an application held for a person (REVIEW_MANUAL_BAND): the same lifecycle move the review
 * job makes (`approved` or `rejected`, with the decision, its time and the score on the order), so the borrower's flow
 * goes on exactly as after an automatic decision. Under the order's lock and the hold's: decided once.
 */
import type { Db } from '../db';
import C from '../api/contract';
import { lockOrder } from '../repos/orders';
import { decideHold, lockHold } from '../repos/reviewHolds';
import { transition } from './lifecycle';

const { OrderStatus } = C;

export type ReviewDecision = { ok: true; status: number } | { ok: false; refusal: 'notHeld' | 'decided'; decision?: string | null };

export async function decideHeldApplication(
  trx: Db,
  orderId: number,
  d: { approve: boolean; staffId: number; reason: string },
  now: number,
): Promise<ReviewDecision> {
  const o = await lockOrder(trx, orderId);
  const h = await lockHold(trx, orderId);
  if (!h) return { ok: false, refusal: 'notHeld' };
  if (h.decided_at !== null || o.status !== OrderStatus.Applying) return { ok: false, refusal: 'decided', decision: h.decision };
  const decision = d.approve ? 'approve' : 'reject';
  const moved = await transition(trx, o, d.approve ? 'approved' : 'rejected', now, {
    set: { decided_at: now, decision, score: h.score },
    note: `score ${h.score}, reviewed by a person`,
  });
  if (!moved) return { ok: false, refusal: 'decided', decision: h.decision };
  await decideHold(trx, orderId, { decision, by: d.staffId, at: now, reason: d.reason });
  return { ok: true, status: moved.status };
}
