/** repay + portal repayment: detail, payments through the simulated cashier, extension, proof, bank transfer. */
import crypto from 'node:crypto';
import type { Ctx, Deps } from '../deps';
import type { Db } from '../db';
import { POLICY, type ProductTerms } from '../policy';
import C from '../contract';
import { AppError, DAY_MS, ErrorCode, fail, HOUR_MS, iso, isoOrNull, isUniqueViolation, pkDate, MINUTE_MS } from '../lib';
import { amountDue, applyRepayment, orderFigures, orderView, ownOrder, transition, type OrderRow } from './core';
import { takeForce } from '../jobs';

const { OrderStatus } = C;
const terms = (o: OrderRow) => (typeof o.terms === 'string' ? JSON.parse(o.terms) : o.terms) as ProductTerms;
const REPAYABLE = [OrderStatus.Repaying, OrderStatus.Overdued];

type PaymentRow = { pay_order_id: string; kind: string; amount: number; status: string; channel_id: string | null; created_at: number; completed_at: number | null; expires_at: number; order_id: number };
function paymentView(p: PaymentRow, orderNo: string) {
  return {
    payOrderId: p.pay_order_id, orderNo, kind: p.kind as 'repay' | 'extension', amount: p.amount, status: p.status as 'pending' | 'success' | 'failed',
    channelId: p.channel_id, createdAt: iso(p.created_at), completedAt: isoOrNull(p.completed_at), expiresAt: iso(p.expires_at),
  };
}
const minRepay = (o: OrderRow, due: number) => Math.min(terms(o).minRepayment, due);

export async function repaymentDetail(p: { orderNo: string }, ctx: Ctx) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const o = await ownOrder(db, ctx.user!.id, p.orderNo);
  const view = await orderView(db, o, now);
  const due = amountDue(o, now);
  const pays = await db.selectFrom('payments').selectAll().where('order_id', '=', o.id).orderBy('id', 'desc').limit(20).execute();
  return {
    order: view, amountDue: due, amountPaid: o.amount_paid, reduction: o.reduction, totalLoan: view.figures.totalRepayable,
    minRepayment: minRepay(o, due), extensionAvailable: terms(o).extensionEnabled && REPAYABLE.includes(o.status as 2 | 3),
    payments: pays.map((x) => paymentView(x, o.order_no)),
  };
}

export async function repaymentConfirm(p: { orderNo: string; amount: number; idempotencyKey: string }, ctx: Ctx) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const user = ctx.user!;
  const o = await ownOrder(db, user.id, p.orderNo);
  const existing = await db.selectFrom('payments').selectAll().where('user_id', '=', user.id).where('idempotency_key', '=', p.idempotencyKey).executeTakeFirst();
  if (existing) {
    if (existing.order_id !== o.id || existing.amount !== p.amount || existing.kind !== 'repay') fail(ErrorCode.duplicatePayment);
    return { payment: paymentView(existing, o.order_no), channels: POLICY.cashierChannels };
  }
  if (!REPAYABLE.includes(o.status as 2 | 3)) fail(ErrorCode.orderWrongState, { status: o.status });
  const due = amountDue(o, now);
  if (due <= 0) fail(ErrorCode.nothingDue);
  const min = minRepay(o, due);
  if (p.amount < min) fail(ErrorCode.belowMinimumRepayment, { min }, { min });
  if (p.amount > due) fail(ErrorCode.amountOutOfRange, { min, max: due });
  try {
    const row = await db.insertInto('payments').values({
      pay_order_id: `PAY${crypto.randomBytes(8).toString('hex').toUpperCase()}`, order_id: o.id, user_id: user.id, kind: 'repay', amount: p.amount,
      channel_id: null, idempotency_key: p.idempotencyKey, status: 'pending', created_at: now, completed_at: null, expires_at: now + POLICY.paymentExpiryMinutes * MINUTE_MS,
    }).returningAll().executeTakeFirstOrThrow();
    return { payment: paymentView(row, o.order_no), channels: POLICY.cashierChannels };
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCode.duplicatePayment);
    throw e;
  }
}

/** the simulated gateway: completes unless forced to fail or the configured failure rate hits */
function gatewayOk(deps: Deps, mobile: string): boolean {
  const forced = takeForce(deps, mobile, 'payment');
  return forced ? forced === 'ok' : Math.random() >= deps.cfg.cashierFailureRate;
}

async function loadPayment(db: Db, userId: number, payOrderId: string) {
  const pay = await db.selectFrom('payments').selectAll().where('pay_order_id', '=', payOrderId).where('user_id', '=', userId).executeTakeFirst();
  if (!pay) fail(ErrorCode.notFound);
  return pay!;
}

export async function cashierPay(p: { payOrderId: string; channelId: string }, ctx: Ctx) {
  const { deps } = ctx;
  const { db, clock } = deps;
  const now = clock.now();
  const user = ctx.user!;
  const ch = POLICY.cashierChannels.find((c) => c.channelId === p.channelId);
  if (!ch || !ch.enabled) fail(ErrorCode.noPaymentMethod);
  const pay = await loadPayment(db, user.id, p.payOrderId);
  const o = await db.selectFrom('orders').selectAll().where('id', '=', pay.order_id).executeTakeFirstOrThrow();
  if (pay.status === 'pending' && pay.expires_at <= now) {
    await db.updateTable('payments').set({ status: 'failed', completed_at: now }).where('id', '=', pay.id).where('status', '=', 'pending').execute();
    fail(ErrorCode.paymentTimedOut);
  }
  if (pay.status === 'pending') {
    const ok = gatewayOk(deps, user.mobile);
    await db.transaction().execute(async (trx) => {
      const done = await trx.updateTable('payments').set({ status: ok ? 'success' : 'failed', channel_id: p.channelId, completed_at: now })
        .where('id', '=', pay.id).where('status', '=', 'pending').executeTakeFirst();
      if (Number(done.numUpdatedRows) === 1 && ok) await applyRepayment(deps, trx, o.id, pay.amount, now);
    });
  }
  return paymentResult(ctx, p.payOrderId);
}

async function paymentResult(ctx: Ctx, payOrderId: string) {
  const { db, clock } = ctx.deps;
  const pay = await loadPayment(db, ctx.user!.id, payOrderId);
  const o = await db.selectFrom('orders').selectAll().where('id', '=', pay.order_id).executeTakeFirstOrThrow();
  return { payment: paymentView(pay, o.order_no), order: await orderView(db, o, clock.now()) };
}
export const cashierResult = (p: { payOrderId: string }, ctx: Ctx) => paymentResult(ctx, p.payOrderId);

export async function cashierChannels(p: { orderNo: string }, ctx: Ctx) {
  const o = await ownOrder(ctx.deps.db, ctx.user!.id, p.orderNo);
  const due = amountDue(o, ctx.deps.clock.now());
  return { channels: POLICY.cashierChannels, amountDue: due, minRepayment: minRepay(o, due) };
}

export async function bankTransferInfo(p: { orderNo: string }, ctx: Ctx) {
  const o = await ownOrder(ctx.deps.db, ctx.user!.id, p.orderNo);
  return { ...POLICY.bankTransfer, reference: o.order_no, amountDue: amountDue(o, ctx.deps.clock.now()), confirmMinutes: POLICY.repaymentConfirmMinutes };
}

function extensionQuote(o: OrderRow, now: number) {
  const t = terms(o);
  const f = orderFigures(o, now);
  const available = t.extensionEnabled && REPAYABLE.includes(o.status as 2 | 3) && !!o.due_at;
  const fee = Math.round((o.amount * t.extensionFeeRate) / 100) + f.overdueFee;
  const newDue = o.due_at ? Math.max(o.due_at, now) + t.extensionDays * DAY_MS : null;
  return { t, f, available, fee, newDue };
}

export async function extensionData(p: { orderNo: string }, ctx: Ctx) {
  const now = ctx.deps.clock.now();
  const o = await ownOrder(ctx.deps.db, ctx.user!.id, p.orderNo);
  const q = extensionQuote(o, now);
  const due = amountDue(o, now);
  return {
    available: q.available, extensionDays: q.t.extensionDays, extensionFee: q.available ? q.fee : 0, penaltyIncluded: q.available ? q.f.overdueFee : 0,
    currentDueDate: o.due_at ? pkDate(o.due_at) : null, newDueDate: q.available && q.newDue ? pkDate(q.newDue) : null,
    amountDueAfter: q.available ? due - q.f.overdueFee : due,
    reason: q.available ? null : !q.t.extensionEnabled ? 'notOffered' : 'orderState',
  };
}

export async function confirmExtension(p: { orderNo: string; idempotencyKey?: string }, ctx: Ctx) {
  const { deps } = ctx;
  const { db, clock } = deps;
  const now = clock.now();
  const user = ctx.user!;
  const o = await ownOrder(db, user.id, p.orderNo);
  const key = p.idempotencyKey ?? `ext-${o.order_no}-${o.extension_count}`;
  const prior = await db.selectFrom('payments').selectAll().where('user_id', '=', user.id).where('idempotency_key', '=', key).executeTakeFirst();
  if (prior) {
    if (prior.order_id !== o.id || prior.kind !== 'extension') fail(ErrorCode.duplicatePayment);
    if (prior.status === 'success') return { order: await orderView(db, o, now), feePaid: prior.amount, newDueDate: pkDate(o.due_at!) };
  }
  const q = extensionQuote(o, now);
  if (!q.available) fail(ErrorCode.extensionUnavailable);
  if (!gatewayOk(deps, user.mobile)) fail(ErrorCode.paymentFailed);
  const r = await db.transaction().execute(async (trx) => {
    try {
      await trx.insertInto('payments').values({
        pay_order_id: `EXT${crypto.randomBytes(8).toString('hex').toUpperCase()}`, order_id: o.id, user_id: user.id, kind: 'extension', amount: q.fee,
        channel_id: 'extension', idempotency_key: key, status: 'success', created_at: now, completed_at: now, expires_at: now,
      }).execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(ErrorCode.duplicatePayment);
      throw e;
    }
    return transition(trx, o, OrderStatus.Repaying, 'extended', now, { due_at: q.newDue!, extension_count: o.extension_count + 1, penalty: 0 }, `fee ${q.fee}`, REPAYABLE);
  });
  if (!r) fail(ErrorCode.orderWrongState);
  return { order: await orderView(db, r!, now), feePaid: q.fee, newDueDate: pkDate(q.newDue!) };
}

type ProofRow = { id: number; status: string; amount: number; reference: string; created_at: number; checked_at: number | null };
const proofView = (x: ProofRow) => ({
  proofId: x.id, status: x.status as 'pending' | 'accepted' | 'rejected', amount: x.amount, transactionRef: x.reference,
  submittedAt: iso(x.created_at), checkBy: iso(x.created_at + POLICY.proofCheckHours * HOUR_MS), checkedAt: isoOrNull(x.checked_at),
});

export async function saveAdditional(p: { orderNo: string; fileId: number; amount: number; transactionRef: string; channel: string }, ctx: Ctx) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const user = ctx.user!;
  const o = await ownOrder(db, user.id, p.orderNo);
  if (!REPAYABLE.includes(o.status as 2 | 3)) fail(ErrorCode.orderWrongState, { status: o.status });
  const doc = await db.selectFrom('documents').select('id').where('id', '=', p.fileId).where('user_id', '=', user.id).where('kind', '=', 'repayProof').executeTakeFirst();
  if (!doc) fail(ErrorCode.fileMissing);
  const row = await db.insertInto('proofs').values({ order_id: o.id, user_id: user.id, document_id: p.fileId, amount: p.amount, reference: p.transactionRef, channel: p.channel, status: 'pending', created_at: now, checked_at: null }).returningAll().executeTakeFirstOrThrow();
  return { proof: proofView(row) };
}

export async function proofStatus(p: { orderNo: string }, ctx: Ctx) {
  const o = await ownOrder(ctx.deps.db, ctx.user!.id, p.orderNo);
  const rows = await ctx.deps.db.selectFrom('proofs').selectAll().where('order_id', '=', o.id).orderBy('id', 'desc').execute();
  return { proofs: rows.map(proofView) };
}

/** dev/back-office: accept or reject a proof; accepting applies it as a repayment */
export async function checkProof(deps: Deps, proofId: number, accept: boolean) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const pr = await trx.updateTable('proofs').set({ status: accept ? 'accepted' : 'rejected', checked_at: now }).where('id', '=', proofId).where('status', '=', 'pending').returningAll().executeTakeFirst();
    if (!pr) return null;
    if (accept) {
      const o = await trx.selectFrom('orders').selectAll().where('id', '=', pr.order_id).executeTakeFirstOrThrow();
      const amt = Math.min(pr.amount, amountDue(o, now));
      if (amt > 0) await applyRepayment(deps, trx, o.id, amt, now);
    }
    return proofView(pr);
  });
}
