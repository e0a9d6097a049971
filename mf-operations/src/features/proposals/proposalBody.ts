/**
 * A money proposal as typed, by kind (docs/operations-api.md "Maker-checker proposals"): a waiver names the account
 * and amount, a refund the amount, a write-off neither (it writes off everything the overdue loan owes at approval), a
 * payout retry neither (its approval starts a new payout attempt of the order's disbursal).
 * What each proposal asks, for the list and the checker: `proposalAsks`.
 */
import type { Proposal, ProposalKind, WaiverAccount } from '../../api/types';
import { parseAmount } from './amount';

export interface ProposalForm {
  kind: ProposalKind;
  orderNo: string;
  account: WaiverAccount;
  amount: string;
  reason: string;
}

export type ProposalBody =
  | { kind: 'waiver'; orderNo: string; account: WaiverAccount; amount: number; reason: string }
  | { kind: 'refund'; orderNo: string; amount: number; reason: string }
  | { kind: 'writeOff' | 'payoutRetry'; orderNo: string; reason: string };

/** the body to send, or null when the amount the kind needs is not whole rupees above 0 */
export function proposalBody(f: ProposalForm): ProposalBody | null {
  const orderNo = f.orderNo.trim();
  if (!needsAmount(f.kind)) return { kind: f.kind, orderNo, reason: f.reason };
  const amount = parseAmount(f.amount);
  if (amount === null) return null;
  return f.kind === 'waiver'
    ? { kind: 'waiver', orderNo, account: f.account, amount, reason: f.reason }
    : { kind: 'refund', orderNo, amount, reason: f.reason };
}

export const needsAmount = (kind: ProposalKind): kind is 'waiver' | 'refund' => kind === 'waiver' || kind === 'refund';

/** the money a proposal moves if approved (null: a payout retry pays the disbursal again) and, for a waiver, from which account */
export function proposalAsks(p: Proposal): { amount: number | null; account?: WaiverAccount } {
  switch (p.kind) {
    case 'waiver':
      return { amount: p.amount, account: p.account };
    case 'refund':
      return { amount: p.amount };
    case 'writeOff':
      return { amount: p.owedWhenProposed };
    case 'payoutRetry':
      return { amount: null };
  }
}
