/** Staff's check of a proof of repayment by bank transfer: accepted, it is a repayment. */
import type { Deps } from '../context/deps';
import type { Db } from '../db';
import { proofView } from '../domain/proofs';
import { lockOrder } from '../repos/orders';
import { acceptedWithReference, decideProof, lockReference, proofById, type ProofRow } from '../repos/proofs';
import { takeRepayment } from './repayment';

export type ProofCheck = { proof: ReturnType<typeof proofView>; row: ProofRow } | { duplicateOf: number } | null;

/**
 * Staff (or the dev controls) accept or reject a pending proof; accepting takes it as a repayment (any excess,
 * all of it on an order paid off since, is owed back). A proof whose transaction reference another accepted proof
 * already has is not credited again: answered `duplicateOf` and left pending for a rejection. `within` runs in
 * the same transaction once decided (the staff audit entry). Null when the proof is unknown or not pending.
 */
export async function checkProof(
  deps: Deps,
  proofId: number,
  accept: boolean,
  by?: { staffId: number; reason: string | null; within?: (trx: Db, proof: ProofRow) => Promise<void> },
): Promise<ProofCheck> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const p = await proofById(trx, proofId);
    if (!p) return null;
    if (accept) await lockReference(trx, p.reference);
    const o = await lockOrder(trx, p.order_id);
    if (accept) {
      const other = await acceptedWithReference(trx, p.reference, p.id);
      if (other) return { duplicateOf: other.id };
    }
    const pr = await decideProof(trx, proofId, accept, now, by);
    if (!pr) return null;
    if (accept) await takeRepayment(deps, trx, o, pr.amount, now, { proofId: pr.id });
    await by?.within?.(trx, pr);
    return { proof: proofView(pr), row: pr };
  });
}
