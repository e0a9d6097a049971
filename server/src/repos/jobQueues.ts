/**
 * The orders each lifecycle job works on, and the claim on one. Any number of instances run the
 * jobs while borrowers act, so the list is only a hint: each unit of work first locks its row
 * (skipped if another instance holds it) with the queue's condition evaluated again on the row as it
 * is now (`claim`), and the job acts on that locked row, never on the one it listed: an order
 * extended, paid or moved on since the list was read is left alone.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import C from '../contract';
import type { OrderRow } from './orders';
import { pkDayStart } from '../lib';

const { OrderStatus, OWING_STATUSES } = C;

type Condition = (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>;
export interface Queue {
  /** the orders due now (read without locks) */
  list(db: Db): Promise<OrderRow[]>;
  /** the order, locked for this transaction, if it is still due; undefined if it is not or another runner holds it */
  claim(trx: Db, id: number): Promise<OrderRow | undefined>;
}

function queue(due: Condition): Queue {
  return {
    list: (db) => db.selectFrom('orders').selectAll().where(due).orderBy('id').execute(),
    claim: (trx, id) => trx.selectFrom('orders').selectAll().where('id', '=', id).where(due).forUpdate().skipLocked().executeTakeFirst(),
  };
}

/** submitted for review at or before `before` */
export const dueForReview = (before: number) => queue((eb) => eb.and([eb('status', '=', OrderStatus.Applying), eb('submitted_at', '<=', before)]));

/** confirmed for payout at or before `before` */
export const dueForPayout = (before: number) => queue((eb) => eb.and([eb('status', '=', OrderStatus.Lending), eb('lending_at', '<=', before)]));

/** approved and unconfirmed since `since` (14 from the decision, 18 from the card change) */
export const unconfirmedSince = (since: number) =>
  queue((eb) =>
    eb.or([
      eb.and([eb('status', '=', OrderStatus.Confirm), eb('decided_at', '<=', since)]),
      eb.and([eb('status', '=', OrderStatus.GetMoney), eb('updated_at', '<=', since)]),
    ]),
  );

/** owing with the due date a Pakistan calendar day before today's (the due date itself is never overdue) */
export const owingPastDue = (now: number) => queue((eb) => eb.and([eb('status', 'in', OWING_STATUSES), eb('due_at', '<', pkDayStart(now))]));

/** the claimed overdue order's penalty */
export async function accruePenalty(trx: Db, o: OrderRow, penalty: number): Promise<void> {
  await trx.updateTable('orders').set({ penalty }).where('id', '=', o.id).where('status', '=', OrderStatus.Overdued).execute();
}
