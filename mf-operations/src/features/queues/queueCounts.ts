/** The queue home's figures, from the lists the member's role may read (each list is the API's, capped at its page size). */
import type { Complaint, OverdueLoan, Proof, Proposal, Review } from '../../api/types';

export interface QueueCounts {
  proofs?: { pending: number; late: number; duplicates: number };
  complaints?: { open: number; late: number; escalated: number };
  proposals?: { pending: number; mine: number };
  reviews?: { waiting: number; late: number };
  collections?: { overdue: number; brokenPromises: number; notContacted: number };
}

export function proofCounts(proofs: readonly Proof[]): QueueCounts['proofs'] {
  return { pending: proofs.length, late: proofs.filter((p) => p.late).length, duplicates: proofs.filter((p) => p.duplicate).length };
}

/** the unresolved tickets (open and in progress) */
export function complaintCounts(complaints: readonly Complaint[]): QueueCounts['complaints'] {
  const unresolved = complaints.filter((c) => c.status !== 'resolved');
  return { open: unresolved.length, late: unresolved.filter((c) => c.late).length, escalated: unresolved.filter((c) => c.escalated).length };
}

/** pending proposals, and of them the member's own (which another supervisor must decide) */
export function proposalCounts(proposals: readonly Proposal[], username: string): QueueCounts['proposals'] {
  const pending = proposals.filter((p) => p.status === 'pending');
  return { pending: pending.length, mine: pending.filter((p) => p.maker === username).length };
}

/** applications held for a person, and those past their working-day clock */
export function reviewCounts(reviews: readonly Review[]): QueueCounts['reviews'] {
  const waiting = reviews.filter((r) => r.decision === null);
  return { waiting: waiting.length, late: waiting.filter((r) => r.late).length };
}

/** overdue loans, those whose latest promise to pay is broken, and those nobody has contacted yet */
export function collectionCounts(loans: readonly OverdueLoan[]): QueueCounts['collections'] {
  return {
    overdue: loans.length,
    brokenPromises: loans.filter((l) => l.promise?.broken).length,
    notContacted: loans.filter((l) => l.contacts === 0).length,
  };
}
