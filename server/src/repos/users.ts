/** The users table (and each user's credit raises). */
import type { Db } from '../db';
import type { Selectable } from 'kysely';
import type { DB } from '../db/schema';

/** a row of users, as selected (the table type lives in db/schema.ts) */
export type UserRow = Selectable<DB['users']>;

export const findUserByMobile = (db: Db, mobile: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();

export const userById = (db: Db, id: number): Promise<UserRow> => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export async function mobileOf(db: Db, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirst();
  return u?.mobile ?? '';
}

/**
 * Locks the user's row until the transaction ends (FOR NO KEY UPDATE: the holder may still insert
 * rows that reference it). A re-application (applyMarket) and the retention job's deletion both
 * take it, so one sees the other's outcome. `skipLocked`: undefined when another holds it.
 */
export function lockUser(trx: Db, userId: number, o: { skipLocked?: boolean } = {}): Promise<{ id: number } | undefined> {
  const q = trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate();
  return (o.skipLocked ? q.skipLocked() : q).executeTakeFirst();
}

/** a new user at the first credit limit, with an empty profile */
export async function createUser(trx: Db, mobile: string, creditLimit: number, now: number): Promise<UserRow> {
  const u = await trx
    .insertInto('users')
    .values({ mobile, created_at: now, credit_limit: creditLimit, on_time_count: 0, first_name: null, last_name: null, data_deleted_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx.insertInto('profiles').values({ user_id: u.id, updated_at: now }).execute();
  return u;
}

export async function setNames(db: Db, userId: number, firstName: string, lastName: string): Promise<void> {
  await db.updateTable('users').set({ first_name: firstName, last_name: lastName }).where('id', '=', userId).execute();
}

/** the borrower proved the registered number (a code) or did a money action: the idle time starts again (wall-clock ms) */
export async function markVerified(db: Db, userId: number, wallNow: number): Promise<void> {
  await db.updateTable('users').set({ verified_at: wallNow }).where('id', '=', userId).execute();
}

/** the card coupon, once per borrower */
export async function grantCardCoupon(db: Db, userId: number, amount: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ card_coupon: amount, card_coupon_granted: true })
    .where('id', '=', userId)
    .where('card_coupon_granted', '=', false)
    .execute();
}

/** the borrower's coupon not taken yet, or 0 */
export async function unusedCoupon(db: Db, userId: number): Promise<number> {
  const u = await db.selectFrom('users').select('card_coupon').where('id', '=', userId).executeTakeFirst();
  return Number(u?.card_coupon ?? 0);
}

/** takes the borrower's unused coupon (locking the row), or 0 */
export async function takeCardCoupon(trx: Db, userId: number): Promise<number> {
  const u = await trx.selectFrom('users').select('card_coupon').where('id', '=', userId).forUpdate().executeTakeFirst();
  const coupon = Number(u?.card_coupon ?? 0);
  if (coupon > 0) await trx.updateTable('users').set({ card_coupon: 0 }).where('id', '=', userId).execute();
  return coupon;
}

/** gives back a coupon a withdrawn loan had taken (cooling-off): unused again, for the next loan */
export async function returnCardCoupon(trx: Db, userId: number, amount: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ card_coupon: eb('card_coupon', '+', amount) }))
    .where('id', '=', userId)
    .execute();
}

/** an on-time repayment: the count, and the limit (raised, never lowered) with its raise recorded */
export async function recordOnTime(db: Db, user: UserRow, count: number, limit: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ on_time_count: count, credit_limit: Math.max(user.credit_limit, limit) })
    .where('id', '=', user.id)
    .execute();
  if (limit > user.credit_limit)
    await db.insertInto('credit_raises').values({ user_id: user.id, at: now, from_limit: user.credit_limit, to_limit: limit }).execute();
}

export const creditRaisesOf = (db: Db, userId: number) => db.selectFrom('credit_raises').selectAll().where('user_id', '=', userId).orderBy('id').execute();
