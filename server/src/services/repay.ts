/** repay + portal repayment: detail, payments collected through the rails, proof of a bank transfer. */
import type { AuthedCtx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import { ErrorCode, fail } from '../core/errors';
import { iso, isoOrNull, pkDate, MINUTE_MS } from '../core/time';
import { retryOnceOnUniqueViolation } from '../db/uniqueViolation';
import { statusIn } from '../domain/lifecycle';
import { orderFigures, termsOf } from '../domain/figures';
import { owed } from '../domain/ledger';
import { moneyFrom } from '../domain/balances';
import { journalsOf, moneyOf } from '../repos/ledger';
import { statementLines } from '../domain/statement';
import { orderView } from '../usecases/orderView';
import { requireMoneyVerification } from '../usecases/moneyGuard';
import { coolingOffOf } from '../domain/coolingOff';
import { newCollection, sendTransfer } from '../usecases/transfers';
import { collectionInFlight, liveCollection } from '../repos/transfers';
import type { Money } from '../domain/balances';
import { lockOrder, lockOwnOrder, orderById, ownOrder, type OrderRow } from '../repos/orders';
import {
  addPayment,
  choosePaymentChannel,
  closePendingRepayments,
  latestPayments,
  newPayOrderId,
  ownPayment,
  paymentById,
  paymentByKey,
  settlePayment,
  type PaymentRow,
} from '../repos/payments';
import { addProof, proofOfPhoto, proofsOf } from '../repos/proofs';
import { proofView } from '../domain/proofs';
import { proofPhoto } from '../repos/documents';
import { bankNameOf } from '../settings/banks';
import { channelsIn, requireChannel } from '../domain/cashier';

const { OrderStatus, OWING_STATUSES } = C;

function paymentView(p: PaymentRow, orderNo: string) {
  return {
    payOrderId: p.pay_order_id,
    orderNo,
    kind: p.kind as 'repay' | 'extension' | 'withdraw',
    amount: p.amount,
    status: p.status as 'pending' | 'success' | 'failed',
    channelId: p.channel_id,
    createdAt: iso(p.created_at),
    completedAt: isoOrNull(p.completed_at),
    expiresAt: iso(p.expires_at),
  };
}
const minRepay = (o: OrderRow, due: number) => Math.min(termsOf(o).minRepayment, due);

export async function repaymentDetail(p: Req<'repaymentDetail'>, ctx: AuthedCtx): Promise<Res<'repaymentDetail'>> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const o = await ownOrder(db, ctx.user.id, p.orderNo);
  const view = await orderView(db, o, now, ctx.lang);
  const due = view.amountDue;
  const pays = await latestPayments(db, o.id, POLICY.paymentsListed);
  return {
    order: view,
    amountDue: due,
    amountPaid: view.amountPaid,
    reduction: view.figures.reduction,
    totalLoan: view.figures.totalRepayable,
    minRepayment: minRepay(o, due),
    extensionAvailable: termsOf(o).extensionEnabled && statusIn(OWING_STATUSES, o.status),
    payments: pays.map((x) => paymentView(x, o.order_no)),
  };
}

/** the order's money events as the borrower's statement: lines per journal, the accruals to now included */
export async function repaymentStatement(p: Req<'repaymentStatement'>, ctx: AuthedCtx): Promise<Res<'repaymentStatement'>> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const o = await ownOrder(db, ctx.user.id, p.orderNo);
  const journals = await journalsOf(db, [o.id]);
  const lines = statementLines(o, journals, now);
  return { orderNo: o.order_no, generatedAt: iso(now), lines, amountDue: owed(o, moneyFrom(journals), now) };
}

export async function repaymentConfirm(p: Req<'repaymentConfirm'>, ctx: AuthedCtx): Promise<Res<'repaymentConfirm'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  await requireMoneyVerification(ctx, p.verifyCode);
  const { pay, o } = await retryOnceOnUniqueViolation(() =>
    db.transaction().execute(async (trx) => {
      const now = clock.now();
      const o = await lockOwnOrder(trx, user.id, p.orderNo);
      const kind = p.purpose ?? 'repay';
      const existing = await paymentByKey(trx, user.id, p.idempotencyKey);
      if (existing) {
        if (existing.order_id !== o.id || existing.amount !== p.amount || existing.kind !== kind) fail(ErrorCode.duplicatePayment);
        return { pay: existing, o };
      }
      // while the provider is collecting a payment of this loan, no other starts: its result first
      if (await collectionInFlight(trx, o.id)) fail(ErrorCode.paymentInProgress);
      if (o.status === OrderStatus.Finish) fail(ErrorCode.nothingDue);
      if (!statusIn(OWING_STATUSES, o.status)) fail(ErrorCode.orderWrongState, { status: o.status });
      const m = await moneyOf(trx, o.id);
      if (kind === 'withdraw') {
        // the cooling-off withdrawal: exactly the principal left, while the period runs
        const w = coolingOffOf(o, m, now);
        if (!w) fail(ErrorCode.withdrawUnavailable);
        if (p.amount !== w.amount) fail(ErrorCode.amountOutOfRange, { min: w.amount, max: w.amount });
      } else {
        const due = owed(o, m, now);
        if (due <= 0) fail(ErrorCode.nothingDue);
        const min = minRepay(o, due);
        if (p.amount < min) fail(ErrorCode.belowMinimumRepayment, { min }, { min });
        if (p.amount > due) fail(ErrorCode.amountOutOfRange, { min, max: due });
      }
      // one payment in flight per order: a new one replaces any still pending, so two can never both be charged for the same debt
      await closePendingRepayments(trx, o.id, now, 'superseded');
      const row = await addPayment(trx, {
        pay_order_id: newPayOrderId('PAY'),
        order_id: o.id,
        user_id: user.id,
        kind,
        amount: p.amount,
        channel_id: null,
        idempotency_key: p.idempotencyKey,
        status: 'pending',
        created_at: now,
        completed_at: null,
        expires_at: now + POLICY.paymentExpiryMinutes * MINUTE_MS,
      });
      return { pay: row, o };
    }),
  );
  return { payment: paymentView(pay, o.order_no), channels: channelsIn(ctx.lang) };
}

/** why a pending repayment may not be charged now (the order moved on since it was started), or null */
function refusalAtCharge(o: OrderRow, due: number, amount: number): number | null {
  if (!statusIn(OWING_STATUSES, o.status)) return o.status === OrderStatus.Finish ? ErrorCode.nothingDue : ErrorCode.orderWrongState;
  if (due <= 0) return ErrorCode.nothingDue;
  return amount > due ? ErrorCode.amountOutOfRange : null;
}

/** why a pending withdrawal may not be charged now (the cooling-off period ended, or the principal left changed), or null */
function withdrawalRefusal(o: OrderRow, m: Money, now: number, amount: number): number | null {
  const w = coolingOffOf(o, m, now);
  if (!w) return ErrorCode.withdrawUnavailable;
  return w.amount === amount ? null : ErrorCode.amountOutOfRange;
}

/**
 * Collects a pending payment once: under the order's lock, re-checks the payment, the order's state and what is
 * still due, and writes the payment's collection (a transfer); then asks the provider outside the transaction.
 * The payment is credited when the provider confirms it (its answer, notice or the status inquiry:
 * usecases/transfers.ts), so the answer may be the payment still `pending`. A payment that may no longer be
 * charged is closed as failed before any money moves; a repeated call starts nothing and answers where it is.
 */
export async function cashierPay(p: Req<'cashierPay'>, ctx: AuthedCtx): Promise<Res<'cashierPay'>> {
  const { deps } = ctx;
  const { db, clock } = deps;
  const user = ctx.user;
  requireChannel(p.channelId);
  const { order_id: orderId, id: payId } = await ownPayment(db, user.id, p.payOrderId);
  const r = await db.transaction().execute(async (trx) => {
    const now = clock.now();
    const o = await lockOrder(trx, orderId);
    const pay = await paymentById(trx, payId);
    if (pay.status !== 'pending' || (await liveCollection(trx, pay.id))) return null;
    const close = (reason: string) => settlePayment(trx, pay.id, now, { ok: false, reason });
    if (pay.expires_at <= now) {
      await close('expired');
      return { refused: ErrorCode.paymentTimedOut };
    }
    const m = await moneyOf(trx, o.id);
    const refusal = pay.kind === 'withdraw' ? withdrawalRefusal(o, m, now, pay.amount) : refusalAtCharge(o, owed(o, m, now), pay.amount);
    if (refusal) {
      await close('orderChanged');
      return { refused: refusal };
    }
    await choosePaymentChannel(trx, pay.id, p.channelId);
    return { started: await newCollection(trx, o, pay, now) };
  });
  if (r?.refused) fail(r.refused);
  if (r?.started) await sendTransfer(deps, r.started);
  return paymentResult(ctx, p.payOrderId);
}

async function paymentResult(ctx: AuthedCtx, payOrderId: string) {
  const { db, clock } = ctx.deps;
  const pay = await ownPayment(db, ctx.user.id, payOrderId);
  const o = await orderById(db, pay.order_id);
  return { payment: paymentView(pay, o.order_no), order: await orderView(db, o, clock.now(), ctx.lang) };
}
export const cashierResult = (p: Req<'cashierResult'>, ctx: AuthedCtx) => paymentResult(ctx, p.payOrderId);

export async function cashierChannels(p: Req<'cashierChannels'>, ctx: AuthedCtx): Promise<Res<'cashierChannels'>> {
  const o = await ownOrder(ctx.deps.db, ctx.user.id, p.orderNo);
  const now = ctx.deps.clock.now();
  const m = await moneyOf(ctx.deps.db, o.id);
  const due = owed(o, m, now);
  return { channels: channelsIn(ctx.lang), amountDue: due, reduction: orderFigures(o, m, now).reduction, minRepayment: minRepay(o, due) };
}

export async function bankTransferInfo(p: Req<'bankTransferInfo'>, ctx: AuthedCtx): Promise<Res<'bankTransferInfo'>> {
  const o = await ownOrder(ctx.deps.db, ctx.user.id, p.orderNo);
  const { bankIndex, ...account } = POLICY.bankTransfer;
  return {
    ...account,
    bankName: bankNameOf(bankIndex, ctx.lang),
    reference: o.order_no,
    amountDue: owed(o, await moneyOf(ctx.deps.db, o.id), ctx.deps.clock.now()),
    confirmMinutes: POLICY.repaymentConfirmMinutes,
  };
}

/** one proof per photo: the same photo sent again (a retry, a replay re-sealed) answers the proof it already gave, under the order's lock */
export async function saveAdditional(p: Req<'saveAdditional'>, ctx: AuthedCtx): Promise<Res<'saveAdditional'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const o = await lockOwnOrder(trx, user.id, p.orderNo);
    const given = await proofOfPhoto(trx, o.id, p.fileId);
    if (given) return { proof: proofView(given) };
    if (!statusIn(OWING_STATUSES, o.status)) fail(ErrorCode.orderWrongState, { status: o.status });
    const doc = await proofPhoto(trx, user.id, p.fileId);
    if (!doc) fail(ErrorCode.fileMissing);
    // a transfer can only be for what is owed, on a day between the payout and today (Pakistan dates)
    const fields: Record<string, string> = {};
    if (p.amount > owed(o, await moneyOf(trx, o.id), now)) fields.amount = 'validation.amountAboveDue';
    if (p.paidAt && p.paidAt > pkDate(now)) fields.paidAt = 'validation.dateInFuture';
    else if (p.paidAt && o.disbursed_at && p.paidAt < pkDate(o.disbursed_at)) fields.paidAt = 'validation.dateBeforeLoan';
    if (Object.keys(fields).length) fail(ErrorCode.validationFailed, { fields });
    const row = await addProof(trx, {
      order_id: o.id,
      user_id: user.id,
      document_id: p.fileId,
      amount: p.amount,
      reference: p.transactionRef,
      channel: p.channel,
      paid_on: p.paidAt ?? null,
      status: 'pending',
      created_at: now,
      checked_at: null,
    });
    return { proof: proofView(row) };
  });
}

export async function proofStatus(p: Req<'proofStatus'>, ctx: AuthedCtx): Promise<Res<'proofStatus'>> {
  const o = await ownOrder(ctx.deps.db, ctx.user.id, p.orderNo);
  const rows = await proofsOf(ctx.deps.db, o.id);
  return { proofs: rows.map(proofView) };
}
