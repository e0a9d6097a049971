/** Proofs of repayment by bank transfer as the borrower sees them (staff's check is usecases/proofs.ts). */
import { POLICY } from '../settings/policy';
import { HOUR_MS, iso, isoOrNull } from '../core/time';

/** what the view reads of a stored proof (repos/proofs.ts `ProofRow` has it) */
export type ProofFacts = { id: number; status: string; amount: number; reference: string; created_at: number; checked_at: number | null };

export const proofView = (x: ProofFacts) => ({
  proofId: x.id,
  status: x.status as 'pending' | 'accepted' | 'rejected',
  amount: x.amount,
  transactionRef: x.reference,
  submittedAt: iso(x.created_at),
  checkBy: iso(x.created_at + POLICY.proofCheckHours * HOUR_MS),
  checkedAt: isoOrNull(x.checked_at),
});
