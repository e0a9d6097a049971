/** The staff API's answers as the console reads them (docs/operations-api.md). Times are ISO 8601 (UTC). */
export type StaffRole = 'agent' | 'reviewer' | 'collections' | 'supervisor' | 'admin';
export const STAFF_ROLES: readonly StaffRole[] = ['agent', 'reviewer', 'collections', 'supervisor', 'admin'];

export interface StaffMember {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
}
export interface SignInAnswer {
  token: string;
  staff: StaffMember;
  idleMinutes: number;
  expiresAt: string;
}
export interface StaffAccount extends StaffMember {
  createdAt: string;
  lockedUntil: string | null;
  disabled: boolean;
}
export interface NewAccount {
  staff: StaffMember;
  password: string;
  totpSecret: string;
  totpUrl: string;
}

export type ProofStatus = 'pending' | 'accepted' | 'rejected';
export interface Proof {
  proofId: number;
  status: ProofStatus;
  orderNo: string;
  orderStatus: number;
  borrowerMobile: string;
  amount: number;
  transactionRef: string;
  channel: string;
  paidOn: string;
  owedNow: number;
  submittedAt: string;
  checkBy: string;
  hoursLeft: number;
  late: boolean;
  imageUrl: string;
  sameReference: { proofId: number; status: ProofStatus }[];
  duplicate: boolean;
  checkedAt: string | null;
  checkedBy: string | null;
  reason: string | null;
}
export interface ProofDecision {
  proof: unknown;
  orderNo: string;
  orderStatus: number;
  owedNow: number;
  refundOwed: number;
}

export type ComplaintStatus = 'open' | 'inProgress' | 'resolved';
export interface Complaint {
  ticketNo: string;
  category: string;
  text: string;
  hasPhoto: boolean;
  borrowerMobile: string;
  status: ComplaintStatus;
  createdAt: string;
  resolveBy: string;
  late: boolean;
  reply: { text: string; at: string | null; by: string | null } | null;
  escalated: { at: string; by: string | null } | null;
  resolvedAt: string | null;
}

export type ProposalStatus = 'pending' | 'applied' | 'rejected' | 'failed';
export type WaiverAccount = 'interest' | 'penalty' | 'fee';
export const WAIVER_ACCOUNTS: readonly WaiverAccount[] = ['interest', 'penalty', 'fee'];
export interface Proposal {
  id: number;
  kind: 'waiver';
  orderNo: string;
  account: WaiverAccount;
  amount: number;
  reason: string;
  status: ProposalStatus;
  maker: string;
  createdAt: string;
  checker: string | null;
  decidedAt: string | null;
  outcome: Record<string, unknown> | null;
}

export interface AuditEntry {
  seq: number;
  at: string;
  staffId: number | null;
  action: string;
  subject: string | null;
  detail: Record<string, unknown>;
  prevHash: string;
  hash: string;
}
export type AuditVerification = { ok: true; entries: number; lastHash: string } | { ok: false; entries: number; brokenAt: number; why: string };
