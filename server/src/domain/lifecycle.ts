/**
 * The order's life as one table: each event that moves an order, the statuses it may happen in,
 * and the status it leads to. `transition()` (usecases/lifecycle.ts) is the only code that changes an order's status
 * (a new order gets its first one in repos/orders.ts `createOrder`); an event the table does not
 * allow from the order's status is a programming error, refused before any write.
 * docs/lifecycle.md is drawn from this table (`npm run lifecycle-doc -w server`; a test keeps it in step).
 */
import C from '../api/contract';
import type { OrderStatus as Status } from '../api/contract';

const { OrderStatus: S, INCOMPLETE_STATUSES, CANCELLABLE_STATUSES, AWAITING_CONFIRM_STATUSES, OWING_STATUSES } = C;

interface Rule {
  /** the statuses the event may happen in */
  from: readonly Status[];
  /** where it leads; a list when the caller names one of them (the next onboarding step) */
  to: Status | readonly Status[];
  /** who moves it, for the diagram */
  by: 'borrower' | 'job' | 'operator';
}

export const LIFECYCLE = {
  stepChanged: { from: INCOMPLETE_STATUSES, to: INCOMPLETE_STATUSES, by: 'borrower' },
  submitted: { from: INCOMPLETE_STATUSES, to: S.Applying, by: 'borrower' },
  approved: { from: [S.Applying], to: S.Confirm, by: 'job' },
  rejected: { from: [S.Applying], to: S.Reject, by: 'job' },
  confirmed: { from: AWAITING_CONFIRM_STATUSES, to: S.Lending, by: 'borrower' },
  expired: { from: AWAITING_CONFIRM_STATUSES, to: S.Cancel, by: 'job' },
  cancelled: { from: CANCELLABLE_STATUSES, to: S.Cancel, by: 'borrower' },
  disbursed: { from: [S.Lending], to: S.Repaying, by: 'job' },
  payFailed: { from: [S.Lending], to: S.PayFail, by: 'job' },
  cardChanged: { from: [S.PayFail], to: S.GetMoney, by: 'borrower' },
  /** a new payout attempt after a failed one, approved by a supervisor (maker-checker: usecases/payoutRetry.ts) */
  payoutRetried: { from: [S.PayFail], to: S.Lending, by: 'operator' },
  overdue: { from: [S.Repaying], to: S.Overdued, by: 'job' },
  extended: { from: OWING_STATUSES, to: S.Repaying, by: 'borrower' },
  finished: { from: OWING_STATUSES, to: S.Finish, by: 'borrower' },
  /** an operator's waiver left nothing owed */
  waivedOff: { from: OWING_STATUSES, to: S.Finish, by: 'operator' },
  /** an overdue loan's remaining debt written off (maker-checker: usecases/writeOff.ts) */
  writtenOff: { from: [S.Overdued], to: S.Finish, by: 'operator' },
  /** the cooling-off withdrawal (market profile): the principal returned, every charge reversed */
  withdrawn: { from: [S.Repaying], to: S.Finish, by: 'borrower' },
} as const satisfies Record<string, Rule>;

export type LifecycleEvent = keyof typeof LIFECYCLE;
export type TargetOf<E extends LifecycleEvent> = (typeof LIFECYCLE)[E]['to'] extends readonly (infer T)[] ? T : never;

/** whether an order status is one of a contract status set (ACTIVE_STATUSES, OWING_STATUSES...) */
export const statusIn = (set: readonly number[], status: number): boolean => set.includes(status);

export class IllegalTransition extends Error {
  constructor(event: LifecycleEvent, status: number, to?: number) {
    super(`order event ${event} is not allowed from status ${status}${to === undefined ? '' : ` to ${to}`}`);
    this.name = 'IllegalTransition';
  }
}

const allows = (list: readonly number[], s: number) => list.includes(s);

/** the status `event` leads to from `status`, or IllegalTransition */
export function target<E extends LifecycleEvent>(event: E, status: number, to?: TargetOf<E>): Status {
  const rule: Rule = LIFECYCLE[event];
  const next = typeof rule.to === 'number' ? rule.to : (to as Status | undefined);
  if (!allows(rule.from, status) || next === undefined || (typeof rule.to !== 'number' && !allows(rule.to, next)))
    throw new IllegalTransition(event, status, next);
  return next;
}
