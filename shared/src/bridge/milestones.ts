/**
 * The journey's milestones, sent to the native wrapper's analytics (logEventByLocal and
 * logEventByAF, docs/native-bridge.md). In a plain browser nothing is sent. Params never
 * carry personal data (no CNIC, phone or name): order numbers, amounts, step names.
 */
import { OrderStatus } from '../contract/status';
import { bridge } from './bridge';
import { userStorage } from '../session/userStorage';

export const MILESTONES = {
  /** a new number registered: {} */
  register: 'lm_register',
  /** an onboarding step saved: { step } (its route name) */
  stepCompleted: 'lm_step_completed',
  /** a loan applied for: { orderNo, productId, amount, tenureDays } */
  apply: 'lm_apply',
  /** the approved loan confirmed: { orderNo, amount } */
  confirm: 'lm_confirm',
  /** the money paid out, seen by the app: { orderNo, amount } */
  disbursed: 'lm_disbursed',
  /** the loan paid off, seen by the app: { orderNo, amount } */
  repaid: 'lm_repaid',
} as const;
export type Milestone = (typeof MILESTONES)[keyof typeof MILESTONES];

export function logMilestone(name: Milestone, params: Record<string, string | number> = {}): void {
  if (!bridge.inApp) return;
  bridge.send('logEventByLocal', { name, params });
  bridge.send('logEventByAF', { name, params });
}

/** the orders reported (order number -> milestones), until log-out */
const store = userStorage('milestones');
const REPORTED_KEY = 'reported';
/** statuses an order reaches only after its money was paid out */
const DISBURSED: number[] = [OrderStatus.Repaying, OrderStatus.Overdued, OrderStatus.Finish];

const reported = (): Record<string, string[]> => store.get<Record<string, string[]>>(REPORTED_KEY) ?? {};

/**
 * Disbursal and repayment happen on the server: sent when the app first sees the order in that
 * state (home, repayment detail), once per order (remembered on the phone).
 */
export function reportOrderMilestones(order: { orderNo: string; status: number; amount: number } | null | undefined): void {
  if (!order || !bridge.inApp) return;
  const seen = reported();
  const done = new Set(seen[order.orderNo] ?? []);
  const due: Milestone[] = [];
  if (DISBURSED.includes(order.status)) due.push(MILESTONES.disbursed);
  if (order.status === OrderStatus.Finish) due.push(MILESTONES.repaid);
  const fresh = due.filter((m) => !done.has(m));
  if (fresh.length === 0) return;
  for (const m of fresh) {
    logMilestone(m, { orderNo: order.orderNo, amount: order.amount });
    done.add(m);
  }
  seen[order.orderNo] = [...done];
  store.set(REPORTED_KEY, seen); // storage full or blocked: it may be sent again, never lost
}
