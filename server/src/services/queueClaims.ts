/**
 * Queue-item claims (issue 40): a staff member who opens an item of a queue (an application held for review, a proof, a
 * complaint, an overdue loan) holds it for POLICY.staff.claimMinutes, so two people do not work one item. Others see
 * who holds it until when; their decision on it is refused (`claimedByOther`) until the claim ends (expired, released)
 * or a supervisor takes it over (recorded in the trail). A decision holds the item for its maker inside its own
 * transaction (`holdForDecision`), so a claim and a decision at once cannot both win; an item nobody holds may be
 * decided at once. Times are the business clock's, like the queues' service clocks.
 */
import C from '../api/contract';
import type { Db } from '../db';
import { iso, MINUTE_MS, pkDateTime } from '../core/time';
import { POLICY } from '../settings/policy';
import type { Permission, RolesOf } from '../staff/roles';
import { holdClaim, liveClaims, releaseClaim, type HeldClaim, type Queue } from '../repos/queueClaims';
import { audited, StaffRefusal, type StaffCtx } from './staffAuth';

const { OrderStatus } = C;
export type { Queue } from '../repos/queueClaims';

/** the permission working each queue's items needs */
export const QUEUE_PERMISSION = {
  review: 'reviewApplications',
  proof: 'checkProofs',
  complaint: 'answerComplaints',
  collections: 'collect',
} as const satisfies Record<Queue, Permission>;
export type QueueCtx<Q extends Queue> = StaffCtx<RolesOf<(typeof QUEUE_PERMISSION)[Q]>>;

/** whether an item is in its queue still to be worked ('open'), worked already ('closed') or unknown */
const ITEM_STATE: Record<Queue, (db: Db, item: string) => Promise<'open' | 'closed' | 'missing'>> = {
  review: async (db, orderNo) => {
    const h = await db
      .selectFrom('review_holds as h')
      .innerJoin('orders as o', 'o.id', 'h.order_id')
      .select('h.decided_at')
      .where('o.order_no', '=', orderNo)
      .executeTakeFirst();
    return !h ? 'missing' : h.decided_at === null ? 'open' : 'closed';
  },
  proof: async (db, id) => {
    const p = /^\d{1,15}$/.test(id) ? await db.selectFrom('proofs').select('status').where('id', '=', Number(id)).executeTakeFirst() : undefined;
    return !p ? 'missing' : p.status === 'pending' ? 'open' : 'closed';
  },
  complaint: async (db, ticketNo) => {
    const c = await db.selectFrom('complaints').select('status').where('ticket_no', '=', ticketNo).executeTakeFirst();
    return !c ? 'missing' : c.status === 'resolved' ? 'closed' : 'open';
  },
  collections: async (db, orderNo) => {
    const o = await db.selectFrom('orders').select('status').where('order_no', '=', orderNo).executeTakeFirst();
    return !o ? 'missing' : o.status === OrderStatus.Overdued ? 'open' : 'closed';
  },
};

export interface ClaimView {
  /** the holder's name and username */
  by: string;
  username: string;
  until: string;
  mine: boolean;
}
const view = (c: HeldClaim, me: number): ClaimView => ({ by: c.name, username: c.username, until: iso(Number(c.expires_at)), mine: Number(c.staff_id) === me });

/** the live claims of a queue's listed items, by item (for the lists: "claimed by <name> until <time>"); `db` a transaction's */
export async function claimsOf(ctx: StaffCtx, queue: Queue, items: readonly string[], db = ctx.deps.db): Promise<Map<string, ClaimView>> {
  const held = await liveClaims(db, queue, items, ctx.deps.clock.now());
  return new Map(held.map((c) => [c.item, view(c, ctx.staff.id)]));
}

/** the name and the time each kept whole inside the message's sentence, English or Urdu (Unicode isolates) */
const refusalBy = (c: HeldClaim) =>
  new StaffRefusal('claimedByOther', { claim: view(c, -1) }, { name: `\u2068${c.name}\u2069`, until: `\u2066${pkDateTime(Number(c.expires_at))} PKT\u2069` });

/** holds the item for the member (or renews their claim); `force`: whoever held it (a takeover). Refuses when another member holds it. */
async function hold(trx: Db, ctx: StaffCtx, queue: Queue, item: string, force = false) {
  const now = ctx.deps.clock.now();
  const held = await holdClaim(trx, { queue, item, staffId: ctx.staff.id, now, expiresAt: now + POLICY.staff.claimMinutes * MINUTE_MS, force });
  if (!held) {
    // the upsert left the holder's row locked: it is still theirs here
    const [holder] = await liveClaims(trx, queue, [item], now);
    throw refusalBy(holder);
  }
  const [mine] = await liveClaims(trx, queue, [item], now);
  return { claim: view(mine, ctx.staff.id), before: held.before };
}

async function openItem(ctx: StaffCtx, queue: Queue, item: string) {
  const state = await ITEM_STATE[queue](ctx.deps.db, item);
  if (state === 'missing') throw new StaffRefusal('notFound');
  if (state === 'closed') throw new StaffRefusal('alreadyDecided', {});
}

/** the member opens the item: theirs until the claim's time, unless another member holds it */
export async function claimItem<Q extends Queue>(ctx: QueueCtx<Q>, queue: Q, item: string) {
  await openItem(ctx, queue, item);
  return audited(ctx, 'claim', `${queue}:${item}`, async (trx) => {
    const { claim } = await hold(trx, ctx, queue, item);
    return { result: { claim }, detail: { until: claim.until } };
  });
}

/** the member lets the item go before its time (nothing when they do not hold it) */
export const releaseItem = <Q extends Queue>(ctx: QueueCtx<Q>, queue: Q, item: string) =>
  audited(ctx, 'claim.release', `${queue}:${item}`, async (trx) => {
    const released = await releaseClaim(trx, queue, item, ctx.staff.id, ctx.deps.clock.now());
    return { result: { released }, detail: { released } };
  });

/** a supervisor takes the item over from whoever holds it; the trail names who held it */
export async function takeOverItem(ctx: StaffCtx<RolesOf<'takeOverClaims'>>, queue: Queue, item: string) {
  await openItem(ctx, queue, item);
  return audited(ctx, 'claim.takeover', `${queue}:${item}`, async (trx) => {
    const { claim, before } = await hold(trx, ctx, queue, item, true);
    const from = before && Number(before.staff_id) !== ctx.staff.id ? Number(before.staff_id) : null;
    return { result: { claim }, detail: { until: claim.until, fromStaffId: from } };
  });
}

/**
 * In a decision's transaction: the item held for the deciding member (refused with `claimedByOther` while another
 * holds it); `done` once the decision closes the item (the claim ends with it).
 */
export async function holdForDecision(trx: Db, ctx: StaffCtx, queue: Queue, item: string, o: { done: boolean }) {
  await hold(trx, ctx, queue, item);
  if (o.done) await releaseClaim(trx, queue, item, ctx.staff.id, ctx.deps.clock.now());
}
