/**
 * The ledger's tables: journals (one money event of an order) and their postings (signed legs
 * on the order's accounts, docs/ledger.md). Append-only (QA's time shift aside); the only writer of money.
 */
import { z } from 'zod';
import type { Db } from '../db';
import { ACCOUNTS, imbalance, JOURNAL_KINDS, moneyFrom, RECEIVABLE_ACCOUNTS, type Account, type Journal, type Money } from '../domain/balances';
import { MalformedRow } from '../db/json';
import type { TransferKind } from '../db/schema';

const AccountColumn = z.enum(ACCOUNTS);
const KindColumn = z.enum(JOURNAL_KINDS);

/** writes the journals and their legs; a journal whose legs do not sum to zero is a programming error, refused before any write */
export async function post(trx: Db, orderId: number, journals: Journal[]): Promise<void> {
  for (const j of journals) {
    if (imbalance(j) !== 0) throw new Error(`unbalanced ${j.kind} journal: ${JSON.stringify(j.legs)}`);
    const row = await trx
      .insertInto('journals')
      .values({
        order_id: orderId,
        kind: j.kind,
        at: j.at,
        day: j.day,
        period: j.period,
        due_at: j.dueAt,
        payment_id: j.paymentId ?? null,
        proof_id: j.proofId ?? null,
        note: j.note ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (j.legs.length)
      await trx
        .insertInto('postings')
        .values(j.legs.map((l) => ({ journal_id: row.id, order_id: orderId, ...l })))
        .execute();
  }
}

/** QA time travel only (dev/shifts.ts): the order's journals as if written `ms` earlier, the due dates they set with them */
export async function shiftJournals(trx: Db, orderId: number, ms: number): Promise<void> {
  await trx
    .updateTable('journals')
    .set((eb) => ({ at: eb('at', '-', ms), due_at: eb('due_at', '-', ms) }))
    .where('order_id', '=', orderId)
    .execute();
}

export type StoredJournal = Journal & { id: number; orderId: number };

/** the journals of these orders with their legs, in the order they were written */
export async function journalsOf(db: Db, orderIds: number[]): Promise<StoredJournal[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .selectFrom('journals as j')
    .leftJoin('postings as p', 'p.journal_id', 'j.id')
    .select(['j.id', 'j.order_id', 'j.kind', 'j.at', 'j.day', 'j.period', 'j.due_at', 'j.payment_id', 'j.proof_id', 'j.note', 'p.account', 'p.amount'])
    .where('j.order_id', 'in', orderIds)
    .orderBy('j.id')
    .orderBy('p.id')
    .execute();
  const out: StoredJournal[] = [];
  for (const r of rows) {
    let j = out[out.length - 1];
    if (!j || j.id !== Number(r.id)) {
      const kind = KindColumn.safeParse(r.kind);
      if (!kind.success) throw new MalformedRow(`journals.kind of journal ${r.id}`, `unknown kind ${r.kind}`);
      j = {
        id: Number(r.id),
        orderId: Number(r.order_id),
        kind: kind.data,
        at: Number(r.at),
        day: r.day,
        period: r.period,
        dueAt: r.due_at === null ? null : Number(r.due_at),
        paymentId: r.payment_id === null ? null : Number(r.payment_id),
        proofId: r.proof_id === null ? null : Number(r.proof_id),
        note: r.note,
        legs: [],
      };
      out.push(j);
    }
    if (r.account === null || r.amount === null) continue;
    const account = AccountColumn.safeParse(r.account);
    if (!account.success) throw new MalformedRow(`postings.account of journal ${j.id}`, `unknown account ${r.account}`);
    j.legs.push({ account: account.data, amount: r.amount });
  }
  return out;
}

/** an order's balances from its postings */
export const moneyOf = async (db: Db, orderId: number): Promise<Money> => moneyFrom(await journalsOf(db, [orderId]));

/** several orders' balances in one read */
export async function moneyOfOrders(db: Db, orderIds: number[]): Promise<Map<number, Money>> {
  const js = await journalsOf(db, orderIds);
  return new Map(orderIds.map((id) => [id, moneyFrom(js.filter((j) => j.orderId === id))]));
}

/** the cash view of an order's ledger (the money attack's counts): paid out, taken, applied to the loan, extension fees, owed back */
export type LedgerTotals = { disbursal: number; charge: number; credit: number; fee: number; refund: number };

export async function ledgerTotals(db: Db, orderId: number): Promise<LedgerTotals> {
  const t: LedgerTotals = { disbursal: 0, charge: 0, credit: 0, fee: 0, refund: 0 };
  for (const j of await journalsOf(db, [orderId])) {
    for (const l of j.legs) {
      if (j.kind === 'disbursal' && l.account === 'cash') t.disbursal -= l.amount;
      if (j.kind !== 'payment') continue;
      if (l.account === 'cash') t.charge += l.amount;
      if (l.account === 'principal' || l.account === 'interest' || l.account === 'penalty') t.credit -= l.amount;
      if (l.account === 'fee') t.fee -= l.amount;
      if (l.account === 'refundPayable') t.refund -= l.amount;
    }
  }
  return t;
}

/**
 * The cash the ledger posted for a transfer (the reconciliation's side of a settlement line): a payout's is the
 * disbursal's cash paid out, a refund's the cash its `refundSent` journal paid out (by its reference), a
 * collection's the cash its payment's journals took.
 */
export async function cashOfTransfer(db: Db, t: { kind: TransferKind; reference: string; order_id: number; payment_id: number | null }): Promise<number> {
  const q = db
    .selectFrom('postings as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('p.amount'), eb.lit(0)).as('cash'))
    .where('p.account', '=', 'cash');
  const of = {
    payout: () => q.where('j.order_id', '=', t.order_id).where('j.kind', '=', 'disbursal'),
    refund: () => q.where('j.order_id', '=', t.order_id).where('j.kind', '=', 'refundSent').where('j.note', '=', t.reference),
    collection: () => q.where('j.payment_id', '=', t.payment_id!),
  }[t.kind];
  const cash = Number((await of().executeTakeFirstOrThrow()).cash);
  return t.kind === 'collection' ? cash : -cash;
}

/** the loan receivables' balances of every order (the trial balance's lines the bureau's file carries) at `end`, excluded, and what was written off in [start, end) */
export async function loanBalancesAt(db: Db, start: number, end: number): Promise<{ bal: Partial<Record<Account, number>>; writtenOff: number }> {
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select((eb) => ['p.account', eb.fn.sum<number>('p.amount').as('total')])
    .where('j.at', '<', end)
    .where('p.account', 'in', RECEIVABLE_ACCOUNTS)
    .groupBy('p.account')
    .execute();
  const off = await db
    .selectFrom('postings as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('p.amount'), eb.lit(0)).as('total'))
    .where('p.account', '=', 'writeOffExpense')
    .where('j.at', '>=', start)
    .where('j.at', '<', end)
    .executeTakeFirstOrThrow();
  return { bal: Object.fromEntries(rows.map((r) => [r.account, Number(r.total)])), writtenOff: Number(off.total) };
}
