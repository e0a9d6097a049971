/**
 * A write-off (maker-checker, issue 40): what an overdue loan still owes (principal, interest, penalty, fee, after the
 * accruals up to now and the coupon applied) to `writeOffExpense`, the loan closed by the lifecycle event `writtenOff`
 * (Finish; `paid_off_at` set, so it owes nothing and accrues nothing). Only an overdue loan (docs/ledger.md "Write-offs").
 */
import type { Db } from '../db';
import C from '../api/contract';
import { audit } from '../repos/audit';
import { moneyOf } from '../repos/ledger';
import { lockOrder } from '../repos/orders';
import { owed, writeOffJournals } from '../domain/ledger';
import { accrue, book } from './ledger';
import { transition } from './lifecycle';

const { OrderStatus } = C;

export type WriteOffOutcome = { ok: true; amount: number; status: number } | { ok: false; refusal: 'notOverdue'; error: string };

export async function writeOffOrder(trx: Db, orderId: number, w: { reason: string; operator: string }, now: number): Promise<WriteOffOutcome> {
  const o = await lockOrder(trx, orderId);
  if (o.status !== OrderStatus.Overdued) return { ok: false, refusal: 'notOverdue', error: `order ${o.order_no} is not overdue (status ${o.status})` };
  const m = await accrue(trx, o, await moneyOf(trx, o.id), now);
  const amount = owed(o, m, now);
  await book(trx, o, m, writeOffJournals(m, now, w.reason));
  await audit(trx, now, 'writeOff', { orderId: o.id, orderNo: o.order_no, userId: o.user_id, amount, reason: w.reason, operator: w.operator });
  const done = await transition(trx, o, 'writtenOff', now, { set: { paid_off_at: now }, note: w.reason });
  if (!done) throw new Error(`order ${o.id}: written off from a status it is no longer in`);
  return { ok: true, amount, status: done.status };
}
