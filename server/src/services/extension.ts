/** repay: the extension (its own fee = extensionFeeRate % of the principal, + the penalty still owed) that moves the due date, within the market's longest loan. */
import type { AuthedCtx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import { MINUTE_MS, pkDate } from '../core/time';
import { ErrorCode, fail } from '../core/errors';
import { retryOnceOnUniqueViolation } from '../db/uniqueViolation';
import { extensionJournals, moneyAt, owed } from '../domain/ledger';
import { accrue } from '../usecases/ledger';
import { moneyFrom, type Money } from '../domain/balances';
import { orderView } from '../usecases/orderView';
import { requireMoneyVerification } from '../usecases/moneyGuard';
import { requireChannel } from '../domain/cashier';
import { lockOwnOrder, orderById, ownOrder, type OrderRow } from '../repos/orders';
import { moneyOf } from '../repos/ledger';
import { addPayment, newPayOrderId, paymentById, paymentByKey } from '../repos/payments';
import { collectionInFlight } from '../repos/transfers';
import { newCollection, sendTransfer } from '../usecases/transfers';
import { extensionQuote, type ExtensionQuote } from '../domain/extension';
import { POLICY } from '../settings/policy';

/** owed on the new due date if the quoted extension is paid and nothing else: interest to that date, the penalty paid with the fee */
function owedAfterExtension(o: OrderRow, m: Money, q: ExtensionQuote, now: number): number {
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
    extensionDays: q.available ? q.days : q.t.extensionDays,
    extensionFee: q.available ? q.fee : 0,
    ownFee: q.available ? q.ownFee : 0,
    penaltyIncluded: q.available ? q.penalty : 0,
    shortened: q.available && q.days < q.t.extensionDays,
    maxLoanDays: q.t.maxLoanDays,
    currentDueDate: o.due_at ? pkDate(o.due_at) : null,
    newDueDate: q.available && q.newDue ? pkDate(q.newDue) : null,
    fromToday: q.fromToday,
    amountDueNow: due,
    amountDueAfter: q.available ? due - q.penalty : due,
    // owed on the new due date if nothing else is paid: interest to that date (never overdue on it)
    amountDueOnNewDueDate: q.available ? owedAfterExtension(o, m, q, now) : due,
    extensionsUsed: o.extension_count,
    maxExtensions: q.t.maxExtensions,
    reason: q.reason,
  };
}

/**
 * Pays the extension fee through the rails and moves the due date once the provider confirms it: under the
 * order's lock the quote is checked and the fee's payment and collection written, once per idempotency key; the
 * provider is asked outside the transaction, and its confirmation (answer, notice or inquiry) applies the extension
 * (usecases/transfers.ts). Answered with the extension when the provider has confirmed; `paymentFailed` when it
 * declined; `paymentInProgress` while it has not answered (the extension applies when it does). A repeated key
 * answers the same extension.
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
        return { payId: prior.id, started: null };
      }
      if (await collectionInFlight(trx, o.id)) fail(ErrorCode.paymentInProgress);
      const m = await accrue(trx, o, await moneyOf(trx, o.id), now);
      const q = extensionQuote(o, m, now);
      if (q.reason === 'maxLoanDays') fail(ErrorCode.extensionPastMaxLoanDays, { days: q.t.maxLoanDays }, { days: q.t.maxLoanDays! });
      if (!q.available) fail(ErrorCode.extensionUnavailable, { reason: q.reason });
      const pay = await addPayment(trx, {
        pay_order_id: newPayOrderId('EXT'),
        order_id: o.id,
        user_id: user.id,
        kind: 'extension',
        amount: q.fee,
        channel_id: p.channelId,
        idempotency_key: p.idempotencyKey,
        status: 'pending',
        created_at: now,
        completed_at: null,
        expires_at: now + POLICY.paymentExpiryMinutes * MINUTE_MS,
      });
      return { payId: pay.id, started: await newCollection(trx, o, pay, now) };
    }),
  );
  if (r.started) await sendTransfer(deps, r.started);
  const pay = await paymentById(db, r.payId);
  if (pay.status === 'failed') fail(ErrorCode.paymentFailed);
  if (pay.status !== 'success') fail(ErrorCode.paymentInProgress);
  const o = await orderById(db, pay.order_id);
  return { order: await orderView(db, o, clock.now(), ctx.lang), feePaid: pay.amount, newDueDate: pkDate(o.due_at!) };
}
