/**
 * The ledger's back-fill (docs/ledger.md): orders paid out before migration 12 kept their money in
 * the order's amount columns (amount_paid, principal_paid, reduction, penalty_carried,
 * penalty_settled, penalty_days) and the cash-only `ledger` table. At start, before the server
 * serves, each paid-out order without journals gets journals rebuilt from them, so that `owed` and
 * every figure the borrower sees are what the old formulas gave. Each order's journals are checked
 * against the old formulas before they are written; an order whose old state cannot be rebuilt
 * exactly gets none, and start-up fails naming it (never a wrong amount shown). Idempotent: an
 * order with journals is skipped (and its row is locked while it is filled; journals_one_disbursal
 * backs that up), and start-up runs it under the start-up lock, so one instance does it.
 */
import { sql } from 'kysely';
import type { Db } from './index';
import C from '../api/contract';
import { DAY_MS } from '../core/time';
import type { OrderRow } from '../repos/orders';
import { post } from '../repos/ledger';
import { apply, moneyFrom, receivable, NO_MONEY, type Account, type Journal, type Leg, type Money } from '../domain/balances';
import { ALLOCATION, owed } from '../domain/ledger';
import { daysHeld, figures, interestFor, orderFigures, overdueDaysAt, termsOf } from '../domain/figures';

const { OrderStatus } = C;

/** the amount columns the code before migration 12 kept on the order */
export interface LegacyMoney {
  amount_paid: number;
  principal_paid: number;
  reduction: number;
  penalty_carried: number;
  penalty_settled: number;
  penalty_days: number;
}

/** the old `ledger` table's rows of one order */
export interface LegacyRow {
  id: number;
  kind: 'disbursal' | 'charge' | 'credit' | 'fee' | 'refund';
  amount: number;
  payment_id: number | null;
  proof_id: number | null;
  at: number;
}

/** what repaying in full cost by the code before migration 12 (figures.ts amountDue then) */
export function legacyOwed(o: OrderRow, l: LegacyMoney, at: number): number {
  if (!o.disbursed_at || o.status === OrderStatus.Finish) return 0;
  const f = legacyFigures(o, l, at);
  return Math.max(0, f.loanAmount + f.interestAccrued + f.overdueFee - f.reduction - l.amount_paid);
}

/** the figures the code before migration 12 showed (figures.ts orderFigures then, from the order's columns) */
export const legacyFigures = (o: OrderRow, l: LegacyMoney, at: number) =>
  figures(termsOf(o), o.amount, o.tenure_days, {
    now: at,
    startAt: o.disbursed_at ?? o.lending_at ?? o.created_at,
    dueAt: o.due_at,
    heldFrom: o.disbursed_at,
    heldUntil: o.paid_off_at,
    penalty: {
      carried: l.penalty_carried,
      settled: l.penalty_settled,
      days: l.penalty_days,
      principalOutstanding: Math.max(0, o.amount - l.principal_paid),
    },
    reduction: l.reduction,
  });

class Refused extends Error {}
const refuse = (why: string): never => {
  throw new Refused(why);
};

/** one cash event of the old ledger: a payment or a proof with its charge, credit, extension fee and refund */
interface CashEvent {
  at: number;
  first: number;
  paymentId: number | null;
  proofId: number | null;
  charge: number;
  credit: number;
  fee: number;
  refund: number;
}

function cashEvents(rows: LegacyRow[]): CashEvent[] {
  const by = new Map<string, CashEvent>();
  for (const r of rows) {
    if (r.kind === 'disbursal') continue;
    const key = r.payment_id !== null ? `p${r.payment_id}` : r.proof_id !== null ? `f${r.proof_id}` : `r${r.id}`;
    const e = by.get(key) ?? { at: r.at, first: r.id, paymentId: r.payment_id, proofId: r.proof_id, charge: 0, credit: 0, fee: 0, refund: 0 };
    e.at = Math.min(e.at, r.at);
    e.first = Math.min(e.first, r.id);
    e[r.kind] += r.amount;
    by.set(key, e);
  }
  return [...by.values()].sort((a, b) => a.at - b.at || a.first - b.first);
}

/** `amount` credited off `m`'s receivables in `order`, each account at most its balance and `caps` */
function credit(m: Money, amount: number, order: readonly Account[], caps: Partial<Record<Account, number>> = {}): Leg[] {
  const out: Leg[] = [];
  let left = amount;
  for (const account of order) {
    const take = Math.min(left, Math.max(0, m.bal[account]), caps[account] ?? Infinity);
    if (take > 0) out.push({ account, amount: -take });
    left -= take;
  }
  if (left > 0) refuse(`a payment of ${amount} is more than was owed of ${order.join(', ')} when it was made`);
  return out;
}

const nonZero = (...l: Leg[]): Leg[] => l.filter((x) => x.amount !== 0);

/**
 * The journals of a paid-out order from its old columns and ledger rows, as of `now` (interest
 * accrued to then; for a loan paid off, to its payoff). Throws (Refused) when they cannot give what
 * the old code showed.
 */
export function legacyJournals(o: OrderRow, l: LegacyMoney, rows: LegacyRow[], now: number): Journal[] {
  if (!o.disbursed_at || !o.due_at) return refuse('paid out without a payout time or due date');
  const t = termsOf(o);
  const fin = o.status === OrderStatus.Finish;
  const f = figures(t, o.amount, o.tenure_days, { now: o.disbursed_at });
  const paidOut = rows.filter((r) => r.kind === 'disbursal');
  if (paidOut.some((r) => r.amount !== f.disbursalAmount)) refuse(`paid out ${paidOut[0].amount}, the terms give ${f.disbursalAmount}`);
  const events = cashEvents(rows);
  for (const e of events)
    if (e.charge !== e.credit + e.fee + e.refund) refuse(`payment ${e.paymentId ?? e.proofId}: charged ${e.charge} is not credited + fee + refunded`);
  const credited = events.reduce((s, e) => s + e.credit, 0);
  if (credited !== l.amount_paid) refuse(`credited ${credited} in the old ledger, amount_paid ${l.amount_paid}`);
  const exts = events.filter((e) => e.fee > 0);
  if (exts.length !== o.extension_count) refuse(`${exts.length} extension fees in the old ledger, extension_count ${o.extension_count}`);
  if (l.principal_paid > Math.min(o.amount, l.amount_paid)) refuse(`principal_paid ${l.principal_paid} above what was paid`);
  if (l.penalty_carried + l.penalty_settled > o.amount) refuse('penalty above the principal');
  const cashCredit = events.filter((e) => e.fee === 0).reduce((s, e) => s + e.credit, 0);
  // payments repaid the principal first; an order paid before migration 9 had principal_paid set from
  // amount_paid, penalties paid with extensions included: those count on the principal too
  let cashPrincipal = Math.min(l.principal_paid, cashCredit);
  let extPrincipal = l.principal_paid - cashPrincipal;

  const js: Journal[] = [];
  let m: Money = NO_MONEY;
  const add = (j: Journal) => {
    js.push(j);
    m = apply(m, j);
  };
  const origDue = exts.length ? o.disbursed_at + o.tenure_days * DAY_MS : o.due_at;
  add({
    kind: 'disbursal',
    at: o.disbursed_at,
    day: null,
    period: 0,
    dueAt: origDue,
    note: 'back-fill',
    legs: nonZero(
      { account: 'principal', amount: o.amount },
      { account: 'cash', amount: -f.disbursalAmount },
      { account: 'feeIncome', amount: -f.processingFee },
      { account: 'taxPayable', amount: -f.feeTax },
    ),
  });
  if (l.reduction > 0)
    add({
      kind: 'coupon',
      at: o.disbursed_at,
      day: null,
      period: 0,
      dueAt: null,
      note: 'back-fill',
      legs: [
        { account: 'couponExpense', amount: l.reduction },
        { account: 'coupon', amount: -l.reduction },
      ],
    });
  // interest per day held, to the payoff or now, posted before the payments that paid it
  const days = daysHeld(o.disbursed_at, fin ? (o.paid_off_at ?? now) : now, o.tenure_days);
  const interest = interestFor(t, o.amount, days);
  add({
    kind: 'interest',
    at: fin ? (o.paid_off_at ?? now) : now,
    day: days,
    period: 0,
    dueAt: null,
    note: 'back-fill',
    legs: nonZero({ account: 'interest', amount: interest }, { account: 'interestIncome', amount: -interest }),
  });

  const pay = (e: CashEvent, day: number, legs: Leg[], note: string): Journal => ({
    kind: 'payment',
    at: e.at,
    day,
    period: m.period,
    dueAt: null,
    paymentId: e.paymentId,
    proofId: e.proofId,
    note: e.refund > 0 ? 'paid more than was due' : note,
    legs: nonZero({ account: 'cash', amount: e.charge }, ...legs, { account: 'refundPayable', amount: -e.refund }),
  });
  const cashPayment = (e: CashEvent, day: number) => {
    const take = Math.min(cashPrincipal, e.credit);
    cashPrincipal -= take;
    return pay(e, day, credit(m, e.credit, ALLOCATION, { principal: take }), 'back-fill');
  };

  // the periods before the last extension: their payments, the penalty carried by each extension, the extension
  const lastExt = exts.length ? events.lastIndexOf(exts[exts.length - 1]) : -1;
  let carriedBefore = 0;
  let due = origDue;
  for (let i = 0; i <= lastExt; i++) {
    const e = events[i];
    if (e.fee === 0) {
      add(cashPayment(e, overdueDaysAt(due, e.at)));
      continue;
    }
    const isLast = i === lastExt;
    // the penalty accrued in this period: for the last extension what makes the carried penalty the
    // order's; for an earlier one the penalty paid with it (all the old rows have of it)
    const pen = isLast ? l.penalty_carried - carriedBefore : e.credit;
    if (pen < 0) refuse(`penalty carried ${l.penalty_carried} below the penalties paid with extensions`);
    carriedBefore += pen;
    add({
      kind: 'penalty',
      at: e.at,
      day: Math.max(1, overdueDaysAt(due, e.at)),
      period: m.period,
      dueAt: null,
      note: 'back-fill',
      legs: nonZero({ account: 'penalty', amount: pen }, { account: 'penaltyIncome', amount: -pen }),
    });
    due = isLast ? o.due_at : Math.max(due, e.at) + t.extensionDays * DAY_MS;
    add({
      kind: 'extensionFee',
      at: e.at,
      day: null,
      period: m.period,
      dueAt: due,
      paymentId: e.paymentId,
      note: 'back-fill',
      legs: [
        { account: 'fee', amount: e.fee },
        { account: 'feeIncome', amount: -e.fee },
      ],
    });
    const take = Math.min(extPrincipal, e.credit);
    extPrincipal -= take;
    add(pay(e, 0, [{ account: 'fee', amount: -e.fee }, ...credit(m, e.credit, ['principal', 'penalty', 'interest'], { principal: take })], 'extension'));
  }
  // the current due date: its penalty fixed at the last payment (settled, through penalty_days), then its payments
  const current = events.slice(lastExt + 1);
  if ((l.penalty_settled > 0 || l.penalty_days > 0) && !current.length) refuse('a settled penalty without a payment since the last extension');
  if (l.penalty_days > 0)
    add({
      kind: 'penalty',
      at: current[current.length - 1].at,
      day: l.penalty_days,
      period: m.period,
      dueAt: null,
      note: 'back-fill',
      legs: nonZero({ account: 'penalty', amount: l.penalty_settled }, { account: 'penaltyIncome', amount: -l.penalty_settled }),
    });
  else if (l.penalty_settled > 0) refuse('a settled penalty of no overdue day');
  for (const e of current) add(cashPayment(e, l.penalty_days));
  if (cashPrincipal !== 0 || extPrincipal !== 0) refuse(`principal_paid ${l.principal_paid} not repaid by the payments in order`);
  if (fin) {
    // the payment that covered the loan applied the coupon to what was left
    const left = -m.bal.coupon;
    if (receivable(m) !== 0) refuse(`paid off, yet the rebuilt ledger owes ${receivable(m)}`);
    if (left > 0)
      add({
        kind: 'couponApplied',
        at: o.paid_off_at ?? now,
        day: null,
        period: m.period,
        dueAt: null,
        note: 'back-fill',
        legs: [{ account: 'coupon', amount: left }, ...credit(m, left, ALLOCATION)],
      });
  }
  verify(o, l, moneyFrom(js), now);
  return js;
}

/** the rebuilt ledger gives what the old formulas gave: now, and (for a loan still owing) on later days */
function verify(o: OrderRow, l: LegacyMoney, m: Money, now: number) {
  const same = (what: string, got: unknown, want: unknown) => {
    if (got !== want) refuse(`${what}: the ledger gives ${String(got)}, the old columns ${String(want)}`);
  };
  same('due date', m.dueAt, o.due_at);
  same('extensions', m.period, o.extension_count);
  same('amount paid', m.paid, l.amount_paid);
  // a loan paid off has had the coupon applied to what was left (principal_paid was the cash's credit)
  if (o.status !== OrderStatus.Finish) same('principal outstanding', m.bal.principal, o.amount - l.principal_paid);
  same('coupon', m.reduction, l.reduction);
  for (const a of ['principal', 'interest', 'penalty', 'fee'] as const) if (m.bal[a] < 0) refuse(`${a} below zero`);
  const times = [now];
  if (o.status !== OrderStatus.Finish) for (const d of [1, 2, 7, 30, 400]) times.push(now + d * DAY_MS, o.due_at! + d * DAY_MS);
  for (const at of times.filter((x) => x >= now)) {
    const was = legacyFigures(o, l, at);
    const is = orderFigures(o, m, at);
    same(`owed on ${at}`, owed(o, m, at), legacyOwed(o, l, at));
    for (const k of ['overdueFee', 'overdueDays', 'interestAccrued', 'daysHeld', 'reduction', 'totalRepayable', 'dueDate'] as const)
      same(`${k} on ${at}`, is[k], was[k]);
  }
}

/**
 * Fills the journals of every paid-out order that has none from its old columns and ledger rows
 * (as of `now`); answers how many were filled. Throws, naming them, when some orders cannot be
 * rebuilt exactly: the others are filled, those get nothing. The caller holds the start-up lock.
 */
export async function backfillLedger(db: Db, now: number): Promise<number> {
  const todo = await sql<{ id: number; order_no: string; disbursed: boolean }>`
    select o.id, o.order_no, o.disbursed_at is not null as disbursed from orders o
    where not exists (select 1 from journals j where j.order_id = o.id)
      and (o.disbursed_at is not null or o.amount_paid <> 0 or o.reduction <> 0 or o.extension_count <> 0
        or exists (select 1 from ledger g where g.order_id = o.id))
    order by o.id`.execute(db);
  const refused: string[] = [];
  let filled = 0;
  for (const r of todo.rows) {
    if (!r.disbursed) {
      refused.push(`${r.order_no} (money on an order never paid out)`);
      continue;
    }
    try {
      const wrote = await db.transaction().execute(async (trx) => {
        const o = (await trx.selectFrom('orders').selectAll().where('id', '=', Number(r.id)).forUpdate().executeTakeFirstOrThrow()) as OrderRow & LegacyMoney;
        const has = await trx.selectFrom('journals').select('id').where('order_id', '=', o.id).limit(1).executeTakeFirst();
        if (has) return false; // another instance filled it
        const rows = await sql<LegacyRow>`select id, kind, amount, payment_id, proof_id, at from ledger where order_id = ${o.id} order by id`.execute(trx);
        const norm = rows.rows.map((x) => ({
          ...x,
          id: Number(x.id),
          amount: Number(x.amount),
          at: Number(x.at),
          payment_id: x.payment_id === null ? null : Number(x.payment_id),
          proof_id: x.proof_id === null ? null : Number(x.proof_id),
        }));
        await post(trx, o.id, legacyJournals(o, o, norm, now));
        return true;
      });
      if (wrote) filled++;
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      refused.push(`${r.order_no} (${e.message})`);
    }
  }
  if (refused.length)
    throw new Error(
      `ledger back-fill: ${refused.length} order(s) paid out before migration 12 cannot be rebuilt exactly from their old amount columns; ` +
        `not serving rather than showing a wrong amount: ${refused.join('; ')}`,
    );
  return filled;
}
