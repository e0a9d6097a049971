/** loan: products, calculator, apply, orders, confirm, get money, cancel, credit. */
import type { AuthedCtx, Ctx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import { POLICY, type ProductTerms } from '../settings/policy';
import C from '../api/contract';
import { AppError, ErrorCode, fail } from '../core/errors';
import { iso, isoOrNull, pkDate } from '../core/time';
import { isUniqueViolation } from '../db/uniqueViolation';
import { jsonb } from '../db/json';
import { newOrderNo } from '../domain/orderNo';
import { statusIn } from '../domain/lifecycle';
import { figures, orderFigures, termsOf } from '../domain/figures';
import { confirmDeadline, homeStatusOf, summaryView } from '../domain/orderView';
import { orderView } from '../usecases/orderView';
import { creditLimitOf, productView } from '../domain/products';
import { applicationsClosed, productsFor } from '../usecases/products';
import { withdrawalWait } from '../usecases/coolingOff';
import { reapplyAt } from '../domain/rejection';
import { lenderBlocks } from '../usecases/rejection';
import { missingStatus } from '../domain/onboarding';
import { exposureVerdict } from '../usecases/exposure';
import { progressOf } from '../usecases/onboarding';
import { cardView } from '../usecases/cardView';
import { agreementText } from '../domain/loanAgreement';
import { getProduct } from '../repos/products';
import { calculatorRange, productsOf } from '../market/profile';
import { activeOrder, createOrder, hasActive, hasWrittenOff, latestOrderRow, latestOrderWithEvents, lockOwnOrder, orderPage, ownOrder } from '../repos/orders';
import { transition } from '../usecases/lifecycle';
import { cardOf, markCardVerified, receivingCard } from '../repos/cards';
import { noticeAccountChange, requireMoneyVerification } from '../usecases/moneyGuard';
import { creditRaisesOf, lockUser } from '../repos/users';
import { moneyOf, moneyOfOrders } from '../repos/ledger';
import { requireRiskWarning } from '../usecases/riskWarning';

const { OrderStatus, AWAITING_CONFIRM_STATUSES, isCancellable } = C;

export async function latestOrder(_p: Req<'latestOrder'>, ctx: AuthedCtx): Promise<Res<'latestOrder'>> {
  const r = await latestOrderWithEvents(ctx.deps.db, ctx.user.id);
  const now = ctx.deps.clock.now();
  return { order: r ? await orderView(ctx.deps.db, r.order, now, ctx.lang, r.events) : null, homeStatus: homeStatusOf(r?.order, now) };
}

export async function orderList(p: Req<'orderList'>, ctx: AuthedCtx): Promise<Res<'orderList'>> {
  const { db, clock } = ctx.deps;
  const { rows, total } = await orderPage(db, ctx.user.id, p.page, p.pageSize);
  const now = clock.now();
  const money = await moneyOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => summaryView(r, money.get(r.id)!, now)), total, page: p.page, pageSize: p.pageSize };
}

export async function productList(_p: Req<'productList'>, ctx: Ctx): Promise<Res<'productList'>> {
  const limit = creditLimitOf(ctx.user);
  const active = await hasActive(ctx.deps.db, ctx.user?.id);
  return { products: await productsFor(ctx.deps.db, ctx.user, ctx.deps.clock.now()), creditLimit: limit, availableLimit: active ? 0 : limit };
}

function amountsOf(t: ProductTerms, max: number) {
  const out: number[] = [];
  for (let a = t.minAmount; a <= max; a += t.step) out.push(a);
  return out;
}

export async function stepAmount(p: Req<'stepAmount'>, ctx: Ctx): Promise<Res<'stepAmount'>> {
  const t = await getProduct(ctx.deps.db, p.productId ?? POLICY.calculator.defaultProductId);
  const limit = creditLimitOf(ctx.user);
  const max = Math.min(t.maxAmount, limit);
  return { productId: t.id, min: t.minAmount, max, step: t.step, amounts: amountsOf(t, max), tenures: t.tenures, creditLimit: limit };
}

export async function productIndex(p: Req<'productIndex'>, ctx: Ctx): Promise<Res<'productIndex'>> {
  const { db, clock } = ctx.deps;
  const t = await getProduct(db, p.productId ?? POLICY.calculator.defaultProductId);
  const active = await hasActive(db, ctx.user?.id);
  const closed = await applicationsClosed(db, ctx.user?.id, clock.now());
  const view = productView(t, ctx.user, closed, await lenderBlocks(db, ctx.user?.id, clock.now()));
  const limit = creditLimitOf(ctx.user);
  const defaultAmount = Math.max(t.minAmount, view.maxAvailable - (view.maxAvailable % t.step));
  const latest = ctx.user ? await latestOrderRow(db, ctx.user.id) : undefined;
  return {
    product: view,
    creditLimit: limit,
    availableLimit: active ? 0 : limit,
    defaultAmount,
    defaultTenure: t.tenures[0],
    figures: figures(t, defaultAmount, t.tenures[0], { now: clock.now() }),
    homeStatus: homeStatusOf(latest, clock.now()),
  };
}

export async function calculator(p: Req<'calculator'>, ctx: Ctx): Promise<Res<'calculator'>> {
  const t = await getProduct(ctx.deps.db, p.productId ?? POLICY.calculator.defaultProductId);
  // the calculator's bounds within the product's own: never a price for an amount the product does not lend
  const range = calculatorRange(ctx.deps.cfg.profile, productsOf(ctx.deps.cfg.profile));
  const min = Math.max(range.min, t.minAmount);
  const max = Math.min(range.max, t.maxAmount);
  if (p.amount < min || p.amount > max) fail(ErrorCode.calculatorOutOfRange, { min, max }, { min, max });
  const tenure = p.tenureDays ?? t.tenures[0];
  if (!t.tenures.includes(tenure)) fail(ErrorCode.tenureNotOffered, { tenures: t.tenures });
  return { productId: t.id, min, max, figures: figures(t, p.amount, tenure, { now: ctx.deps.clock.now() }) };
}

export async function loanAgreement(p: Req<'loanAgreement'>, ctx: Ctx): Promise<Res<'loanAgreement'>> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  let t: ProductTerms;
  let f;
  if (p.orderNo) {
    if (!ctx.user) fail(ErrorCode.notLoggedIn);
    const o = await ownOrder(db, ctx.user.id, p.orderNo);
    t = termsOf(o);
    f = orderFigures(o, await moneyOf(db, o.id), now, ctx.user.card_coupon);
  } else {
    t = await getProduct(db, p.productId ?? POLICY.calculator.defaultProductId);
    f = figures(t, p.amount ?? t.minAmount, p.tenureDays ?? t.tenures[0], { now });
  }
  const name = ctx.user?.first_name ? `${ctx.user.first_name} ${ctx.user.last_name ?? ''}`.trim() : null;
  const lender = ctx.deps.cfg.profile.lender;
  return {
    ...agreementText(t, f, name, ctx.lang, lender),
    version: POLICY.loanAgreementVersion,
    lenderName: t.lenderName,
    lender,
    borrowerName: name,
    figures: f,
  };
}

/**
 * The market profile's rules on a new application: the risk warning acknowledged, one loan within the
 * single-loan cap, and what the borrower owes every lender (the credit bureau's answer; one loan at a
 * time here) with this one within the total-exposure cap. A bureau without an answer (or no CNIC on file yet)
 * does not stop the application: the review asks it again and waits for its figure (app/jobs.ts).
 */
async function requireMarketRules(ctx: AuthedCtx, amount: number) {
  const { singleLoanCap } = ctx.deps.cfg.profile;
  await requireRiskWarning(ctx);
  if (singleLoanCap !== null && amount > singleLoanCap) fail(ErrorCode.amountOutOfRange, { min: 0, max: singleLoanCap });
  const v = await exposureVerdict(ctx.deps, ctx.user.id, amount);
  if (v?.state === 'over') fail(ErrorCode.exposureCapExceeded, { cap: v.cap, outstanding: v.outstanding, max: v.max });
  if (v?.state === 'unknown') ctx.deps.log.info({ userId: ctx.user.id, reason: v.reason }, 'exposure cap: no bureau figure on applying, checked at the review');
}

export async function applyMarket(p: Req<'applyMarket'>, ctx: AuthedCtx): Promise<Res<'applyMarket'>> {
  const { db, clock, log } = ctx.deps;
  const user = ctx.user;
  const now = clock.now();
  const t = await getProduct(db, p.productId);
  if (!t.tenures.includes(p.tenureDays)) fail(ErrorCode.tenureNotOffered, { tenures: t.tenures });
  if (t.reloanOnly && user.on_time_count === 0) fail(ErrorCode.productNotFound);
  if (p.amount < t.minAmount || p.amount > t.maxAmount || (p.amount - t.minAmount) % t.step !== 0) {
    fail(ErrorCode.amountOutOfRange, { min: t.minAmount, max: Math.min(t.maxAmount, user.credit_limit), step: t.step });
  }
  if (p.amount > user.credit_limit) fail(ErrorCode.creditLimitExceeded, { creditLimit: user.credit_limit });
  await requireMarketRules(ctx, p.amount);
  const opens = (await lenderBlocks(db, user.id, now)).get(t.lenderName);
  if (opens) fail(ErrorCode.reapplyLater, { reapplyAt: iso(opens), days: POLICY.reapplyDays });
  try {
    // under the borrower's lock: the retention job either sees this order or has deleted the data first (then the order waits at the first missing step)
    const o = await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      if (await activeOrder(trx, user.id)) fail(ErrorCode.oneLoanAtATime);
      // a loan being written off is overdue, so still active above until the write-off commits with its event
      if (await hasWrittenOff(trx, user.id)) fail(ErrorCode.writtenOffNoReapply);
      // the wait after a cooling-off withdrawal: a withdrawal takes the borrower's lock too, so it is seen here once paid
      const wait = await withdrawalWait(trx, user.id, now);
      if (wait) fail(ErrorCode.reapplyAfterWithdrawal, { reapplyAt: iso(wait.at), days: wait.days }, { days: wait.days, date: pkDate(wait.at) });
      const missing = missingStatus(await progressOf(trx, user.id));
      return createOrder(trx, {
        order_no: newOrderNo(now),
        user_id: user.id,
        product_id: t.id,
        amount: p.amount,
        tenure_days: p.tenureDays,
        status: missing ?? OrderStatus.Applying,
        terms: jsonb(t),
        created_at: now,
        submitted_at: missing ? null : now,
      });
    });
    log.info({ orderNo: o.order_no, status: o.status }, 'order created');
    return { order: await orderView(db, o, now, ctx.lang) };
  } catch (e) {
    if (isUniqueViolation(e, 'orders_one_active')) throw new AppError(ErrorCode.oneLoanAtATime);
    throw e;
  }
}

export async function confirmProductInfo(p: Req<'confirmProductInfo'>, ctx: AuthedCtx): Promise<Res<'confirmProductInfo'>> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const o = await ownOrder(db, ctx.user.id, p.orderNo);
  const view = await orderView(db, o, now, ctx.lang);
  // before the payout: the account getMoney would pay to now; after: the one it was paid to
  let bankCard = view.bankCard;
  if (statusIn(AWAITING_CONFIRM_STATUSES, o.status) || !bankCard) {
    const c = await receivingCard(db, o);
    bankCard = c ? cardView(c, ctx.lang) : null;
  }
  return { order: view, figures: view.figures, bankCard, agreementVersion: POLICY.loanAgreementVersion, expiresAt: view.confirmExpiresAt };
}

/** confirms the approved loan and starts the payout, once: a retry with the same key (or after the payout started) answers the same order */
export async function getMoney(p: Req<'getMoney'>, ctx: AuthedCtx): Promise<Res<'getMoney'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  // money only to an account a code from the registered number approved (else this code does), after the idle check
  const pending = await ownOrder(db, user.id, p.orderNo);
  const target = statusIn(AWAITING_CONFIRM_STATUSES, pending.status) ? await receivingCard(db, pending) : undefined;
  const unverified = !!target && target.verified_at === null;
  await requireMoneyVerification(ctx, p.verifyCode, unverified ? 'newAccount' : undefined);
  if (unverified) await markCardVerified(db, target!.id, clock.now());
  const r = await db.transaction().execute(async (trx) => {
    const now = clock.now();
    const o = await lockOwnOrder(trx, user.id, p.orderNo);
    if (!statusIn(AWAITING_CONFIRM_STATUSES, o.status)) {
      if (o.lending_key === p.idempotencyKey || o.status === OrderStatus.Lending) return o;
      fail(ErrorCode.orderWrongState, { status: o.status });
    }
    const deadline = confirmDeadline(o);
    if (deadline !== null && now >= deadline) fail(ErrorCode.orderTimedOut);
    const card = await receivingCard(trx, o);
    if (!card) fail(ErrorCode.cardInfoNull);
    // replaced since the check above (its code approved another account): ask again
    if (card.verified_at === null) fail(ErrorCode.verificationRequired, { purpose: 'moneyAction', reason: 'newAccount' });
    const moved = await transition(trx, o, 'confirmed', now, {
      set: { lending_at: now, bank_card: jsonb(card), lending_key: p.idempotencyKey },
      from: 'any',
    });
    if (!moved) fail(ErrorCode.orderWrongState);
    return moved!;
  });
  return { order: await orderView(db, r, clock.now(), ctx.lang) };
}

export async function cancelOrder(p: Req<'cancelOrder'>, ctx: AuthedCtx): Promise<Res<'cancelOrder'>> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const o = await ownOrder(db, ctx.user.id, p.id);
  if (!isCancellable(o.status)) fail(ErrorCode.orderNotCancellable, { status: o.status });
  const r = await db.transaction().execute((trx) => transition(trx, o, 'cancelled', now, { set: { cancel_reason: p.reason }, note: p.reason, from: 'any' }));
  if (!r) fail(ErrorCode.orderNotCancellable);
  return { order: await orderView(db, r!, now, ctx.lang) };
}

export async function creditInfo(_p: Req<'creditInfo'>, ctx: AuthedCtx): Promise<Res<'creditInfo'>> {
  const { db } = ctx.deps;
  const user = ctx.user;
  const active = await activeOrder(db, user.id);
  const raises = await creditRaisesOf(db, user.id);
  const ladder = ctx.deps.cfg.profile.creditLadder;
  const nextRung = ladder.find((x) => x > user.credit_limit) ?? null;
  return {
    creditLimit: user.credit_limit,
    availableLimit: active ? 0 : user.credit_limit,
    usedLimit: active ? active.amount : 0,
    nextLimit: nextRung,
    maxLimit: POLICY.maxCreditLimit ?? ladder[ladder.length - 1],
    onTimeRepayments: user.on_time_count,
    raises: raises.map((r) => ({ at: iso(r.at), from: r.from_limit, to: r.to_limit })),
  };
}

export async function rejectRecommendation(_p: Req<'rejectRecommendation'>, ctx: AuthedCtx): Promise<Res<'rejectRecommendation'>> {
  const { db } = ctx.deps;
  const o = await latestOrderRow(db, ctx.user.id);
  const rejected = o?.status === OrderStatus.Reject;
  // only what the server would accept now: never a product whose application would be refused
  const products = rejected ? (await productsFor(ctx.deps.db, ctx.user, ctx.deps.clock.now())).filter((x) => x.available) : [];
  return { recommend: rejected && products.length > 0, reapplyAt: rejected ? isoOrNull(reapplyAt(o!)) : null, products };
}

/** PayFail 10: the money goes to the backup account. The order waits for the borrower's confirmation (18) as after a card change. */
export async function useBackupBankCard(p: Req<'useBackupBankCard'>, ctx: AuthedCtx): Promise<Res<'useBackupBankCard'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  // it changes where the money goes: a code every time (asked only once the switch is possible)
  const pending = await ownOrder(db, user.id, p.orderNo);
  if (pending.status !== OrderStatus.PayFail) fail(ErrorCode.orderWrongState, { status: pending.status });
  if (!(await cardOf(db, user.id, 'backup'))) fail(ErrorCode.cardInfoNull);
  await requireMoneyVerification(ctx, p.verifyCode, 'accountChange');
  const r = await db.transaction().execute(async (trx) => {
    const now = clock.now();
    const o = await lockOwnOrder(trx, user.id, p.orderNo);
    if (o.status !== OrderStatus.PayFail) fail(ErrorCode.orderWrongState, { status: o.status });
    const backup = await cardOf(trx, user.id, 'backup');
    if (!backup) fail(ErrorCode.cardInfoNull);
    const moved = await transition(trx, o, 'cardChanged', now, { set: { bank_card: jsonb(backup), fail_reason: null }, note: 'backup' });
    return moved && { moved, backup };
  });
  if (!r) fail(ErrorCode.orderWrongState);
  await noticeAccountChange(ctx, 'backupUsed', cardView(r.backup, ctx.lang), clock.now());
  return { order: await orderView(db, r.moved, clock.now(), ctx.lang) };
}
