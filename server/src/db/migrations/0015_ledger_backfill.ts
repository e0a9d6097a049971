/**
 * The ledger's back-fill (docs/ledger.md), once: orders paid out before 0012 kept their money in the
 * order's amount columns (amount_paid, principal_paid, reduction, penalty_carried, penalty_settled,
 * penalty_days) and the cash-only `ledger` table. Each paid-out order without journals gets journals
 * rebuilt from them, so that what is owed and every figure the borrower sees are what the old formulas
 * gave. Each order's journals are checked against the old formulas before they are written; when an
 * order's old state cannot be rebuilt exactly the migration fails naming it (and writes nothing: the
 * migrations run in one transaction), so the server does not serve a wrong amount.
 *
 * Frozen: the rules it needs (the loan figures, the postings' balances, what is owed) are copied here as
 * they were when it was written, not imported from src/domain, so that what this migration does never
 * changes when the domain's rules change later. It reads the schema as 0014 left it.
 */
import { sql, type Kysely } from 'kysely';

const DAY_MS = 86_400_000;
/** Pakistan time, UTC+5 */
const PKT_OFFSET_MS = 5 * 3_600_000;
/** the statuses this reads (contract's OrderStatus then) */
const FINISH = 4;
/** POLICY.minInterestDays then */
const MIN_INTEREST_DAYS = 1;
/** ALLOCATION then: a payment repaid the principal first, then interest, penalty and fee */
const ALLOCATION: readonly Account[] = ['principal', 'interest', 'penalty', 'fee'];

const ACCOUNTS = [
  'principal',
  'interest',
  'penalty',
  'fee',
  'coupon',
  'cash',
  'interestIncome',
  'penaltyIncome',
  'feeIncome',
  'taxPayable',
  'couponExpense',
  'refundPayable',
] as const;
type Account = (typeof ACCOUNTS)[number];
type Leg = { account: Account; amount: number };
type Kind = 'disbursal' | 'interest' | 'penalty' | 'coupon' | 'extensionFee' | 'payment' | 'couponApplied';
interface Journal {
  kind: Kind;
  at: number;
  day: number | null;
  period: number;
  dueAt: number | null;
  paymentId?: number | null;
  proofId?: number | null;
  note: string;
  legs: Leg[];
}

/** the product terms the back-fill reads (those of orders taken before 0012: charges upfront, no total-cost cap) */
interface Terms {
  dailyInterestRate: number;
  processingFeeRate: number;
  taxRate: number;
  penaltyRatePerDay: number;
  extensionDays: number;
}

/** an order's row as 0014 left it, the old amount columns included */
interface Order {
  id: number;
  order_no: string;
  status: number;
  amount: number;
  tenure_days: number;
  terms: unknown;
  created_at: number;
  lending_at: number | null;
  disbursed_at: number | null;
  due_at: number | null;
  paid_off_at: number | null;
  extension_count: number;
  amount_paid: number;
  principal_paid: number;
  reduction: number;
  penalty_carried: number;
  penalty_settled: number;
  penalty_days: number;
}

/** the old `ledger` table's rows of one order */
interface LegacyRow {
  id: number;
  kind: 'disbursal' | 'charge' | 'credit' | 'fee' | 'refund';
  amount: number;
  payment_id: number | null;
  proof_id: number | null;
  at: number;
}

class Refused extends Error {}
const refuse = (why: string): never => {
  throw new Refused(why);
};

function termsOf(o: Order): Terms {
  const t = (typeof o.terms === 'string' ? JSON.parse(o.terms) : o.terms) as Partial<Terms> & { chargesUpfront?: boolean; totalCostCapPercent?: number | null };
  const n = (k: keyof Terms) => (typeof t[k] === 'number' ? t[k] : refuse(`terms without ${k}`));
  if (t.chargesUpfront === false || (t.totalCostCapPercent ?? null) !== null) refuse('terms of a market profile, which came after the ledger');
  return {
    dailyInterestRate: n('dailyInterestRate'),
    processingFeeRate: n('processingFeeRate'),
    taxRate: n('taxRate'),
    penaltyRatePerDay: n('penaltyRatePerDay'),
    extensionDays: n('extensionDays'),
  };
}

// ---- the loan figures (domain/figures.ts as it was) ----

const pkDay = (ms: number) => Math.floor((ms + PKT_OFFSET_MS) / DAY_MS);
const pkDate = (ms: number) => new Date(ms + PKT_OFFSET_MS).toISOString().slice(0, 10);
const interestFor = (t: Terms, amount: number, days: number) => Math.round((amount * t.dailyInterestRate * days) / 100);
const daysHeld = (from: number, until: number, tenureDays: number) => Math.min(tenureDays, Math.max(MIN_INTEREST_DAYS, Math.ceil((until - from) / DAY_MS)));
const overdueDaysAt = (dueAt: number, at: number) => Math.max(0, pkDay(at) - pkDay(dueAt));

type Penalty = { carried: number; settled: number; days: number; principalOutstanding: number };
const penaltyThrough = (t: Terms, amount: number, p: Penalty, overdueDays: number) =>
  Math.min(amount, p.carried + p.settled + Math.round((p.principalOutstanding * t.penaltyRatePerDay * Math.max(0, overdueDays - p.days)) / 100));

interface Figures {
  processingFee: number;
  feeTax: number;
  disbursalAmount: number;
  interestAccrued: number;
  daysHeld: number | null;
  overdueDays: number;
  overdueFee: number;
  reduction: number;
  totalRepayable: number;
  dueDate: string;
}

function figures(
  t: Terms,
  o: Order,
  at: number,
  penalty: Penalty = { carried: 0, settled: 0, days: 0, principalOutstanding: o.amount },
  reduction = 0,
  disbursedAt = o.disbursed_at,
): Figures {
  const processingFee = Math.round((o.amount * t.processingFeeRate) / 100);
  const feeTax = Math.round((processingFee * t.taxRate) / 100);
  const interest = interestFor(t, o.amount, o.tenure_days);
  const held = disbursedAt ? daysHeld(disbursedAt, o.paid_off_at ?? at, o.tenure_days) : null;
  const dueAt = o.due_at ?? (disbursedAt ?? o.lending_at ?? o.created_at) + o.tenure_days * DAY_MS;
  const overdueDays = o.due_at ? overdueDaysAt(o.due_at, o.paid_off_at ?? at) : 0;
  return {
    processingFee,
    feeTax,
    disbursalAmount: o.amount - processingFee - feeTax,
    interestAccrued: held === null ? interest : interestFor(t, o.amount, held),
    daysHeld: held,
    overdueDays,
    overdueFee: penaltyThrough(t, o.amount, penalty, overdueDays),
    reduction,
    totalRepayable: o.amount + interest - reduction,
    dueDate: pkDate(dueAt),
  };
}

/** what the code before 0012 showed, from the order's amount columns */
const legacyFigures = (o: Order, t: Terms, at: number) =>
  figures(
    t,
    o,
    at,
    { carried: o.penalty_carried, settled: o.penalty_settled, days: o.penalty_days, principalOutstanding: Math.max(0, o.amount - o.principal_paid) },
    o.reduction,
  );

/** what repaying in full cost by the code before 0012 */
function legacyOwed(o: Order, t: Terms, at: number): number {
  if (!o.disbursed_at || o.status === FINISH) return 0;
  const f = legacyFigures(o, t, at);
  return Math.max(0, o.amount + f.interestAccrued + f.overdueFee - f.reduction - o.amount_paid);
}

// ---- the balances of the postings (domain/balances.ts and domain/ledger.ts as they were) ----

interface Money {
  bal: Record<Account, number>;
  interestDays: number;
  interestAccrued: number;
  period: number;
  penaltyDays: number;
  periodPenalty: number;
  penaltyAccrued: number;
  carried: number;
  settled: number;
  days: number;
  paid: number;
  reduction: number;
  dueAt: number | null;
}
const NO_MONEY: Money = {
  bal: Object.fromEntries(ACCOUNTS.map((a) => [a, 0])) as Record<Account, number>,
  interestDays: 0,
  interestAccrued: 0,
  period: 0,
  penaltyDays: 0,
  periodPenalty: 0,
  penaltyAccrued: 0,
  carried: 0,
  settled: 0,
  days: 0,
  paid: 0,
  reduction: 0,
  dueAt: null,
};
const on = (j: Journal, ...accounts: Account[]) => j.legs.filter((l) => accounts.includes(l.account)).reduce((s, l) => s + l.amount, 0);

function apply(m: Money, j: Journal): Money {
  const bal = { ...m.bal };
  for (const l of j.legs) bal[l.account] += l.amount;
  const next = { ...m, bal };
  switch (j.kind) {
    case 'disbursal':
      return { ...next, dueAt: j.dueAt };
    case 'interest':
      return { ...next, interestDays: j.day ?? m.interestDays, interestAccrued: m.interestAccrued + on(j, 'interest') };
    case 'penalty': {
      const amount = on(j, 'penalty');
      return { ...next, penaltyDays: j.day ?? m.penaltyDays, periodPenalty: m.periodPenalty + amount, penaltyAccrued: m.penaltyAccrued + amount };
    }
    case 'coupon':
      return { ...next, reduction: m.reduction + on(j, 'couponExpense') };
    case 'extensionFee':
      return { ...next, dueAt: j.dueAt, period: m.period + 1, carried: m.penaltyAccrued, periodPenalty: 0, penaltyDays: 0, settled: 0, days: 0 };
    case 'payment':
      return { ...next, paid: m.paid - on(j, 'principal', 'interest', 'penalty'), settled: m.periodPenalty, days: j.day ?? 0 };
    case 'couponApplied':
      return next;
  }
}
const moneyFrom = (js: Journal[], from = NO_MONEY) => js.reduce(apply, from);
const receivable = (m: Money) => m.bal.principal + m.bal.interest + m.bal.penalty + m.bal.fee + m.bal.coupon;
const penaltyStateOf = (m: Money): Penalty => ({ carried: m.carried, settled: m.settled, days: m.days, principalOutstanding: m.bal.principal });
const nonZero = (...l: Leg[]): Leg[] => l.filter((x) => x.amount !== 0);

/** interest and penalty accrued up to `at` and not yet posted */
function accruals(o: Order, t: Terms, m: Money, at: number): Journal[] {
  if (!o.disbursed_at || !m.dueAt || o.status === FINISH) return [];
  const out: Journal[] = [];
  const days = daysHeld(o.disbursed_at, at, o.tenure_days);
  if (days > m.interestDays) {
    const x = interestFor(t, o.amount, days) - m.interestAccrued;
    out.push({
      kind: 'interest',
      at,
      day: days,
      period: m.period,
      dueAt: null,
      note: '',
      legs: nonZero({ account: 'interest', amount: x }, { account: 'interestIncome', amount: -x }),
    });
  }
  const overdue = overdueDaysAt(m.dueAt, at);
  if (overdue > m.penaltyDays) {
    const x = penaltyThrough(t, o.amount, penaltyStateOf(m), overdue) - m.penaltyAccrued;
    out.push({
      kind: 'penalty',
      at,
      day: overdue,
      period: m.period,
      dueAt: null,
      note: '',
      legs: nonZero({ account: 'penalty', amount: x }, { account: 'penaltyIncome', amount: -x }),
    });
  }
  return out;
}

/** what repaying in full costs at `at` on the ledger `m` */
function owed(o: Order, t: Terms, m: Money, at: number): number {
  if (!o.disbursed_at || o.status === FINISH) return 0;
  return Math.max(0, receivable(moneyFrom(accruals(o, t, m, at), m)));
}

// ---- the journals of one order ----

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

/** The journals of a paid-out order from its old columns and ledger rows, as of `now`; throws (Refused) when they cannot give what the old code showed. */
export function legacyJournals(o: Order, rows: LegacyRow[], now: number): Journal[] {
  if (!o.disbursed_at || !o.due_at) return refuse('paid out without a payout time or due date');
  const t = termsOf(o);
  const fin = o.status === FINISH;
  const f = figures(t, o, o.disbursed_at);
  const paidOut = rows.filter((r) => r.kind === 'disbursal');
  if (paidOut.some((r) => r.amount !== f.disbursalAmount)) refuse(`paid out ${paidOut[0].amount}, the terms give ${f.disbursalAmount}`);
  const events = cashEvents(rows);
  for (const e of events)
    if (e.charge !== e.credit + e.fee + e.refund) refuse(`payment ${e.paymentId ?? e.proofId}: charged ${e.charge} is not credited + fee + refunded`);
  const credited = events.reduce((s, e) => s + e.credit, 0);
  if (credited !== o.amount_paid) refuse(`credited ${credited} in the old ledger, amount_paid ${o.amount_paid}`);
  const exts = events.filter((e) => e.fee > 0);
  if (exts.length !== o.extension_count) refuse(`${exts.length} extension fees in the old ledger, extension_count ${o.extension_count}`);
  if (o.principal_paid > Math.min(o.amount, o.amount_paid)) refuse(`principal_paid ${o.principal_paid} above what was paid`);
  if (o.penalty_carried + o.penalty_settled > o.amount) refuse('penalty above the principal');
  const cashCredit = events.filter((e) => e.fee === 0).reduce((s, e) => s + e.credit, 0);
  // payments repaid the principal first; an order paid before 0009 had principal_paid set from
  // amount_paid, penalties paid with extensions included: those count on the principal too
  let cashPrincipal = Math.min(o.principal_paid, cashCredit);
  let extPrincipal = o.principal_paid - cashPrincipal;

  const js: Journal[] = [];
  let m: Money = NO_MONEY;
  const add = (j: Journal) => {
    js.push(j);
    m = apply(m, j);
  };
  const origDue = exts.length ? o.disbursed_at + o.tenure_days * DAY_MS : o.due_at;
  const note = 'back-fill';
  add({
    kind: 'disbursal',
    at: o.disbursed_at,
    day: null,
    period: 0,
    dueAt: origDue,
    note,
    legs: nonZero(
      { account: 'principal', amount: o.amount },
      { account: 'cash', amount: -f.disbursalAmount },
      { account: 'feeIncome', amount: -f.processingFee },
      { account: 'taxPayable', amount: -f.feeTax },
    ),
  });
  if (o.reduction > 0)
    add({
      kind: 'coupon',
      at: o.disbursed_at,
      day: null,
      period: 0,
      dueAt: null,
      note,
      legs: [
        { account: 'couponExpense', amount: o.reduction },
        { account: 'coupon', amount: -o.reduction },
      ],
    });
  // interest per day held, to the payoff or now, posted before the payments that paid it
  const until = fin ? (o.paid_off_at ?? now) : now;
  const interest = interestFor(t, o.amount, daysHeld(o.disbursed_at, until, o.tenure_days));
  add({
    kind: 'interest',
    at: until,
    day: daysHeld(o.disbursed_at, until, o.tenure_days),
    period: 0,
    dueAt: null,
    note,
    legs: nonZero({ account: 'interest', amount: interest }, { account: 'interestIncome', amount: -interest }),
  });

  const pay = (e: CashEvent, day: number, legs: Leg[], what: string): Journal => ({
    kind: 'payment',
    at: e.at,
    day,
    period: m.period,
    dueAt: null,
    paymentId: e.paymentId,
    proofId: e.proofId,
    note: e.refund > 0 ? 'paid more than was due' : what,
    legs: nonZero({ account: 'cash', amount: e.charge }, ...legs, { account: 'refundPayable', amount: -e.refund }),
  });
  const cashPayment = (e: CashEvent, day: number) => {
    const take = Math.min(cashPrincipal, e.credit);
    cashPrincipal -= take;
    return pay(e, day, credit(m, e.credit, ALLOCATION, { principal: take }), note);
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
    const pen = isLast ? o.penalty_carried - carriedBefore : e.credit;
    if (pen < 0) refuse(`penalty carried ${o.penalty_carried} below the penalties paid with extensions`);
    carriedBefore += pen;
    add({
      kind: 'penalty',
      at: e.at,
      day: Math.max(1, overdueDaysAt(due, e.at)),
      period: m.period,
      dueAt: null,
      note,
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
      note,
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
  if ((o.penalty_settled > 0 || o.penalty_days > 0) && !current.length) refuse('a settled penalty without a payment since the last extension');
  if (o.penalty_days > 0)
    add({
      kind: 'penalty',
      at: current[current.length - 1].at,
      day: o.penalty_days,
      period: m.period,
      dueAt: null,
      note,
      legs: nonZero({ account: 'penalty', amount: o.penalty_settled }, { account: 'penaltyIncome', amount: -o.penalty_settled }),
    });
  else if (o.penalty_settled > 0) refuse('a settled penalty of no overdue day');
  for (const e of current) add(cashPayment(e, o.penalty_days));
  if (cashPrincipal !== 0 || extPrincipal !== 0) refuse(`principal_paid ${o.principal_paid} not repaid by the payments in order`);
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
        note,
        legs: [{ account: 'coupon', amount: left }, ...credit(m, left, ALLOCATION)],
      });
  }
  verify(o, t, moneyFrom(js), now);
  return js;
}

/** the rebuilt ledger gives what the old formulas gave: now, and (for a loan still owing) on later days */
function verify(o: Order, t: Terms, m: Money, now: number) {
  const same = (what: string, got: unknown, want: unknown) => {
    if (got !== want) refuse(`${what}: the ledger gives ${String(got)}, the old columns ${String(want)}`);
  };
  same('due date', m.dueAt, o.due_at);
  same('extensions', m.period, o.extension_count);
  same('amount paid', m.paid, o.amount_paid);
  // a loan paid off has had the coupon applied to what was left (principal_paid was the cash's credit)
  if (o.status !== FINISH) same('principal outstanding', m.bal.principal, o.amount - o.principal_paid);
  same('coupon', m.reduction, o.reduction);
  for (const a of ['principal', 'interest', 'penalty', 'fee'] as const) if (m.bal[a] < 0) refuse(`${a} below zero`);
  const times = [now];
  if (o.status !== FINISH) for (const d of [1, 2, 7, 30, 400]) times.push(now + d * DAY_MS, o.due_at! + d * DAY_MS);
  for (const at of times.filter((x) => x >= now)) {
    const was = legacyFigures(o, t, at);
    const is = figures(t, o, at, penaltyStateOf(m), m.reduction);
    same(`owed on ${at}`, owed(o, t, m, at), legacyOwed(o, t, at));
    for (const k of ['overdueFee', 'overdueDays', 'interestAccrued', 'daysHeld', 'reduction', 'totalRepayable', 'dueDate'] as const)
      same(`${k} on ${at}`, is[k], was[k]);
  }
}

const int = (v: unknown) => (v === null ? null : Number(v));

/**
 * Fills the journals of every paid-out order that has none, as of `now()`. Throws, naming every order
 * that cannot be rebuilt exactly (the migration then writes nothing).
 */
export async function up(db: Kysely<unknown>, now: () => number): Promise<void> {
  const at = now();
  const todo = await sql<Order>`
    select o.id, o.order_no, o.status, o.amount, o.tenure_days, o.terms, o.created_at, o.lending_at, o.disbursed_at, o.due_at, o.paid_off_at,
      o.extension_count, o.amount_paid, o.principal_paid, o.reduction, o.penalty_carried, o.penalty_settled, o.penalty_days
    from orders o
    where not exists (select 1 from journals j where j.order_id = o.id)
      and (o.disbursed_at is not null or o.amount_paid <> 0 or o.reduction <> 0 or o.extension_count <> 0
        or exists (select 1 from ledger g where g.order_id = o.id))
    order by o.id
    for update`.execute(db);
  const refused: string[] = [];
  for (const r of todo.rows) {
    const o = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'order_no' || k === 'terms' ? v : int(v)])) as unknown as Order;
    if (!o.disbursed_at) {
      refused.push(`${o.order_no} (money on an order never paid out)`);
      continue;
    }
    const rows = await sql<LegacyRow>`select id, kind, amount, payment_id, proof_id, at from ledger where order_id = ${o.id} order by id`.execute(db);
    const legacy = rows.rows.map((x) => ({
      ...x,
      id: Number(x.id),
      amount: Number(x.amount),
      at: Number(x.at),
      payment_id: int(x.payment_id),
      proof_id: int(x.proof_id),
    }));
    let js: Journal[];
    try {
      js = legacyJournals(o, legacy, at);
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      refused.push(`${o.order_no} (${e.message})`);
      continue;
    }
    for (const j of js) {
      if (j.legs.reduce((s, l) => s + l.amount, 0) !== 0) throw new Error(`unbalanced ${j.kind} journal: ${JSON.stringify(j.legs)}`);
      const row = await sql<{ id: number }>`
        insert into journals (order_id, kind, at, day, period, due_at, payment_id, proof_id, note)
        values (${o.id}, ${j.kind}, ${j.at}, ${j.day}, ${j.period}, ${j.dueAt}, ${j.paymentId ?? null}, ${j.proofId ?? null}, ${j.note})
        returning id`.execute(db);
      for (const l of j.legs)
        await sql`insert into postings (journal_id, order_id, account, amount) values (${row.rows[0].id}, ${o.id}, ${l.account}, ${l.amount})`.execute(db);
    }
  }
  if (refused.length)
    throw new Error(
      `ledger back-fill: ${refused.length} order(s) paid out before the ledger (0012) cannot be rebuilt exactly from their old amount columns; ` +
        `not serving rather than showing a wrong amount: ${refused.join('; ')}`,
    );
}
