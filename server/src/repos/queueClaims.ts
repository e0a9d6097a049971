/** The queue_claims table: who is working a queue item until when (services/queueClaims.ts); one row per item. */
import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';

export type ClaimRow = Selectable<DB['queue_claims']>;
export type Queue = ClaimRow['queue'];
export type HeldClaim = ClaimRow & { username: string; name: string };

/**
 * The item held by `staffId` until `expiresAt`: taken when free, expired or already theirs (then renewed), or
 * whoever holds it when `force` (a supervisor's takeover). One statement: two members claiming at once are decided
 * by the primary key, the second waiting for the first's row and then finding it held. Answers the row written
 * with the holder it replaced, or undefined when another member holds it.
 */
export async function holdClaim(
  trx: Db,
  c: { queue: Queue; item: string; staffId: number; now: number; expiresAt: number; force?: boolean },
): Promise<{ row: ClaimRow; before: ClaimRow | undefined } | undefined> {
  const before = await trx.selectFrom('queue_claims').selectAll().where('queue', '=', c.queue).where('item', '=', c.item).forUpdate().executeTakeFirst();
  const row = await trx
    .insertInto('queue_claims')
    .values({ queue: c.queue, item: c.item, staff_id: c.staffId, claimed_at: c.now, expires_at: c.expiresAt })
    .onConflict((oc) => {
      const up = oc.columns(['queue', 'item']).doUpdateSet((eb) => ({
        staff_id: eb.ref('excluded.staff_id'),
        claimed_at: eb.ref('excluded.claimed_at'),
        expires_at: eb.ref('excluded.expires_at'),
      }));
      return c.force
        ? up
        : up.where((eb) => eb.or([eb('queue_claims.expires_at', '<=', c.now), eb('queue_claims.staff_id', '=', eb.ref('excluded.staff_id'))]));
    })
    .returningAll()
    .executeTakeFirst();
  return row && { row, before: before && before.expires_at > c.now ? before : undefined };
}

/** the live claims (not expired at `now`) of `items` in `queue`, with their holders' names */
export async function liveClaims(db: Db, queue: Queue, items: readonly string[], now: number): Promise<HeldClaim[]> {
  if (!items.length) return [];
  return db
    .selectFrom('queue_claims as c')
    .innerJoin('staff as s', 's.id', 'c.staff_id')
    .selectAll('c')
    .select(['s.username', 's.name'])
    .where('c.queue', '=', queue)
    .where('c.item', 'in', items)
    .where('c.expires_at', '>', now)
    .execute();
}

/** ends `staffId`'s claim of the item (a no-op when they hold none): answers whether one ended */
export const releaseClaim = async (trx: Db, queue: Queue, item: string, staffId: number, now: number): Promise<boolean> =>
  (
    await trx
      .deleteFrom('queue_claims')
      .where('queue', '=', queue)
      .where('item', '=', item)
      .where('staff_id', '=', staffId)
      .where('expires_at', '>', now)
      .executeTakeFirst()
  ).numDeletedRows > 0n;
