/** Order and home statuses of spec section 4, and the maps between them and screens. */

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

export const HOME_STATUSES = ['canLoan', 'lending', 'assessing', 'rejected', 'success', 'failed', 'repaying', 'overdue'] as const;
export type HomeStatus = (typeof HOME_STATUSES)[number];

export const ORDER_STATUS_TEXTS = [
  'assessing', 'repaying', 'overdue', 'finished', 'addingCard', 'incomplete', 'disbursing', 'cancelled', 'rejected', 'failed',
] as const;
export type OrderStatusText = (typeof ORDER_STATUS_TEXTS)[number];

/** Route name a borrower is sent to for an order in this status; null = no navigation (4, 8, 9). */
export interface StatusTarget {
  route: string;
  query?: Record<string, string>;
}

export function screenForStatus(status: number): StatusTarget | null {
  switch (status) {
    case OrderStatus.BasicInfo: return { route: 'personalInfomation' };
    case OrderStatus.Addition: return { route: 'additionalInfomation' };
    case OrderStatus.IdentityOCR: return { route: 'idCardAuthentication' };
    case OrderStatus.Validation: return { route: 'validation' };
    case OrderStatus.BindCard: return { route: 'addBankCard' };
    case OrderStatus.Confirm:
    case OrderStatus.GetMoney: return { route: 'confirmBorrow' };
    case OrderStatus.Overdued:
    case OrderStatus.Repaying:
    case OrderStatus.PayFail: return { route: 'repayDetail' };
    case OrderStatus.Applying: return { route: 'reviewTips', query: { pageName: 'confirmBorrow' } };
    case OrderStatus.Lending: return { route: 'lending' };
    case OrderStatus.Question: return { route: 'loanQuestion' };
    default: return null;
  }
}

/** The records list's status text for an order status. */
export function statusText(status: number): OrderStatusText {
  switch (status) {
    case OrderStatus.Applying: return 'assessing';
    case OrderStatus.Repaying: return 'repaying';
    case OrderStatus.Overdued: return 'overdue';
    case OrderStatus.Finish: return 'finished';
    case OrderStatus.BindCard: return 'addingCard';
    case OrderStatus.Lending: return 'disbursing';
    case OrderStatus.Cancel: return 'cancelled';
    case OrderStatus.Reject: return 'rejected';
    case OrderStatus.PayFail: return 'failed';
    default: return 'incomplete'; // 6, 11, 12, 14, 16, 17, 18: more info to supply or confirm
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
    case OrderStatus.Applying: return 'assessing';
    case OrderStatus.Reject: {
      const opens = typeof latest.reapplyAt === 'string' ? Date.parse(latest.reapplyAt) : latest.reapplyAt;
      return opens != null && now >= opens ? 'canLoan' : 'rejected';
    }
    case OrderStatus.Confirm:
    case OrderStatus.GetMoney: return 'success';
    case OrderStatus.PayFail: return 'failed';
    case OrderStatus.Repaying: return 'repaying';
    case OrderStatus.Overdued: return 'overdue';
    case OrderStatus.Lending: return 'lending';
    default: return 'canLoan'; // finished, cancelled, or an application still being filled in
  }
}

/** The onboarding steps in the order a borrower goes through them (the name check, `validation`, sits between the ID and the work info when needed). */
export const ONBOARDING_STEPS = ['personalInfomation', 'idCardAuthentication', 'validation', 'additionalInfomation', 'addBankCard', 'loanQuestion'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Where the header's back button of a step leads: the step before it (the conditional name check is skipped), or null for the first. */
export function previousStep(step: OnboardingStep): OnboardingStep | null {
  const before = ONBOARDING_STEPS.slice(0, ONBOARDING_STEPS.indexOf(step)).filter((s) => s !== 'validation');
  return before.length ? before[before.length - 1] : null;
}
