/** repay: the extension (fee = extensionFeeRate % of the principal + the penalty still owed) that moves the due date. */
import type { AuthedCtx } from '../app/deps';
import type { Req, Res } from '../api/calls';
import C from '../api/contract';
import { DAY_MS, pkDate } from '../core/time';
import { ErrorCode, fail } from '../core/errors';
import { retryOnceOnUniqueViolation } from '../db/uniqueViolation';
import { statusIn } from '../domain/lifecycle';
import { chargedOf, costCapOf, orderFigures, termsOf } from '../domain/figures';
import { extensionJournals, moneyAt, owed } from '../domain/ledger';
import { accrue, book } from '../usecases/ledger';
import { moneyFrom, type Money } from '../domain/balances';
import { orderView } from '../usecases/orderView';
import { requireMoneyVerification } from '../usecases/moneyGuard';
import { requireChannel } from '../domain/cashier';
import { lockOwnOrder, ownOrder, type OrderRow } from '../repos/orders';
import { transition } from '../usecases/lifecycle';
import { moneyOf } from '../repos/ledger';
import { addPayment, newPayOrderId, paymentByKey } from '../repos/payments';

const { OWING_STATUSES } = C;

function extensionQuote(o: OrderRow, m: Money, now: number) {
  const t = termsOf(o);
  const f = orderFigures(o, m, now);
  // the penalty accrued since the due date is paid with the fee, as far as it is still owed (earlier
  // payments may have covered part of it); it stays part of the debt after the due date moves
  const due = owed(o, m, now);
  const penalty = Math.min(f.overdueFee - m.carried, due);
  // nothing left to move once the penalty is paid: the borrower repays instead
  const reason = !t.extensionEnabled
    ? 'notOffered'
    : !statusIn(OWING_STATUSES, o.status) || !o.due_at || due <= penalty
      ? 'orderState'
      : o.extension_count >= t.maxExtensions
        ? 'limitReached'
        : null;
  // the extension's own fee, held to what the market's total-cost cap still allows (Infinity without one)
  const room = Math.max(0, costCapOf(t, o.amount) - chargedOf(moneyAt(o, m, now)));
  const fee = Math.min(room, Math.round((o.amount * t.extensionFeeRate) / 100)) + penalty;
  // the days are added to the due date, or to today once it has passed (an overdue loan)
  const fromToday = o.due_at !== null && now > o.due_at;
  const newDue = o.due_at ? Math.max(o.due_at, now) + t.extensionDays * DAY_MS : null;
  return { t, due, available: reason === null, reason, fee, penalty, newDue, fromToday };
}

/** owed on the new due date if the quoted extension is paid and nothing else: interest to that date, the penalty paid with the fee */
function owedAfterExtension(o: OrderRow, m: Money, q: ReturnType<typeof extensionQuote>, now: number): number {
  const today = moneyAt(o, m, now);
  const after = moneyFrom(extensionJournals(today, { ...q, newDue: q.newDue! }, now), today);
  return owed({ ...o, due_at: q.newDue! }, after, q.newDue!);
}

export async function extensionData(p: Req<'extensionData'>, ctx: AuthedCtx): Promise<Res<'extensionData'>> {
  const now = ctx.deps.clock.now();
  const o = await ownOrder(ctx.deps.db, ctx.user.id, p.orderNo);
  const m = await moneyOf(ctx.deps.db, o.id);
  const q = extensionQuote(o, m, now);
  const due = q.due;
  return {
    available: q.available,
    extensionDays: q.t.extensionDays,
    extensionFee: q.available ? q.fee : 0,
    penaltyIncluded: q.available ? q.penalty : 0,
    currentDueDate: o.due_at ? pkDate(o.due_at) : null,
    newDueDate: q.available && q.newDue ? pkDate(q.newDue) : null,
    fromToday: q.fromToday,
    amountDueAfter: q.available ? due - q.penalty : due,
    // owed on the new due date if nothing else is paid: interest to that date (never overdue on it)
    amountDueOnNewDueDate: q.available ? owedAfterExtension(o, m, q, now) : due,
    extensionsUsed: o.extension_count,
    maxExtensions: q.t.maxExtensions,
    reason: q.reason,
  };
}

/**
 * Pays the extension fee and moves the due date, once per idempotency key, in one transaction under
 * the order's lock: the fee (a charge and a fee row), the payment and the new due date commit
 * together or not at all. A repeated key answers the same extension.
 */
export async function confirmExtension(p: Req<'confirmExtension'>, ctx: AuthedCtx): Promise<Res<'confirmExtension'>> {
  const { deps } = ctx;
  const { db, clock } = deps;
  const user = ctx.user;
  requireChannel(p.channelId);
  await requireMoneyVerification(ctx, p.verifyCode);
  const r = await retryOnceOnUniqueViolation(() =>
    db.transaction().execute(async (trx) => {
      const now = clock.now();
      const o = await lockOwnOrder(trx, user.id, p.orderNo);
      const prior = await paymentByKey(trx, user.id, p.idempotencyKey);
      if (prior) {
        if (prior.order_id !== o.id || prior.kind !== 'extension') fail(ErrorCode.duplicatePayment);
        return { o, fee: prior.amount };
      }
      const m = await accrue(trx, o, await moneyOf(trx, o.id), now);
      const q = extensionQuote(o, m, now);
      if (!q.available) fail(ErrorCode.extensionUnavailable, { reason: q.reason });
      const pay = await addPayment(trx, {
        pay_order_id: newPayOrderId('EXT'),
        order_id: o.id,
        user_id: user.id,
        kind: 'extension',
        amount: q.fee,
        channel_id: p.channelId,
        idempotency_key: p.idempotencyKey,
        status: 'success',
        created_at: now,
        completed_at: now,
        expires_at: now,
      });
      await book(trx, o, m, extensionJournals(m, { ...q, newDue: q.newDue! }, now, pay.id));
      const moved = await transition(trx, o, 'extended', now, {
        set: { due_at: q.newDue!, extension_count: o.extension_count + 1 },
        note: `fee ${q.fee}`,
        from: 'any',
      });
      if (!moved) fail(ErrorCode.orderWrongState); // rolls the fee back with the transaction
      return { o: moved!, fee: q.fee };
    }),
  );
  return { order: await orderView(db, r.o, clock.now(), ctx.lang), feePaid: r.fee, newDueDate: pkDate(r.o.due_at!) };
}
