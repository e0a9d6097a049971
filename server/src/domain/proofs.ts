/** Proofs of repayment by bank transfer: as the borrower sees them, and staff's check (accepted = a repayment). */
import type { Deps } from '../app/deps';
import { POLICY } from '../settings/policy';
import { HOUR_MS, iso, isoOrNull } from '../core/time';
import { lockOrder } from '../repos/orders';
import { decideProof, proofOrderId, type ProofRow } from '../repos/proofs';
import { takeRepayment } from './repayment';

export const proofView = (x: ProofRow) => ({
  proofId: x.id,
  status: x.status as 'pending' | 'accepted' | 'rejected',
  amount: x.amount,
  transactionRef: x.reference,
  submittedAt: iso(x.created_at),
  checkBy: iso(x.created_at + POLICY.proofCheckHours * HOUR_MS),
  checkedAt: isoOrNull(x.checked_at),
});

/** dev/back-office: accept or reject a proof; accepting takes it as a repayment (any excess becomes a refund row) */
export async function checkProof(deps: Deps, proofId: number, accept: boolean) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const orderId = await proofOrderId(trx, proofId);
    if (orderId === undefined) return null;
    const o = await lockOrder(trx, orderId);
    const pr = await decideProof(trx, proofId, accept, now);
    if (!pr) return null;
    if (accept) await takeRepayment(deps, trx, o, pr.amount, now, { proofId: pr.id });
    return proofView(pr);
  });
}
