/**
 * What accepting a proof would change in money, shown before the decision (ui-guidelines): the amount is credited
 * to the order; what the order still owes after it, and any part above what it owes, which becomes a refund owed to
 * the borrower (the API's `refundOwed`, server/src/services/proofQueue.ts). An estimate from the list's `owedNow`:
 * the API's answer after the decision is the fact.
 */
export interface AcceptEffect {
  credited: number;
  owedAfter: number;
  /** paid above what the order owes: owed back to the borrower */
  overpaid: number;
}

export function acceptEffect(proof: { amount: number; owedNow: number }): AcceptEffect {
  const owed = Math.max(0, proof.owedNow);
  return { credited: proof.amount, owedAfter: Math.max(0, owed - proof.amount), overpaid: Math.max(0, proof.amount - owed) };
}
