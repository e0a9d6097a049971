/** An order's history (order_events): one row per change, never edited. */
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import type { OrderEventType } from '../api/contract';

export type EventRow = Selectable<DB['order_events']>;
/** an event row as JSON (json_agg of order_events in one query with its order) */
export const EventRowJson = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  type: z.string(),
  status: z.number().int(),
  at: z.number(),
  note: z.string().nullable(),
}) satisfies z.ZodType<EventRow>;

export async function addEvent(db: Db, orderId: number, type: OrderEventType, status: number, now: number, note: string | null = null): Promise<void> {
  await db.insertInto('order_events').values({ order_id: orderId, type, status, at: now, note }).execute();
}

export const eventsOf = (db: Db, orderId: number): Promise<EventRow[]> =>
  db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
