/** Order and home statuses of spec section 4, and the maps between them and screens. */
import type { SpecRouteName } from '../routes/spec';

export const OrderStatus = {
  Applying: 1,
  Repaying: 2,
  Overdued: 3,
  Finish: 4,
  BindCard: 5,
  BasicInfo: 6,
  Lending: 7,
  Cancel: 8,
  Reject: 9,
  PayFail: 10,
  Addition: 11,
  IdentityOCR: 12,
  Confirm: 14,
  Validation: 16,
  Question: 17,
  GetMoney: 18,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = Object.values(OrderStatus) as OrderStatus[];
/** an order status's name in the contract (`PayFail` for 10): what staff words are keyed by */
export type OrderStatusName = keyof typeof OrderStatus;
export const orderStatusName = (status: number): OrderStatusName | null =>
  (Object.keys(OrderStatus) as OrderStatusName[]).find((k) => OrderStatus[k] === status) ?? null;

const S = OrderStatus;
/** An application still being filled in: each status is the step the borrower supplies next (16: the name check), in the order the steps come (server and app both read it here). */
export const INCOMPLETE_STATUSES = [S.BasicInfo, S.IdentityOCR, S.Validation, S.Addition, S.BindCard, S.Question] as const;
export type IncompleteStatus = (typeof INCOMPLETE_STATUSES)[number];
/** What a borrower may cancel: still being filled in, approved but not confirmed, or a failed payout. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = [...INCOMPLETE_STATUSES, S.Confirm, S.GetMoney, S.PayFail];
/**
 * An order not yet settled: a borrower has at most one (the database enforces it). Migration 1
 * copied these numbers into its index as literals; a change here needs a new migration.
 */
export const ACTIVE_STATUSES: readonly OrderStatus[] = [
  S.Applying,
  S.Repaying,
  S.Overdued,
  S.Lending,
  S.Confirm,
  S.GetMoney,
  S.PayFail,
  ...INCOMPLETE_STATUSES,
];
/** Approved, waiting for the borrower to confirm (with or without a payout account). */
export const AWAITING_CONFIRM_STATUSES: readonly OrderStatus[] = [S.Confirm, S.GetMoney];
/** Disbursed and not paid off. */
export const OWING_STATUSES: readonly OrderStatus[] = [S.Repaying, S.Overdued];
export const isIncomplete = (status: number) => (INCOMPLETE_STATUSES as readonly number[]).includes(status);
export const isCancellable = (status: number) => (CANCELLABLE_STATUSES as readonly number[]).includes(status);
export const isAwaitingConfirm = (status: number) => (AWAITING_CONFIRM_STATUSES as readonly number[]).includes(status);
export const isOwing = (status: number) => (OWING_STATUSES as readonly number[]).includes(status);

/** The screen (route name) of each step of an application being filled in. */
export const STEP_ROUTES = {
  [S.BasicInfo]: 'personalInfomation',
  [S.IdentityOCR]: 'idCardAuthentication',
  [S.Validation]: 'validation',
  [S.Addition]: 'additionalInfomation',
  [S.BindCard]: 'addBankCard',
  [S.Question]: 'loanQuestion',
} as const satisfies Record<IncompleteStatus, SpecRouteName>;
/** The step's screen of an incomplete order, else null. */
export const stepRoute = (status: number): SpecRouteName | null => (STEP_ROUTES as Record<number, SpecRouteName>)[status] ?? null;

/** Every event an order's history records (server: order_events.type); each has its words in the loan namespace. */
export const ORDER_EVENT_TYPES = [
  'created',
  'stepChanged',
  'submitted',
  'approved',
  'rejected',
  'confirmed',
  'disbursed',
  'payFailed',
  /** a new payout attempt after a failed one (operations, maker-checker) */
  'payoutRetried',
  'cardChanged',
  'couponApplied',
  'overdue',
  'repayment',
  'extended',
  'finished',
  'cancelled',
  'expired',
  'limitRaised',
  'waived',
  'waivedOff',
  'withdrawn',
  'couponReturned',
  /** a refund of overpayment approved (note: the amount), sent to the borrower's account */
  'refunded',
  /** what was left owed written off by the lender (lifecycle `writtenOff`) */
  'writtenOff',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export const HOME_STATUSES = ['canLoan', 'lending', 'assessing', 'rejected', 'success', 'failed', 'repaying', 'overdue'] as const;
export type HomeStatus = (typeof HOME_STATUSES)[number];

export const ORDER_STATUS_TEXTS = [
  'assessing',
  'repaying',
  'overdue',
  'finished',
  'addingCard',
  'incomplete',
  'disbursing',
  'cancelled',
  'rejected',
  'failed',
] as const;
export type OrderStatusText = (typeof ORDER_STATUS_TEXTS)[number];

/** Route name a borrower is sent to for an order in this status; null = no navigation (4, 8, 9). */
export interface StatusTarget {
  route: SpecRouteName;
  query?: Record<string, string>;
}

export function screenForStatus(status: number): StatusTarget | null {
  const step = stepRoute(status);
  if (step) return { route: step };
  switch (status) {
    case OrderStatus.Confirm:
    case OrderStatus.GetMoney:
      return { route: 'confirmBorrow' };
    case OrderStatus.Overdued:
    case OrderStatus.Repaying:
    case OrderStatus.PayFail:
      return { route: 'repayDetail' };
    case OrderStatus.Applying:
      return { route: 'reviewTips', query: { pageName: 'confirmBorrow' } };
    case OrderStatus.Lending:
      return { route: 'lending' };
    default:
      return null;
  }
}

/** The records list's status text for an order status. */
export function statusText(status: number): OrderStatusText {
  switch (status) {
    case OrderStatus.Applying:
      return 'assessing';
    case OrderStatus.Repaying:
      return 'repaying';
    case OrderStatus.Overdued:
      return 'overdue';
    case OrderStatus.Finish:
      return 'finished';
    case OrderStatus.BindCard:
      return 'addingCard';
    case OrderStatus.Lending:
      return 'disbursing';
    case OrderStatus.Cancel:
      return 'cancelled';
    case OrderStatus.Reject:
      return 'rejected';
    case OrderStatus.PayFail:
      return 'failed';
    default:
      return 'incomplete'; // 6, 11, 12, 14, 16, 17, 18: more info to supply or confirm
  }
}

/** The home card's status for the latest order (none = may apply). */
/**
 * The home card for the latest order. A rejection holds until its reapply date (`reapplyAt`,
 * epoch ms or ISO), after which the borrower can apply again.
 */
export function homeStatus(latest: { status: number; reapplyAt?: number | string | null } | null | undefined, now = Date.now()): HomeStatus {
  if (!latest) return 'canLoan';
  switch (latest.status) {
    case OrderStatus.Applying:
      return 'assessing';
    case OrderStatus.Reject: {
      const opens = typeof latest.reapplyAt === 'string' ? Date.parse(latest.reapplyAt) : latest.reapplyAt;
      return opens != null && now >= opens ? 'canLoan' : 'rejected';
    }
    case OrderStatus.Confirm:
    case OrderStatus.GetMoney:
      return 'success';
    case OrderStatus.PayFail:
      return 'failed';
    case OrderStatus.Repaying:
      return 'repaying';
    case OrderStatus.Overdued:
      return 'overdue';
    case OrderStatus.Lending:
      return 'lending';
    default:
      return 'canLoan'; // finished, cancelled, or an application still being filled in
  }
}

export type OnboardingStep = (typeof STEP_ROUTES)[IncompleteStatus];
/** The onboarding steps in the order a borrower goes through them (the name check, `validation`, sits between the ID and the work info when needed). */
export const ONBOARDING_STEPS: readonly OnboardingStep[] = INCOMPLETE_STATUSES.map((s) => STEP_ROUTES[s]);

/** Where the header's back button of a step leads: the step before it (the conditional name check is skipped), or null for the first. */
export function previousStep(step: OnboardingStep): OnboardingStep | null {
  const before = ONBOARDING_STEPS.slice(0, ONBOARDING_STEPS.indexOf(step)).filter((s) => s !== 'validation');
  return before.length ? before[before.length - 1] : null;
}
