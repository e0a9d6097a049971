/**
 * Collections (issue 40): the overdue loans queue (days overdue, what is owed now, the last contact, the latest promise
 * to pay), each contact attempt recorded with its channel, outcome and any promise-to-pay date, under the market
 * profile's recovery rules (`recovery`: contact hours in Pakistan time, no contact of the borrower's emergency contacts
 * where the profile forbids it), refused with the rule's error before anything is written.
 */
import C from '../api/contract';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { DAY_MS, iso, pkDate } from '../core/time';
import { maskMobile } from '../core/mask';
import { POLICY } from '../settings/policy';
import { owed } from '../domain/ledger';
import { overdueDaysAt } from '../domain/figures';
import { pkHour } from '../domain/workingDays';
import { moneyOfOrders } from '../repos/ledger';
import type { MarketProfile } from '../market/profile';
import type { RolesOf } from '../staff/roles';
import { audited, StaffRefusal, type StaffCtx } from './staffAuth';
import { claimsOf, holdForDecision } from './queueClaims';

const { OrderStatus } = C;
type Ctx = StaffCtx<RolesOf<'collect'>>;
type ContactRow = DB['collection_contacts'];

export const CONTACT_CHANNELS = ['call', 'sms', 'whatsapp', 'email'] as const satisfies readonly ContactRow['channel'][];
export const CONTACT_PARTIES = ['borrower', 'emergencyContact'] as const satisfies readonly ContactRow['party'][];
export const CONTACT_OUTCOMES = ['reached', 'promiseToPay', 'noAnswer', 'wrongNumber', 'refused'] as const satisfies readonly ContactRow['outcome'][];

export interface ContactAttempt {
  channel: ContactRow['channel'];
  party: ContactRow['party'];
  outcome: ContactRow['outcome'];
  note?: string;
  /** YYYY-MM-DD, Pakistan: required exactly with outcome promiseToPay */
  promiseDate?: string;
  promiseAmount?: number;
}

const contactsOf = (db: Db, orderIds: number[]) =>
  db
    .selectFrom('collection_contacts as c')
    .innerJoin('staff as s', 's.id', 'c.staff_id')
    .selectAll('c')
    .select('s.username')
    .where('c.order_id', 'in', orderIds.length ? orderIds : [-1])
    .orderBy('c.at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
type Listed = Awaited<ReturnType<typeof contactsOf>>[number];

const contactView = (c: Listed) => ({
  id: Number(c.id),
  at: iso(Number(c.at)),
  by: c.username,
  channel: c.channel,
  party: c.party,
  outcome: c.outcome,
  note: c.note,
  promiseDate: c.promise_date,
  promiseAmount: c.promise_amount,
});

/** the latest promise to pay among `contacts` (newest first): `broken` once its date has passed and the loan is still overdue */
const promiseOf = (contacts: Listed[], today: string) => {
  const p = contacts.find((c) => c.outcome === 'promiseToPay');
  return p ? { date: p.promise_date!, amount: p.promise_amount, madeAt: iso(Number(p.at)), broken: p.promise_date! < today } : null;
};

export async function overdueQueue(ctx: Ctx) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.mobile', 'u.first_name', 'u.last_name'])
    .where('o.status', '=', OrderStatus.Overdued)
    .orderBy('o.due_at')
    .limit(POLICY.staff.listPageMax)
    .execute();
  const ids = rows.map((o) => o.id);
  const money = await moneyOfOrders(db, ids);
  const contacts = await contactsOf(db, ids);
  const today = pkDate(now);
  const claims = await claimsOf(
    ctx,
    'collections',
    rows.map((o) => o.order_no),
  );
  const loans = rows.map((o) => {
    const mine = contacts.filter((c) => c.order_id === o.id);
    return {
      orderNo: o.order_no,
      userId: Number(o.user_id),
      borrowerMobile: maskMobile(o.mobile),
      borrowerName: [o.first_name, o.last_name].filter(Boolean).join(' ') || null,
      dueDate: pkDate(o.due_at!),
      daysOverdue: overdueDaysAt(o.due_at!, now),
      owedNow: owed(o, money.get(o.id)!, now),
      lastContact: mine[0] ? contactView(mine[0]) : null,
      contacts: mine.length,
      promise: promiseOf(mine, today),
      claim: claims.get(o.order_no) ?? null,
    };
  });
  return audited(ctx, 'collections.list', null, async () => ({ result: { loans }, detail: { orders: loans.map((l) => l.orderNo) } }));
}

const overdueOrder = async (db: Db, orderNo: string) => {
  const o = await db.selectFrom('orders').select(['id', 'status']).where('order_no', '=', orderNo).executeTakeFirst();
  if (!o) throw new StaffRefusal('notFound', { orderNo });
  return o;
};

export async function orderContacts(ctx: Ctx, orderNo: string) {
  const o = await overdueOrder(ctx.deps.db, orderNo);
  const contacts = (await contactsOf(ctx.deps.db, [o.id])).map(contactView);
  return audited(ctx, 'collections.contacts', `order:${orderNo}`, async () => ({ result: { orderNo, contacts }, detail: { contacts: contacts.length } }));
}

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** why the profile's recovery rules refuse contacting `party` at `now`, or null */
export function recoveryRefusal(rules: MarketProfile['recovery'], party: ContactRow['party'], now: number): StaffRefusal | null {
  if (!rules) return null;
  if (party === 'emergencyContact' && !rules.contactReferences) return new StaffRefusal('referencesOffLimits');
  const { from, to } = rules.contactHours;
  const h = pkHour(now);
  if (h < from || h >= to) return new StaffRefusal('outsideContactHours', { from: hh(from), to: hh(to) }, { from: hh(from), to: hh(to) });
  return null;
}

export async function recordContact(ctx: Ctx, orderNo: string, a: ContactAttempt) {
  const { db, clock, cfg } = ctx.deps;
  const now = clock.now();
  const o = await overdueOrder(db, orderNo);
  if (o.status !== OrderStatus.Overdued) throw new StaffRefusal('notOverdue', { orderStatus: o.status });
  const refused = recoveryRefusal(cfg.profile.recovery, a.party, now);
  if (refused) throw refused;
  if (a.promiseDate !== undefined) {
    const [first, last] = [pkDate(now), pkDate(now + POLICY.collections.promiseMaxDays * DAY_MS)];
    if (a.promiseDate < first || a.promiseDate > last) throw new StaffRefusal('invalidInput', { fields: { promiseDate: `a date from ${first} to ${last}` } });
  }
  return audited(ctx, 'collections.contact', `order:${orderNo}`, async (trx) => {
    await holdForDecision(trx, ctx, 'collections', orderNo, { done: false });
    const row = await trx
      .insertInto('collection_contacts')
      .values({
        order_id: o.id,
        staff_id: ctx.staff.id,
        at: now,
        channel: a.channel,
        party: a.party,
        outcome: a.outcome,
        note: a.note ?? null,
        promise_date: a.promiseDate ?? null,
        promise_amount: a.promiseAmount ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [c] = (await contactsOf(trx, [o.id])).filter((x) => x.id === row.id);
    return { result: { contact: contactView(c) }, detail: { channel: a.channel, party: a.party, outcome: a.outcome, promiseDate: a.promiseDate ?? null } };
  });
}
