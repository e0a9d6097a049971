/**
 * The borrower's notices: written once per order, kind and key (a unique index: a second writer, on any instance,
 * writes nothing), their texts claimed by one job run at a time, and the inbox.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB, NoticeSms } from '../db/schema';
import { z } from 'zod';
import { jsonb, parseJson } from '../db/json';
import C from '../api/contract';
import type { NoticeKind, NoticeParams } from '../domain/notices';

export type NoticeRow = Selectable<DB['notices']>;

const PARAMS = z.object({ orderNo: z.string(), amount: z.number().int(), dueDate: z.string().optional(), daysBefore: z.number().int().min(0).optional() });
/** a notice's params as written */
export const paramsOf = (n: NoticeRow): NoticeParams => parseJson(PARAMS, n.params, `notices.params of ${n.id}`);

/** the notice, unless this order has one of this kind and key already (then false) */
export async function addNotice(
  db: Db,
  n: { userId: number; orderId: number; kind: NoticeKind; key: string; params: NoticeParams; now: number },
): Promise<boolean> {
  const r = await db
    .insertInto('notices')
    .values({ user_id: n.userId, order_id: n.orderId, kind: n.kind, key: n.key, params: jsonb(n.params), created_at: n.now, sms: 'waiting' })
    .onConflict((oc) => oc.columns(['order_id', 'kind', 'key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** up to `limit` notices waiting for their text, claimed (`sending`, at `now`) for this run with their borrower's number, language and opt-out */
export async function claimWaiting(db: Db, limit: number, now: number) {
  const claimed = await db
    .updateTable('notices')
    .set({ sms: 'sending', sms_claimed_at: now })
    .where('id', 'in', (eb) => eb.selectFrom('notices').select('id').where('sms', '=', 'waiting').orderBy('id').limit(limit).forUpdate().skipLocked())
    .returningAll()
    .execute();
  if (!claimed.length) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'mobile', 'lang', 'notices_opt_out'])
    .where(
      'id',
      'in',
      claimed.map((n) => n.user_id),
    )
    .execute();
  const byId = new Map(users.map((u) => [Number(u.id), u]));
  return claimed.map((n) => ({ notice: n, user: byId.get(Number(n.user_id))! }));
}

export async function setNoticeSms(db: Db, id: number, sms: NoticeSms, ref: string | null = null): Promise<void> {
  await db.updateTable('notices').set({ sms, sms_ref: ref }).where('id', '=', id).execute();
}

/** notices whose text was claimed before `before` and is still `sending` (the run that claimed it ended without a word: a crash) */
export const stuckSending = (db: Db, before: number, limit: number) =>
  db.selectFrom('notices').selectAll().where('sms', '=', 'sending').where('sms_claimed_at', '<', before).orderBy('sms_claimed_at').limit(limit).execute();

/** the notice's text is `sms` now, unless it has left the states `from` (then false) */
export async function moveNoticeSms(db: Db, id: number, from: NoticeSms[], sms: NoticeSms, ref: string | null): Promise<boolean> {
  const r = await db.updateTable('notices').set({ sms, sms_ref: ref }).where('id', '=', id).where('sms', 'in', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** the latest notices whose text is unknown, with their order number (operations) */
export const unknownTexts = (db: Db, limit: number) =>
  db
    .selectFrom('notices')
    .innerJoin('orders', 'orders.id', 'notices.order_id')
    .select(['notices.id', 'notices.kind', 'notices.created_at', 'notices.sms_claimed_at', 'notices.sms_ref', 'orders.order_no'])
    .where('notices.sms', '=', 'unknown')
    .orderBy('notices.id', 'desc')
    .limit(limit)
    .execute();

/** the loans due within `days` Pakistan days from the start of `dayStart`'s day, still being repaid (the reminders' candidates) */
export const repayingDueBefore = (db: Db, from: number, to: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'user_id', 'order_no', 'due_at', 'amount'])
    .where('status', '=', C.OrderStatus.Repaying)
    .where('due_at', '>=', from)
    .where('due_at', '<', to)
    .execute();

export const inboxOf = (db: Db, userId: number, limit: number) =>
  db.selectFrom('notices').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('notices')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** marks the borrower's notices read: those named, or all (`ids` null) */
export async function markRead(db: Db, userId: number, ids: number[] | null, now: number): Promise<void> {
  let q = db.updateTable('notices').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
  await q.execute();
}

export async function setLang(db: Db, userId: number, lang: 'en' | 'ur'): Promise<void> {
  await db.updateTable('users').set({ lang }).where('id', '=', userId).execute();
}
export async function setOptOut(db: Db, userId: number, optOut: boolean): Promise<void> {
  await db.updateTable('users').set({ notices_opt_out: optOut }).where('id', '=', userId).execute();
}
