/** The orders table: reads, row locks, and the order's own writes (its status changes only by `transition`, usecases/lifecycle.ts). */
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import C from '../api/contract';
import type { UploadFlag } from '../api/contract';
import { ErrorCode, fail } from '../core/errors';
import { jsonb } from '../db/json';
import { addEvent, EventRowJson, type EventRow } from './orderEvents';
import type { CardRow } from './cards';
import { parseJson } from '../db/json';

const { ACTIVE_STATUSES, UPLOAD_FLAGS } = C;
export type OrderRow = Selectable<DB['orders']>;

/** the user's order by orderNo; someone else's order is "not found" */
export async function ownOrder(db: Db, userId: number, orderNo: string): Promise<OrderRow> {
  const o = await db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).where('user_id', '=', userId).executeTakeFirst();
  if (!o) fail(ErrorCode.notFound);
  return o;
}

export const orderById = (db: Db, id: number): Promise<OrderRow> => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** the id of the order numbered `orderNo`, any user's (operations) */
export async function orderIdByNo(db: Db, orderNo: string): Promise<number | undefined> {
  const r = await db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst();
  return r?.id;
}

/** Locks the order's row until the transaction ends: every money-moving call goes through it. */
export async function lockOrder(trx: Db, orderId: number): Promise<OrderRow> {
  return trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
}

/** The user's order by number, locked; someone else's order is "not found". */
export async function lockOwnOrder(trx: Db, userId: number, orderNo: string): Promise<OrderRow> {
  const o = await trx.selectFrom('orders').selectAll().where('order_no', '=', orderNo).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!o) fail(ErrorCode.notFound);
  return o;
}

/** the user's one unsettled order (ACTIVE_STATUSES), if any */
export async function activeOrder(db: Db, userId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', 'in', ACTIVE_STATUSES).executeTakeFirst();
}

export async function hasActive(db: Db, userId: number | undefined): Promise<boolean> {
  if (!userId) return false;
  return !!(await activeOrder(db, userId));
}

/** whether a loan of the user's was written off (lifecycle `writtenOff`): no new application then (docs/decisions.md) */
export async function hasWrittenOff(db: Db, userId: number): Promise<boolean> {
  const e = await db
    .selectFrom('order_events as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select('e.id')
    .where('o.user_id', '=', userId)
    .where('e.type', '=', 'writtenOff')
    .limit(1)
    .executeTakeFirst();
  return e !== undefined;
}

export async function latestOrderRow(db: Db, userId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** the latest order and its events in one joined query */
export async function latestOrderWithEvents(db: Db, userId: number): Promise<{ order: OrderRow; events: EventRow[] } | undefined> {
  const r = await db
    .selectFrom('orders as o')
    .selectAll('o')
    .select(sql<unknown>`(select coalesce(json_agg(e order by e.id), '[]'::json) from order_events e where e.order_id = o.id)`.as('events'))
    .where('o.user_id', '=', userId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return undefined;
  const { events, ...order } = r;
  return { order, events: parseJson(z.array(EventRowJson), events, `order_events of order ${order.id}`) };
}

/** one page of the user's orders, newest first, and how many there are */
export async function orderPage(db: Db, userId: number, page: number, pageSize: number): Promise<{ rows: OrderRow[]; total: number }> {
  const base = db.selectFrom('orders').where('user_id', '=', userId);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total: Number(total?.n ?? 0) };
}

/** the user's rejected orders decided after `since` */
export function rejectedSince(db: Db, userId: number, since: number) {
  return db
    .selectFrom('orders')
    .select(['status', 'decided_at', 'terms'])
    .where('user_id', '=', userId)
    .where('status', '=', C.OrderStatus.Reject)
    .where('decided_at', '>', since)
    .execute();
}

/** the user's orders withdrawn under cooling-off (their `withdrawn` event): each one's terms and when */
export function withdrawalsOf(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('order_events', 'order_events.order_id', 'orders.id')
    .select(['orders.terms', 'order_events.at'])
    .where('orders.user_id', '=', userId)
    .where('order_events.type', '=', 'withdrawn')
    .execute();
}

export async function disbursedCount(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('disbursed_at', 'is not', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** loans paid out since `since`: how many and how much */
export async function lentSince(db: Db, since: number): Promise<{ loans: number; amount: number }> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('loans'), eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount')])
    .where('disbursed_at', '>=', since)
    .executeTakeFirst();
  return { loans: Number(r?.loans ?? 0), amount: Number(r?.amount ?? 0) };
}

export type NewOrder = Pick<OrderRow, 'order_no' | 'user_id' | 'product_id' | 'amount' | 'tenure_days' | 'status' | 'created_at' | 'submitted_at'> & {
  terms: string;
};
/** a new order with its `created` event (and `submitted` when it goes straight to review) */
export async function createOrder(trx: Db, o: NewOrder): Promise<OrderRow> {
  const row = await trx
    .insertInto('orders')
    .values({
      ...o,
      updated_at: o.created_at,
      decided_at: null,
      decision: null,
      score: null,
      lending_at: null,
      disbursed_at: null,
      due_at: null,
      paid_off_at: null,
      extension_count: 0,
      cancel_reason: null,
      fail_reason: null,
      bank_card: null,
      upload_flags: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await addEvent(trx, row.id, 'created', o.status, o.created_at);
  if (o.submitted_at !== null) await addEvent(trx, row.id, 'submitted', o.status, o.created_at);
  return row;
}

/** the receiving account an approved order will be paid to, kept on the order (its updated_at, the expiry's base, stays) */
export async function keepCard(db: Db, o: OrderRow, card: CardRow): Promise<void> {
  await db
    .updateTable('orders')
    .set({ bank_card: jsonb(card), updated_at: o.updated_at })
    .where('id', '=', o.id)
    .execute();
}

/** the data-collection flags reported for the order (none yet: empty) */
export const uploadFlagsOf = (o: OrderRow): Partial<Record<UploadFlag, boolean>> =>
  o.upload_flags === null ? {} : parseJson(z.partialRecord(z.enum(UPLOAD_FLAGS), z.boolean()), o.upload_flags, `orders.upload_flags of order ${o.id}`);

export async function setUploadFlags(db: Db, orderId: number, flags: Record<UploadFlag, boolean>): Promise<void> {
  await db
    .updateTable('orders')
    .set({ upload_flags: jsonb(flags) })
    .where('id', '=', orderId)
    .execute();
}

/** marks the order changed now (a payment) */
export const touchOrder = (db: Db, orderId: number, now: number): Promise<OrderRow> =>
  db.updateTable('orders').set({ updated_at: now }).where('id', '=', orderId).returningAll().executeTakeFirstOrThrow();
