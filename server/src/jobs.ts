/**
 * Scheduled lifecycle jobs, run every JOB_INTERVAL_MS (and on demand via /__dev/jobs/run):
 * review decision, payout, 24-h expiry of unconfirmed orders, overdue + penalty accrual,
 * pending payment expiry, data retention of rejected/never-disbursed applicants.
 */
import type { Deps } from './deps';
import type { Db } from './db';
import { POLICY } from './policy';
import { DAY_MS, fromJson, HOUR_MS } from './lib';
import { addEvent, orderFigures, transition, type OrderRow } from './services/core';
import { record } from './services/ledger';
import C from './contract';
import { score } from './domain/scoring';

const { OrderStatus, ACTIVE_STATUSES, OWING_STATUSES } = C;

async function mobileOf(deps: Deps, userId: number): Promise<string> {
  const u = await deps.db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirst();
  return u?.mobile ?? '';
}

/**
 * Any number of instances run these jobs at once: each unit of work first claims its row (locked for
 * the transaction, skipped if another instance holds it, gone if no longer in the expected state),
 * and every write is conditional on that state, so each is done exactly once.
 */
function claim(trx: Db, o: OrderRow): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', o.id).where('status', '=', o.status).forUpdate().skipLocked().executeTakeFirst();
}

export async function runJobs(deps: Deps): Promise<Record<string, number>> {
  const { db, cfg, clock, log } = deps;
  const now = clock.now();
  const out = { reviewed: 0, paidOut: 0, payFailed: 0, expired: 0, overdue: 0, paymentsExpired: 0, retentionDeleted: 0 };

  // review decision
  const toReview = await db.selectFrom('orders').selectAll().where('status', '=', OrderStatus.Applying).where('submitted_at', '<=', now - cfg.reviewDelayMs).execute();
  for (const o of toReview) {
    const mobile = await mobileOf(deps, o.user_id);
    const p = await db.selectFrom('profiles').selectAll().where('user_id', '=', o.user_id).executeTakeFirst();
    const sc = score(fromJson(p?.basic), fromJson(p?.addition), fromJson(p?.questionnaire), now);
    const { approve, note } = deps.outcomes.review(mobile, sc >= POLICY.scoring.threshold, sc);
    const r = await db.transaction().execute(async (trx) => (await claim(trx, o)) &&
      transition(trx, o, approve ? OrderStatus.Confirm : OrderStatus.Reject, approve ? 'approved' : 'rejected', now, { decided_at: now, decision: approve ? 'approve' : 'reject', score: sc }, note),
    );
    if (r) { out.reviewed++; log.info({ orderNo: o.order_no, approve, score: sc, note }, 'review decided'); }
  }

  // payout (simulated provider)
  const toPay = await db.selectFrom('orders').selectAll().where('status', '=', OrderStatus.Lending).where('lending_at', '<=', now - cfg.payoutDelayMs).execute();
  for (const o of toPay) {
    const ok = deps.outcomes.payout(await mobileOf(deps, o.user_id));
    // claimed (locked, skipped by other instances) and conditional on Lending: one runner moves the order and writes the one disbursal row
    const r = await db.transaction().execute(async (trx) => {
      if (!(await claim(trx, o))) return null;
      if (!ok) return transition(trx, o, OrderStatus.PayFail, 'payFailed', now, { fail_reason: 'accountRejected' }, 'the receiving account rejected the transfer');
      const moved = await transition(trx, o, OrderStatus.Repaying, 'disbursed', now, { disbursed_at: now, due_at: now + o.tenure_days * DAY_MS });
      if (moved) {
        await record(trx, moved, now, [{ kind: 'disbursal', amount: orderFigures(moved, now).disbursalAmount }]);
        await applyCardCoupon(trx, moved, now);
      }
      return moved;
    });
    if (r) { if (ok) out.paidOut++; else out.payFailed++; log.info({ orderNo: o.order_no, ok }, 'payout'); }
  }

  // 24-hour expiry of unconfirmed approved orders (14 from the decision, 18 from the card change)
  const expiry = now - POLICY.orderExpiryHours * HOUR_MS;
  const toExpire = await db.selectFrom('orders').selectAll()
    .where((eb) => eb.or([
      eb.and([eb('status', '=', OrderStatus.Confirm), eb('decided_at', '<=', expiry)]),
      eb.and([eb('status', '=', OrderStatus.GetMoney), eb('updated_at', '<=', expiry)]),
    ])).execute();
  for (const o of toExpire) {
    const r = await db.transaction().execute(async (trx) => (await claim(trx, o)) && transition(trx, o, OrderStatus.Cancel, 'expired', now, { cancel_reason: 'expired' }));
    if (r) out.expired++;
  }

  // overdue and penalty accrual (capped at the principal, see figures())
  const repaying = await db.selectFrom('orders').selectAll().where('status', 'in', OWING_STATUSES).where('due_at', '<', now).execute();
  for (const o of repaying) {
    const pen = orderFigures(o as OrderRow, now).overdueFee;
    if (o.status === OrderStatus.Repaying) {
      const r = await db.transaction().execute(async (trx) => (await claim(trx, o)) && transition(trx, o, OrderStatus.Overdued, 'overdue', now, { penalty: pen }));
      if (r) out.overdue++;
    } else if (pen !== o.penalty) {
      // compare-and-set from the figure read: a concurrent instance's accrual is not added twice
      await db.updateTable('orders').set({ penalty: pen }).where('id', '=', o.id).where('status', '=', OrderStatus.Overdued).where('penalty', '=', o.penalty).execute();
    }
  }

  // pending payments expire
  const pe = await db.updateTable('payments').set({ status: 'failed', completed_at: now }).where('status', '=', 'pending').where('expires_at', '<=', now).executeTakeFirst();
  out.paymentsExpired = Number(pe.numUpdatedRows ?? 0);

  // data retention: rejected / never-disbursed applicants, N days after the final decision
  const cutoff = now - cfg.retentionDays * DAY_MS;
  const candidates = await db.selectFrom('users').select(['id']).where('data_deleted_at', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.user_id', '=', 'users.id')
      .where((e) => e.or([
        e.and([e('o.status', '=', OrderStatus.Reject), e('o.decided_at', '<=', cutoff)]),
        e.and([e('o.status', '=', OrderStatus.Cancel), e('o.updated_at', '<=', cutoff)]),
      ]))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('orders as a').select('a.id').whereRef('a.user_id', '=', 'users.id')
      .where((e) => e.or([e('a.status', 'in', ACTIVE_STATUSES), e('a.disbursed_at', 'is not', null), e('a.updated_at', '>', cutoff)])))))
    .execute();
  for (const u of candidates) {
    const docs = await db.transaction().execute(async (trx) => {
      const mine = await trx.updateTable('users').set({ first_name: null, last_name: null, data_deleted_at: now }).where('id', '=', u.id).where('data_deleted_at', 'is', null).returning('id').executeTakeFirst();
      if (!mine) return null; // another instance deleted this applicant's data
      const docs = await trx.selectFrom('documents').select(['storage_key']).where('user_id', '=', u.id).execute();
      await trx.deleteFrom('documents').where('user_id', '=', u.id).execute();
      await trx.deleteFrom('bank_cards').where('user_id', '=', u.id).execute();
      await trx.updateTable('profiles').set({ basic: null, addition: null, questionnaire: null, ocr: null, national_id_index: null, images_done_at: null, updated_at: now }).where('user_id', '=', u.id).execute();
      await trx.updateTable('orders').set({ bank_card: null }).where('user_id', '=', u.id).execute();
      await trx.insertInto('audit_log').values({ at: now, kind: 'retention.delete', detail: JSON.stringify({ userId: u.id, documents: docs.length }) }).execute();
      return docs;
    });
    if (!docs) continue;
    for (const d of docs) await deps.storage.remove(d.storage_key).catch(() => undefined);
    out.retentionDeleted++;
    log.info({ userId: u.id, documents: docs.length }, 'retention: applicant data deleted');
  }
  return out;
}

export function startJobs(deps: Deps): () => void {
  if (!deps.cfg.jobIntervalMs) return () => {};
  let running = false;
  const t = setInterval(() => {
    if (running) return;
    running = true;
    runJobs(deps).catch((e) => deps.log.error({ err: e }, 'jobs failed')).finally(() => { running = false; });
  }, deps.cfg.jobIntervalMs);
  t.unref();
  return () => clearInterval(t);
}

/** The borrower's unused card coupon comes off what this loan owes (a reduction), once. */
async function applyCardCoupon(trx: Db, o: OrderRow, now: number): Promise<void> {
  const u = await trx.selectFrom('users').select('card_coupon').where('id', '=', o.user_id).forUpdate().executeTakeFirst();
  const coupon = Number(u?.card_coupon ?? 0);
  if (coupon <= 0) return;
  await trx.updateTable('users').set({ card_coupon: 0 }).where('id', '=', o.user_id).execute();
  await trx.updateTable('orders').set((eb) => ({ reduction: eb('reduction', '+', coupon) })).where('id', '=', o.id).execute();
  await addEvent(trx, o.id, 'couponApplied', o.status, now, String(coupon));
}
