/** Loan core: figures, views, onboarding progress, order transitions, payments. */
import { sql } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import type { Selectable } from 'kysely';
import { POLICY, type ProductTerms } from '../policy';
import type { Deps, UserRow } from '../deps';
import C from '../contract';
import { record } from './ledger';
import { openText } from '../atRest';
import { bankNameIn } from '../banks';
import { DAY_MS, HOUR_MS, fail, fromJson, iso, isoOrNull, maskAccount, pkDate, ErrorCode, statusIn } from '../lib';
import type { LoanFigures, Order, OrderSummary, Product, BankCardView, ProfileProgress } from '../contract';

const { OrderStatus, statusText, homeStatus, ibanBankCode, ACTIVE_STATUSES, AWAITING_CONFIRM_STATUSES, OWING_STATUSES, isIncomplete, stepRoute } = C;
export type OrderRow = Selectable<DB['orders']>;
export type CardRow = Selectable<DB['bank_cards']>;

export const jsonb = (v: unknown) => JSON.stringify(v ?? null);
const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------- figures ----------------
/** interest for `days` days on `amount` at the product's daily rate */
const interestFor = (t: ProductTerms, amount: number, days: number) => Math.round((amount * t.dailyInterestRate * days) / 100);

/** days the money is held from `from` to `until`: at least the policy minimum, at most the tenure */
export function daysHeld(from: number, until: number, tenureDays: number): number {
  return Math.min(tenureDays, Math.max(POLICY.minInterestDays, Math.ceil((until - from) / DAY_MS)));
}

/**
 * A loan's figures. `interest` and `totalRepayable` are for the whole tenure (what is owed on the
 * due date); once the money is out (`heldFrom`), interest accrues per day held until `heldUntil`
 * (paid off) or now, and `interestAccrued` is what repaying today costs.
 */
export function figures(
  t: ProductTerms, amount: number, tenureDays: number,
  o: { now: number; startAt?: number | null; dueAt?: number | null; heldFrom?: number | null; heldUntil?: number | null; penaltyCarried?: number },
): LoanFigures {
  const processingFee = Math.round((amount * t.processingFeeRate) / 100);
  const feeTax = Math.round((processingFee * t.taxRate) / 100);
  const interest = interestFor(t, amount, tenureDays);
  const held = o.heldFrom ? daysHeld(o.heldFrom, o.heldUntil ?? o.now, tenureDays) : null;
  const disbursalAmount = amount - processingFee - feeTax;
  const dueAt = o.dueAt ?? (o.startAt ?? o.now) + tenureDays * DAY_MS;
  const overdueDays = o.dueAt && o.now > o.dueAt ? Math.ceil((o.now - o.dueAt) / DAY_MS) : 0;
  const overdueFee = Math.min(amount, (o.penaltyCarried ?? 0) + Math.round((amount * t.penaltyRatePerDay * overdueDays) / 100));
  const cost = processingFee + feeTax + interest;
  return {
    loanAmount: amount,
    durationDays: tenureDays,
    dailyInterestRate: t.dailyInterestRate,
    processingFeeRate: t.processingFeeRate,
    taxRate: t.taxRate,
    processingFee,
    feeTax,
    interest,
    markupFee: interest,
    disbursalAmount,
    totalRepayable: amount + interest,
    minInterestDays: POLICY.minInterestDays,
    daysHeld: held,
    interestAccrued: held === null ? interest : interestFor(t, amount, held),
    dueDate: pkDate(dueAt),
    apr: disbursalAmount > 0 ? round2((cost / disbursalAmount) * (365 / tenureDays) * 100) : 0,
    annualInterestRate: round2(t.dailyInterestRate * 365),
    penaltyRatePerDay: t.penaltyRatePerDay,
    overdueDays,
    overdueFee,
  };
}

export function orderFigures(o: OrderRow, now: number): LoanFigures {
  return figures(fromJson<ProductTerms>(o.terms), o.amount, o.tenure_days, {
    now, startAt: o.disbursed_at ?? o.lending_at ?? o.created_at, dueAt: o.due_at, heldFrom: o.disbursed_at, heldUntil: o.paid_off_at, penaltyCarried: o.penalty_carried,
  });
}

/** what repaying in full costs now: principal, interest for the days held, penalty, less what is paid (0 before disbursal) */
export function amountDue(o: OrderRow, now: number): number {
  if (!o.disbursed_at || o.status === OrderStatus.Finish) return 0;
  const f = orderFigures(o, now);
  return Math.max(0, f.loanAmount + f.interestAccrued + f.overdueFee - o.reduction - o.amount_paid);
}

// ---------------- products ----------------
export async function loadProducts(db: Db): Promise<ProductTerms[]> {
  const rows = await db.selectFrom('products').select(['terms']).where('active', '=', true).orderBy('sort').execute();
  return rows.map((r) => fromJson<ProductTerms>(r.terms));
}
export async function getProduct(db: Db, id: string): Promise<ProductTerms> {
  const r = await db.selectFrom('products').select('terms').where('id', '=', id).where('active', '=', true).executeTakeFirst();
  if (!r) fail(ErrorCode.productNotFound);
  return fromJson<ProductTerms>(r!.terms);
}

export function creditLimitOf(user: UserRow | null): number {
  return user ? user.credit_limit : POLICY.creditLadder[0];
}

/**
 * `available`: the server accepts an application for this product from this user now (at some
 * amount and tenure): eligible, no loan in progress, the limit reaches the minimum, and the
 * lender has not refused them in the last reapplyDays (`blocked`, from lenderBlocks).
 */
export function productView(t: ProductTerms, user: UserRow | null, hasActive: boolean, blocked?: ReadonlyMap<string, number>): Product {
  const limit = creditLimitOf(user);
  const eligible = (!t.reloanOnly || (user?.on_time_count ?? 0) > 0) && !blocked?.has(t.lenderName);
  const maxAvailable = eligible ? Math.max(0, Math.min(t.maxAmount, limit)) : 0;
  return {
    productId: t.id,
    name: t.name,
    lenderName: t.lenderName,
    minAmount: t.minAmount,
    maxAmount: t.maxAmount,
    step: t.step,
    tenures: t.tenures,
    dailyInterestRate: t.dailyInterestRate,
    annualInterestRate: round2(t.dailyInterestRate * 365),
    processingFeeRate: t.processingFeeRate,
    taxRate: t.taxRate,
    penaltyRatePerDay: t.penaltyRatePerDay,
    extensionEnabled: t.extensionEnabled,
    extensionDays: t.extensionDays,
    extensionFeeRate: t.extensionFeeRate,
    minRepayment: t.minRepayment,
    reloanOnly: t.reloanOnly,
    tag: t.tag,
    available: eligible && !hasActive && maxAvailable >= t.minAmount,
    maxAvailable,
  };
}

// ---------------- views ----------------
/** `c`: a card row, or the copy an order keeps (rows from before bank codes lack bank_code) */
export function cardView(c: CardRow, lang: string): BankCardView {
  const account = openText(c.account_number);
  return {
    cardId: Number(c.id),
    role: c.role as 'primary' | 'backup',
    cardType: c.card_type as BankCardView['cardType'],
    bankIndex: c.bank_index ?? null,
    bankName: bankNameIn(lang, c.card_type, c.bank_index ?? null, c.bank_name),
    // an IBAN saved before codes were kept still carries its bank's
    bankCode: c.bank_code ?? (c.card_type === 'IBAN' ? ibanBankCode(account) : null),
    cardHolder: c.card_holder,
    accountMasked: maskAccount(account),
    createdAt: iso(Number(c.created_at)),
  };
}

export function summaryView(o: OrderRow, now: number): OrderSummary {
  const t = fromJson<ProductTerms>(o.terms);
  return {
    orderNo: o.order_no,
    status: o.status,
    statusText: statusText(o.status),
    productId: o.product_id,
    productName: t.name,
    lenderName: t.lenderName,
    amount: o.amount,
    tenureDays: o.tenure_days,
    createdAt: iso(o.created_at),
    dueDate: o.due_at ? pkDate(o.due_at) : null,
    amountDue: amountDue(o, now),
  };
}

type EventRow = Selectable<DB['order_events']>;
/** `events` when the caller selected them with the order (latestOrderWithEvents): one query per read */
/** `lang`: the borrower's language, for the receiving account's bank name */
export async function orderView(db: Db, o: OrderRow, now: number, lang: string, preloaded?: EventRow[]): Promise<Order> {
  const events = preloaded ?? await db.selectFrom('order_events').selectAll().where('order_id', '=', o.id).orderBy('id').execute();
  const f = orderFigures(o, now);
  const s = summaryView(o, now);
  const confirmBase = o.status === OrderStatus.GetMoney ? o.updated_at : o.decided_at;
  const inConfirm = statusIn(AWAITING_CONFIRM_STATUSES, o.status);
  const schedule = o.disbursed_at && o.due_at
    ? [{
        installment: 1,
        dueDate: pkDate(o.due_at),
        principal: o.amount,
        // on the due date the whole tenure's interest; a loan paid off early carries only the days held
        interest: o.paid_off_at ? f.interestAccrued : f.interest,
        penalty: f.overdueFee,
        total: f.loanAmount + (o.paid_off_at ? f.interestAccrued : f.interest) + f.overdueFee - o.reduction,
        paid: o.amount_paid,
        status: (o.status === OrderStatus.Finish ? 'paid' : f.overdueDays > 0 ? 'overdue' : 'pending') as 'paid' | 'overdue' | 'pending',
      }]
    : [];
  return {
    ...s,
    homeStatus: homeStatusOf(o, now),
    figures: f,
    amountPaid: o.amount_paid,
    reduction: o.reduction,
    updatedAt: iso(o.updated_at),
    submittedAt: isoOrNull(o.submitted_at),
    reviewEndsAt: o.submitted_at ? iso(o.submitted_at + POLICY.reviewCountdownSeconds * 1000) : null,
    decidedAt: isoOrNull(o.decided_at),
    confirmExpiresAt: inConfirm && confirmBase ? iso(confirmBase + POLICY.orderExpiryHours * HOUR_MS) : null,
    lendingAt: isoOrNull(o.lending_at),
    disbursedAt: isoOrNull(o.disbursed_at),
    paidOffAt: isoOrNull(o.paid_off_at),
    reapplyAt: isoOrNull(reapplyAt(o)),
    cancelReason: o.cancel_reason,
    failReason: o.fail_reason,
    extensionCount: o.extension_count,
    bankCard: o.bank_card ? cardView(fromJson<CardRow>(o.bank_card), lang) : null,
    history: events.map((e) => ({ type: e.type, status: e.status, at: iso(e.at), note: e.note })),
    schedule,
  };
}

/** when the borrower of a rejected order may apply again to its lender (epoch ms), else null */
export const reapplyAt = (o: Pick<OrderRow, 'status' | 'decided_at'>): number | null => (o.status === OrderStatus.Reject && o.decided_at ? o.decided_at + POLICY.reapplyDays * DAY_MS : null);
/**
 * The lenders that refused this user less than reapplyDays ago, each with when their products
 * open again (epoch ms). A refusal binds its own lender only: the marketplace's other lenders
 * decide for themselves, which is what the products recommended after a rejection rest on.
 */
export async function lenderBlocks(db: Db, userId: number | undefined, now: number): Promise<Map<string, number>> {
  const blocks = new Map<string, number>();
  if (!userId) return blocks;
  const rejected = await db.selectFrom('orders').select(['status', 'decided_at', 'terms']).where('user_id', '=', userId)
    .where('status', '=', OrderStatus.Reject).where('decided_at', '>', now - POLICY.reapplyDays * DAY_MS).execute();
  for (const o of rejected) {
    const opens = reapplyAt(o);
    const lender = fromJson<ProductTerms>(o.terms).lenderName;
    if (opens && opens > now && opens > (blocks.get(lender) ?? 0)) blocks.set(lender, opens);
  }
  return blocks;
}
/** the home card of a latest order (a rejection ends at its reapply date) */
export const homeStatusOf = (o: OrderRow | null | undefined, now: number) => homeStatus(o ? { status: o.status, reapplyAt: reapplyAt(o) } : null, now);

/** the user's order by orderNo; someone else's order is "not found" */
export async function ownOrder(db: Db, userId: number, orderNo: string): Promise<OrderRow> {
  const o = await db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).where('user_id', '=', userId).executeTakeFirst();
  if (!o) fail(ErrorCode.notFound);
  return o!;
}
export async function activeOrder(db: Db, userId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', 'in', ACTIVE_STATUSES).executeTakeFirst();
}
export async function latestOrderRow(db: Db, userId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}
/** the latest order and its events in one joined query */
export async function latestOrderWithEvents(db: Db, userId: number): Promise<{ order: OrderRow; events: EventRow[] } | undefined> {
  const r = await db.selectFrom('orders as o').selectAll('o')
    .select(sql<EventRow[]>`(select coalesce(json_agg(e order by e.id), '[]'::json) from order_events e where e.order_id = o.id)`.as('events'))
    .where('o.user_id', '=', userId).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(1).executeTakeFirst();
  if (!r) return undefined;
  const { events, ...order } = r;
  return { order, events: fromJson<EventRow[]>(events) };
}

// ---------------- transitions ----------------
export async function transition(db: Db, o: OrderRow, to: number, type: string, now: number, extra: Partial<OrderRow> = {}, note: string | null = null, fromStatuses?: readonly number[]): Promise<OrderRow | null> {
  const { id: _id, ...rest } = extra as OrderRow;
  const row = await db
    .updateTable('orders')
    .set({ ...(rest as object), status: to, updated_at: now })
    .where('id', '=', o.id)
    .where('status', 'in', fromStatuses ?? [o.status])
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await db.insertInto('order_events').values({ order_id: o.id, type, status: to, at: now, note }).execute();
  return row;
}
export async function addEvent(db: Db, orderId: number, type: string, status: number, now: number, note: string | null = null) {
  await db.insertInto('order_events').values({ order_id: orderId, type, status, at: now, note }).execute();
}

// ---------------- onboarding progress ----------------
export async function progressOf(db: Db, userId: number): Promise<ProfileProgress> {
  const p = await db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const kinds = new Set((await db.selectFrom('documents').select('kind').where('user_id', '=', userId).execute()).map((d) => d.kind));
  const card = await db.selectFrom('bank_cards').select('id').where('user_id', '=', userId).where('role', '=', 'primary').executeTakeFirst();
  const basic = p?.basic ? fromJson<{ firstName?: string; middleName?: string; lastName?: string; nameConfirmedByBorrower?: boolean }>(p.basic) : null;
  const ocr = p?.ocr ? fromJson<{ name?: string | null }>(p.ocr) : null;
  return {
    basicInfo: !!p?.basic,
    idFront: kinds.has('idFront') || kinds.has('curpFront'),
    idBack: kinds.has('idBack') || kinds.has('curpBack'),
    face: kinds.has('face'),
    imagesDone: !!p?.images_done_at,
    // a misread card never blocks: the borrower's confirmed name goes to the review, checked by hand
    nameMatches: nameMatches(ocr?.name, basic) || basic?.nameConfirmedByBorrower === true,
    additionInfo: !!p?.addition,
    bankCard: !!card,
    questionnaire: !!p?.questionnaire,
  };
}

const letters = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^a-z]+/g, ' ').trim();

/**
 * Screen-name validation (status 16): every name the borrower entered must appear among the
 * words the OCR read from the CNIC. Nothing read, nothing to contradict.
 */
export function nameMatches(ocrName: string | null | undefined, basic: { firstName?: string; middleName?: string; lastName?: string } | null): boolean {
  const read = new Set(letters(ocrName).split(' ').filter(Boolean));
  if (!read.size || !basic) return true;
  const entered = [basic.firstName, basic.middleName, basic.lastName].flatMap((n) => letters(n).split(' ')).filter(Boolean);
  return entered.every((w) => read.has(w));
}

/** spec flow order: personal info, ID authentication, name validation, additional info, bank card, questionnaire, then review */
export function missingStatus(p: ProfileProgress): number | null {
  if (!p.basicInfo) return OrderStatus.BasicInfo;
  if (!(p.idFront && p.idBack && p.face && p.imagesDone)) return OrderStatus.IdentityOCR;
  if (!p.nameMatches) return OrderStatus.Validation;
  if (!p.additionInfo) return OrderStatus.Addition;
  if (!p.bankCard) return OrderStatus.BindCard;
  if (!p.questionnaire) return OrderStatus.Question;
  return null;
}
export function nextStepRoute(p: ProfileProgress): string | null {
  const s = missingStatus(p);
  return s ? stepRoute(s) : null;
}

/** moves the user's incomplete order to its next step, or into review when everything is there */
export async function advanceOrder(db: Db, userId: number, now: number): Promise<number | null> {
  const o = await activeOrder(db, userId);
  if (!o) return null;
  if (!isIncomplete(o.status)) return o.status;
  const next = missingStatus(await progressOf(db, userId));
  if (next === o.status) return o.status;
  if (next === null) {
    const r = await transition(db, o, OrderStatus.Applying, 'submitted', now, { submitted_at: now });
    return r?.status ?? o.status;
  }
  const r = await transition(db, o, next, 'stepChanged', now);
  return r?.status ?? o.status;
}

// ---------------- repayment ----------------
/**
 * Money taken from the borrower for this loan (a cashier payment or an accepted transfer): a
 * charge, the part that is owed credited to the order (in SQL, never old + x from a read), any
 * excess an explicit refund. Finishes the loan and raises the credit limit when it is covered.
 * The caller holds the order's lock (ledger.lockOrder) in the transaction `db`.
 */
export async function takeRepayment(deps: Deps, db: Db, o: OrderRow, amount: number, now: number, ref: { paymentId?: number; proofId?: number }): Promise<OrderRow> {
  const credit = Math.min(amount, amountDue(o, now));
  await record(db, o, now, [
    { kind: 'charge', amount, ...ref },
    { kind: 'credit', amount: credit, ...ref },
    { kind: 'refund', amount: amount - credit, ...ref, note: amount > credit ? 'paid more than was due' : null },
  ]);
  const updated = await db.updateTable('orders').set((eb) => ({ amount_paid: eb('amount_paid', '+', credit), updated_at: now })).where('id', '=', o.id).returningAll().executeTakeFirstOrThrow();
  await addEvent(db, o.id, 'repayment', o.status, now, String(credit));
  if (amountDue(updated, now) > 0) return updated;
  const wasOnTime = orderFigures(o, now).overdueDays === 0 && o.status === OrderStatus.Repaying;
  const fin = await transition(db, updated, OrderStatus.Finish, 'finished', now, { paid_off_at: now, penalty: orderFigures(o, now).overdueFee }, null, OWING_STATUSES);
  if (!fin || !wasOnTime) return fin ?? updated;
  const user = await db.selectFrom('users').selectAll().where('id', '=', o.user_id).executeTakeFirstOrThrow();
  const count = user.on_time_count + 1;
  const ladder = POLICY.creditLadder;
  let next = ladder[Math.min(count, ladder.length - 1)];
  if (POLICY.maxCreditLimit) next = Math.min(next, POLICY.maxCreditLimit);
  await db.updateTable('users').set({ on_time_count: count, credit_limit: Math.max(user.credit_limit, next) }).where('id', '=', user.id).execute();
  if (next > user.credit_limit) {
    await db.insertInto('credit_raises').values({ user_id: user.id, at: now, from_limit: user.credit_limit, to_limit: next }).execute();
    await addEvent(db, o.id, 'limitRaised', OrderStatus.Finish, now, `${user.credit_limit}->${next}`);
    deps.log.info({ userId: user.id, from: user.credit_limit, to: next }, 'credit limit raised');
  }
  return fin;
}

export async function hasActive(db: Db, userId: number | undefined): Promise<boolean> {
  if (!userId) return false;
  return !!(await activeOrder(db, userId));
}

export { sql };
