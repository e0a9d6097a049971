/** The staff API's answers as the console reads them (docs/operations-api.md). Times are ISO 8601 (UTC). */
import type { StaffRole } from 'shared/staff';

export { STAFF_ROLES, type StaffRole } from 'shared/staff';

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

/** who works a queue item until when (the staff API's queue-item claims); null when nobody does */
export interface Claim {
  by: string;
  username: string;
  until: string;
  mine: boolean;
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
  /** who works it now (open items only) */
  claim: Claim | null;
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
  /** who works it now (open items only) */
  claim: Claim | null;
}

export type ProposalStatus = 'pending' | 'applied' | 'rejected' | 'failed';
export type WaiverAccount = 'interest' | 'penalty' | 'fee';
export const WAIVER_ACCOUNTS: readonly WaiverAccount[] = ['interest', 'penalty', 'fee'];
export type ProposalKind = 'waiver' | 'refund' | 'writeOff' | 'payoutRetry';
export const PROPOSAL_KINDS: readonly ProposalKind[] = ['waiver', 'refund', 'writeOff', 'payoutRetry'];
interface ProposalBase {
  id: number;
  orderNo: string;
  reason: string;
  status: ProposalStatus;
  maker: string;
  createdAt: string;
  checker: string | null;
  decidedAt: string | null;
  outcome: Record<string, unknown> | null;
}
/** what each kind asks: a waiver from one account, a refund of an amount, a write-off of what was owed when proposed, a payout retry after the failed attempt the maker saw */
export type Proposal = ProposalBase &
  (
    | { kind: 'waiver'; account: WaiverAccount; amount: number }
    | { kind: 'refund'; amount: number }
    | { kind: 'writeOff'; owedWhenProposed: number }
    | { kind: 'payoutRetry'; failedReference: string | null }
  );

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

/** the declared data (reviews and the borrower view); mobiles and the CNIC masked, the street address never sent */
export interface DeclaredData {
  mobile: string;
  name: string;
  nationalId: string;
  age: number | null;
  gender: string | null;
  education: string | null;
  maritalStatus: string | null;
  loanPurpose: string | null;
  residenceType: string | null;
  city: string | null;
  state: string | null;
  previouslyBorrowed: { answer: string; amount: number | null } | null;
  work: {
    employmentType: string | null;
    industry: string | null;
    designation: string | null;
    experience: string | null;
    /** its band (shared SALARY_BANDS) */
    monthlySalary: string | null;
    payFrequency: string | null;
    incomeSource: string | null;
  } | null;
  emergencyContacts: { name: string; relation: string; mobile: string }[];
  idReadConfidence: number | null;
}

export type ReviewStatus = 'waiting' | 'decided';
export interface ReviewReason {
  rule: 'age' | 'salary' | 'employment' | 'ownHouse' | 'answer' | 'borrowedTooMuch';
  points: number;
  question?: string;
}
export interface Review {
  orderNo: string;
  orderStatus: number;
  productId: number;
  amount: number;
  tenureDays: number;
  submittedAt: string;
  score: number;
  threshold: number;
  reasons: ReviewReason[];
  heldAt: string;
  answerBy: string;
  hoursLeft: number;
  late: boolean;
  borrower: { userId: number } & DeclaredData;
  decision: 'approve' | 'reject' | null;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: string | null;
  /** who works it now (open items only) */
  claim: Claim | null;
}

export interface BorrowerHit {
  userId: number;
  mobile: string;
  name: string;
  registeredAt: string;
  dataDeleted: boolean;
  orders: unknown;
}
export interface BorrowerOrder {
  orderNo: string;
  status: number;
  statusText: string;
  productId: number;
  amount: number;
  tenureDays: number;
  createdAt: string;
  disbursedAt: string | null;
  dueDate: string | null;
  paidOffAt: string | null;
  owedNow: number;
  owing: { principal: number; interest: number; penalty: number; fee: number; coupon: number };
  paid: number;
  waived: number;
  refundOwed: number;
  refundOutgoing: number;
  writtenOff: number;
}
export interface BorrowerView {
  borrower: { userId: number; registeredAt: string; creditLimit: number; onTimeRepayments: number; dataDeleted: boolean } & DeclaredData;
  orders: BorrowerOrder[];
  payments: {
    payOrderId: string;
    orderNo: string;
    kind: string;
    amount: number;
    channel: string | null;
    status: string;
    createdAt: string;
    completedAt: string | null;
  }[];
  proofs: {
    proofId: number;
    orderNo: string;
    amount: number;
    transactionRef: string;
    status: string;
    submittedAt: string;
    checkedAt: string | null;
    reason: string | null;
  }[];
  complaints: { ticketNo: string; category: string; status: string; createdAt: string; resolveBy: string; answered: boolean; resolvedAt: string | null }[];
}
export type RevealField = 'mobile' | 'nationalId';

export type ContactChannel = 'call' | 'sms' | 'whatsapp' | 'email';
export const CONTACT_CHANNELS: readonly ContactChannel[] = ['call', 'sms', 'whatsapp', 'email'];
export type ContactParty = 'borrower' | 'emergencyContact';
export const CONTACT_PARTIES: readonly ContactParty[] = ['borrower', 'emergencyContact'];
export type ContactOutcome = 'reached' | 'promiseToPay' | 'noAnswer' | 'wrongNumber' | 'refused';
export const CONTACT_OUTCOMES: readonly ContactOutcome[] = ['reached', 'promiseToPay', 'noAnswer', 'wrongNumber', 'refused'];
export interface Contact {
  id: number;
  at: string;
  by: string | null;
  channel: ContactChannel;
  party: ContactParty;
  outcome: ContactOutcome;
  note: string | null;
  promiseDate: string | null;
  promiseAmount: number | null;
}
export interface OverdueLoan {
  orderNo: string;
  userId: number;
  borrowerMobile: string;
  borrowerName: string;
  dueDate: string;
  daysOverdue: number;
  owedNow: number;
  lastContact: Contact | null;
  contacts: number;
  promise: { date: string; amount: number | null; madeAt: string; broken: boolean } | null;
  /** who works it now (open items only) */
  claim: Claim | null;
}

export type TransferState = 'failed' | 'unknown' | 'pending' | 'initiated';
export const TRANSFER_STATES: readonly TransferState[] = ['failed', 'unknown', 'pending', 'initiated'];
export interface RailTransfer {
  reference: string;
  kind: 'payout' | 'collection' | 'refund';
  orderNo: string | null;
  /** the order's status now: a failed payout's order at PayFail may be retried (a `payoutRetry` proposal) */
  orderStatus: number;
  amount: number;
  account: string;
  state: TransferState;
  reason: string | null;
  providerRef: string | null;
  inquiries: number;
  createdAt: string;
  updatedAt: string;
}
export interface RailException {
  id: number;
  kind: 'missing' | 'extra' | 'amount' | 'conflict' | 'bureauTotals' | 'bureauRecord' | 'bureauFile';
  reference: string | null;
  file: string | null;
  evidence: Record<string, unknown>;
  createdAt: string;
}
