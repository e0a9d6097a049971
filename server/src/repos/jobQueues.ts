/**
 * The orders each lifecycle job works on, and the claim on one: any number of instances run the
 * jobs at once, so each unit of work first locks its row (skipped if another instance holds it,
 * gone if no longer in the expected state) and every write is conditional on that state.
 */
import type { Db } from '../db';
import C from '../contract';
import type { OrderRow } from './orders';
import { pkDayStart } from '../lib';

const { OrderStatus, OWING_STATUSES } = C;

export function claim(trx: Db, o: OrderRow): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', o.id).where('status', '=', o.status).forUpdate().skipLocked().executeTakeFirst();
}

/** submitted for review at or before `before` */
export const dueForReview = (db: Db, before: number): Promise<OrderRow[]> =>
  db.selectFrom('orders').selectAll().where('status', '=', OrderStatus.Applying).where('submitted_at', '<=', before).execute();

/** confirmed for payout at or before `before` */
export const dueForPayout = (db: Db, before: number): Promise<OrderRow[]> =>
  db.selectFrom('orders').selectAll().where('status', '=', OrderStatus.Lending).where('lending_at', '<=', before).execute();

/** approved and unconfirmed since `since` (14 from the decision, 18 from the card change) */
export const unconfirmedSince = (db: Db, since: number): Promise<OrderRow[]> =>
  db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', OrderStatus.Confirm), eb('decided_at', '<=', since)]),
        eb.and([eb('status', '=', OrderStatus.GetMoney), eb('updated_at', '<=', since)]),
      ]),
    )
    .execute();

/** owing with the due date a Pakistan calendar day before today's (the due date itself is never overdue) */
export const owingPastDue = (db: Db, now: number): Promise<OrderRow[]> =>
  db.selectFrom('orders').selectAll().where('status', 'in', OWING_STATUSES).where('due_at', '<', pkDayStart(now)).execute();

/** the overdue order's penalty, compare-and-set from the figure read: a concurrent instance's accrual is not added twice */
export async function accruePenalty(db: Db, o: OrderRow, penalty: number): Promise<void> {
  await db.updateTable('orders').set({ penalty }).where('id', '=', o.id).where('status', '=', OrderStatus.Overdued).where('penalty', '=', o.penalty).execute();
}
