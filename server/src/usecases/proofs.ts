/** Staff's check of a proof of repayment by bank transfer: accepted, it is a repayment. */
import type { Deps } from '../app/deps';
import { proofView } from '../domain/proofs';
import { lockOrder } from '../repos/orders';
import { decideProof, proofOrderId } from '../repos/proofs';
import { takeRepayment } from './repayment';

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
