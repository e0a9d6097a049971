/** The staff identity's and the maker-checker's rules (pure: no database; times are wall-clock ms). */

export interface StaffLimits {
  /** a session unused this long ends */
  idleMs: number;
  /** a session ends this long after sign-in, used or not */
  maxMs: number;
  /** wrong passwords or codes in a row that lock the account */
  lockoutTries: number;
  /** how long a lock lasts */
  lockoutMs: number;
}

export type SessionEnd = 'signedOut' | 'idle' | 'expired' | 'disabled';

/** why a session no longer holds at `now`, or null while it does */
export function sessionEnd(
  s: { last_seen_at: number; expires_at: number; ended_at: number | null; ended_reason: string | null },
  staffDisabled: boolean,
  limits: StaffLimits,
  now: number,
): SessionEnd | null {
  if (s.ended_at !== null) return (s.ended_reason as SessionEnd | null) ?? 'signedOut';
  if (staffDisabled) return 'disabled';
  if (now >= s.expires_at) return 'expired';
  if (now - s.last_seen_at >= limits.idleMs) return 'idle';
  return null;
}

/** a failed sign-in: the failures counted after it and the lock it starts (the count restarts with a lock) */
export function afterFailure(failedBefore: number, limits: StaffLimits, now: number): { failedCount: number; lockedUntil: number | null } {
  const n = failedBefore + 1;
  return n >= limits.lockoutTries ? { failedCount: 0, lockedUntil: now + limits.lockoutMs } : { failedCount: n, lockedUntil: null };
}

export const isLocked = (lockedUntil: number | null, now: number): boolean => lockedUntil !== null && lockedUntil > now;

/** maker-checker: a proposal's states; only a pending one is decided, once */
export type ProposalStatus = 'pending' | 'applied' | 'rejected' | 'failed';
export type DecisionRefusal = 'notPending' | 'ownProposal';

/** whether `checkerId` may decide the proposal (the role is checked by the route's type and guard) */
export function decisionRefusal(p: { status: ProposalStatus; maker_id: number }, checkerId: number): DecisionRefusal | null {
  if (p.status !== 'pending') return 'notPending';
  if (p.maker_id === checkerId) return 'ownProposal';
  return null;
}
