/**
 * An operator waives part of what a borrower owes (interest, penalty or a fee; never the principal):
 * one balanced `waiver` journal (Dr waiverExpense, Cr the receivable, docs/ledger.md) after the
 * accruals up to now, under the order's lock, audited with who and why; a waiver that leaves nothing
 * owed finishes the loan (lifecycle `waivedOff`). Proposed by one staff member and applied when a different supervisor
 * approves (services/proposals.ts: maker-checker).
 */
import { z } from 'zod';
import type { Db } from '../db';
import C from '../api/contract';
import { statusIn } from '../domain/lifecycle';
import { audit } from '../repos/audit';
import { moneyOf } from '../repos/ledger';
import { addEvent } from '../repos/orderEvents';
import { lockOrder, touchOrder } from '../repos/orders';
import { owed, waivableOf, waiverJournals, WAIVABLE } from '../domain/ledger';
import { accrue, book } from './ledger';
import { transition } from './lifecycle';

const { OWING_STATUSES } = C;

export const WaiverRequest = z.object({
  orderNo: z.string().trim().min(1).max(64),
  account: z.enum(WAIVABLE),
  amount: z.number().int().positive(),
  /** why, for the audit and the journal */
  reason: z.string().trim().min(3).max(500),
  /** who: the operator's name or id */
  operator: z.string().trim().min(1).max(100),
});
export type WaiverRequest = z.infer<typeof WaiverRequest>;

export type WaiverOutcome =
  | { ok: true; orderNo: string; account: WaiverRequest['account']; amount: number; amountDue: number; status: number }
  | { ok: false; refusal: 'notOwing' | 'aboveOwed'; error: string; max?: number };

/** the waiver of order `id` inside the caller's transaction `trx` (a supervisor's approval commits with it: services/proposals.ts) */
export async function waiveOrder(trx: Db, id: number, w: WaiverRequest, now: number): Promise<WaiverOutcome> {
  const o = await lockOrder(trx, id);
  if (!o.disbursed_at || !statusIn(OWING_STATUSES, o.status))
    return { ok: false, refusal: 'notOwing', error: `order ${o.order_no} is not being repaid (status ${o.status})` };
  const m = await accrue(trx, o, await moneyOf(trx, o.id), now);
  const max = waivableOf(o, m, w.account, now);
  if (w.amount > max) return { ok: false, refusal: 'aboveOwed', error: `at most ${max} of ${w.account} is owed on order ${o.order_no}`, max };
  const after = await book(trx, o, m, waiverJournals(m, w.account, w.amount, now, w.reason));
  await audit(trx, now, 'waiver', {
    orderId: o.id,
    orderNo: o.order_no,
    userId: o.user_id,
    account: w.account,
    amount: w.amount,
    reason: w.reason,
    operator: w.operator,
  });
  const touched = await touchOrder(trx, o.id, now);
  await addEvent(trx, o.id, 'waived', o.status, now, String(w.amount));
  const due = owed(touched, after, now);
  const done = due === 0 ? await transition(trx, touched, 'waivedOff', now, { set: { paid_off_at: now }, note: w.reason }) : null;
  return { ok: true, orderNo: o.order_no, account: w.account, amount: w.amount, amountDue: due, status: (done ?? touched).status };
}
