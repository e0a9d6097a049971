/**
 * Moving an order through its life: the one writer of an order's status (the events and the
 * statuses they lead from and to are the table in domain/lifecycle.ts), recording each move in the
 * order's history.
 */
import type { Updateable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { LIFECYCLE, target, type LifecycleEvent, type TargetOf } from '../domain/lifecycle';
import { addEvent } from '../repos/orderEvents';
import type { OrderRow } from '../repos/orders';
import type { NoticeKind } from '../domain/notices';
import { tell } from './notices';

/** the changes the borrower is told of by the move itself (paid out and payment received are told where the money is confirmed: transfers.ts) */
const NOTICE_OF: Partial<Record<LifecycleEvent, NoticeKind>> = { approved: 'approved', overdue: 'overdue' };

interface Change<E extends LifecycleEvent> {
  /** the other columns the event writes */
  set?: Omit<Updateable<DB['orders']>, 'id' | 'status' | 'updated_at'>;
  /** goes into the order's history */
  note?: string | null;
  /**
   * 'read' (default): only while the order is still in the status `o` was read in (a compare-and-set:
   * a caller holding no lock loses to the writer that moved it first); 'any': from whatever allowed
   * status it is in now (a cancellation stands while the order is still cancellable)
   */
  from?: 'read' | 'any';
  /** for an event with several targets, which one */
  to?: TargetOf<E>;
}

/**
 * Moves order `o` by `event` and records it in the order's history. Null when another writer moved the
 * order first (the caller decides what that means to the borrower).
 */
export async function transition<E extends LifecycleEvent>(db: Db, o: OrderRow, event: E, now: number, change: Change<E> = {}): Promise<OrderRow | null> {
  const to = target(event, o.status, change.to);
  const row = await db
    .updateTable('orders')
    .set({ ...change.set, status: to, updated_at: now })
    .where('id', '=', o.id)
    .where('status', 'in', change.from === 'any' ? LIFECYCLE[event].from : [o.status])
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await addEvent(db, o.id, event, to, now, change.note ?? null);
  const kind = NOTICE_OF[event];
  if (kind) await tell(db, row, kind, now);
  return row;
}

/** QA time travel only (dev/shifts.ts): the order's moments as if they happened `ms` earlier (null ones stay null); its journals move with them */
export async function shiftOrderMoments(db: Db, orderId: number, ms: number): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({
      submitted_at: eb('submitted_at', '-', ms),
      due_at: eb('due_at', '-', ms),
      disbursed_at: eb('disbursed_at', '-', ms),
      decided_at: eb('decided_at', '-', ms),
      lending_at: eb('lending_at', '-', ms),
    }))
    .where('id', '=', orderId)
    .execute();
}
