/**
 * Staff roles and what each may do: the one table of permissions of the operations console (issue 40), read by
 * the server (server/src/staff/roles.ts: a staff route names a permission and its handler's `StaffCtx` is narrowed to
 * the permission's roles, so a route allowing another role does not compile) and by the console (which screens
 * and actions it shows each role). The README's role table is this one.
 */
export const STAFF_ROLES = ['agent', 'reviewer', 'collections', 'supervisor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** non-empty role lists */
export const CAN = {
  /** look at a borrower's data and their orders (masked) */
  readBorrowers: ['agent', 'reviewer', 'collections', 'supervisor'],
  /** applications held for a person (REVIEW_MANUAL_BAND): approve or reject */
  reviewApplications: ['reviewer', 'supervisor'],
  /** overdue loans: the collections queue, contact attempts and promises to pay */
  collect: ['collections', 'supervisor'],
  /** propose a money action (maker) */
  proposeMoney: ['agent', 'collections', 'supervisor'],
  /** approve or reject another member's proposal (checker) */
  approveMoney: ['supervisor'],
  /** the proofs of repayment queue: accept or reject */
  checkProofs: ['agent', 'supervisor'],
  /** complaints: read, reply, resolve, escalate */
  answerComplaints: ['agent', 'supervisor'],
  /** take over a queue item another member is working on (claimed), the takeover recorded */
  takeOverClaims: ['supervisor'],
  /** the rails: failed and unknown transfers, reconciliation exceptions (read) */
  readRails: ['agent', 'collections', 'supervisor'],
  /** the audit trail: list, verify, export */
  readAudit: ['supervisor', 'admin'],
  /** staff accounts: create, unlock, disable */
  manageStaff: ['admin'],
  /** anyone signed in: their own session */
  self: STAFF_ROLES,
} as const satisfies Record<string, readonly [StaffRole, ...StaffRole[]]>;
export type Permission = keyof typeof CAN;
export type RolesOf<P extends Permission> = (typeof CAN)[P][number];

export const isRole = (v: unknown): v is StaffRole => typeof v === 'string' && (STAFF_ROLES as readonly string[]).includes(v);
export const may = (role: StaffRole, p: Permission): boolean => (CAN[p] as readonly StaffRole[]).includes(role);
