/**
 * The orders each lifecycle job works on, and the claim on one. Any number of instances run the
 * jobs while borrowers act, so the list is only a hint: each unit of work first locks its row
 * (skipped if another instance holds it) with the queue's condition evaluated again on the row as it
 * is now, then once more after the lock (`claim`), and the job acts on that locked row, never on the one it listed: an order
 * extended, paid or moved on since the list was read is left alone.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import C from '../api/contract';
import type { OrderRow } from './orders';
import { DAY_MS, PKT_OFFSET_MS, pkDay } from '../core/time';
import { POLICY } from '../settings/policy';

const { OrderStatus, OWING_STATUSES } = C;

type Condition = (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>;
export interface Queue {
  /** the orders due now (read without locks) */
  list(db: Db): Promise<OrderRow[]>;
  /** the order, locked for this transaction, if it is still due; undefined if it is not or another runner holds it */
  claim(trx: Db, id: number): Promise<OrderRow | undefined>;
  /** how many are due now (the queue's depth, metrics) */
  count(db: Db): Promise<number>;
}

function queue(due: Condition): Queue {
  return {
    list: (db) => db.selectFrom('orders').selectAll().where(due).orderBy('id').execute(),
    claim: async (trx, id) => {
      const locked = await trx.selectFrom('orders').select('id').where('id', '=', id).where(due).forUpdate().skipLocked().executeTakeFirst();
      if (!locked) return undefined;
      // The locking statement read other tables (a payout, a review hold) as they were when it began: a runner that
      // committed between that and the lock, without changing the order row, is not seen. Read again now it is ours.
      return trx.selectFrom('orders').selectAll().where('id', '=', id).where(due).executeTakeFirst();
    },
    count: async (db) =>
      Number(
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where(due)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}

/** submitted for review at or before `before`, and not held for a person (review_holds: the reviewer decides it) */
export const dueForReview = (before: number) =>
  queue((eb) =>
    eb.and([
      eb('status', '=', OrderStatus.Applying),
      eb('submitted_at', '<=', before),
      eb.not(eb.exists(eb.selectFrom('review_holds as h').select('h.order_id').whereRef('h.order_id', '=', 'orders.id'))),
    ]),
  );

/** confirmed for payout at or before `before`, without a payout in flight or done (a failed one may be tried again) */
export const dueForPayout = (before: number) =>
  queue((eb) =>
    eb.and([
      eb('status', '=', OrderStatus.Lending),
      eb('lending_at', '<=', before),
      eb.not(
        eb.exists(
          eb
            .selectFrom('transfers as t')
            .select('t.id')
            .whereRef('t.order_id', '=', 'orders.id')
            .where('t.kind', '=', 'payout')
            .where('t.state', '<>', 'failed'),
        ),
      ),
    ]),
  );

/** approved and unconfirmed since `since` (14 from the decision, 18 from the card change) */
export const unconfirmedSince = (since: number) =>
  queue((eb) =>
    eb.or([
      eb.and([eb('status', '=', OrderStatus.Confirm), eb('decided_at', '<=', since)]),
      eb.and([eb('status', '=', OrderStatus.GetMoney), eb('updated_at', '<=', since)]),
    ]),
  );

/**
 * owing with accruals not posted up to `now`: a day held past the interest posted (at most the
 * tenure), or a Pakistan calendar day after the due date's past the current due date's penalty
 * posted (figures.ts daysHeld, overdueDaysAt; the due date itself is never overdue). The Pakistan day
 * in SQL is the code's (core/time.ts pkDay): the same offset from the contract, PKT_OFFSET_MS.
 */
export const dueForAccrual = (now: number) =>
  queue((eb) =>
    eb.and([
      eb('status', 'in', OWING_STATUSES),
      eb.or([
        sql<SqlBool>`coalesce((select max(j.day) from journals j where j.order_id = orders.id and j.kind = 'interest'), 0)
          < least(orders.tenure_days, greatest(${sql.lit(POLICY.minInterestDays)}, ceil((${now}::bigint - orders.disbursed_at) / ${sql.lit(DAY_MS)}::numeric)))`,
        sql<SqlBool>`coalesce((select max(j.day) from journals j where j.order_id = orders.id and j.kind = 'penalty' and j.period = orders.extension_count), 0)
          < ${pkDay(now)}::integer - (orders.due_at + ${sql.lit(PKT_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`,
      ]),
    ]),
  );
