/**
 * Scheduled lifecycle jobs, run every JOB_INTERVAL_MS (and on demand via /__dev/jobs/run):
 * review decision, payout, 24-h expiry of unconfirmed orders, overdue + penalty accrual,
 * pending payment expiry, data retention of rejected/never-disbursed applicants. Any number of
 * instances run them at once: each unit of work claims its row first (repos/jobQueues.ts).
 */
import type { Deps } from './deps';
import { POLICY } from './policy';
import { DAY_MS, fromJson, HOUR_MS } from './lib';
import C from './contract';
import { score } from './domain/scoring';
import { orderFigures } from './domain/figures';
import { applyCardCoupon } from './domain/coupon';
import { transition } from './repos/orders';
import { accruePenalty, claim, dueForPayout, dueForReview, owingPastDue, unconfirmedSince } from './repos/jobQueues';
import { record } from './repos/ledger';
import { profileOf } from './repos/profiles';
import { mobileOf } from './repos/users';
import { expirePayments } from './repos/payments';
import { eraseApplicant, retentionDue } from './repos/applicants';

const { OrderStatus } = C;

type Counts = { reviewed: number; paidOut: number; payFailed: number; expired: number; overdue: number; paymentsExpired: number; retentionDeleted: number };

export async function runJobs(deps: Deps): Promise<Counts> {
  const now = deps.clock.now();
  const out: Counts = { reviewed: 0, paidOut: 0, payFailed: 0, expired: 0, overdue: 0, paymentsExpired: 0, retentionDeleted: 0 };
  await review(deps, now, out);
  await payOut(deps, now, out);
  await expireUnconfirmed(deps, now, out);
  await accrueOverdue(deps, now, out);
  out.paymentsExpired = await expirePayments(deps.db, now);
  await retention(deps, now, out);
  return out;
}

/** the review decision, REVIEW_DELAY_MS after submission */
async function review({ db, cfg, log, outcomes }: Deps, now: number, out: Counts) {
  for (const o of await dueForReview(db, now - cfg.reviewDelayMs)) {
    const mobile = await mobileOf(db, o.user_id);
    const p = await profileOf(db, o.user_id);
    const sc = score(fromJson(p?.basic), fromJson(p?.addition), fromJson(p?.questionnaire), now);
    const { approve, note } = outcomes.review(mobile, sc >= POLICY.scoring.threshold, sc);
    const r = await db
      .transaction()
      .execute(
        async (trx) =>
          (await claim(trx, o)) &&
          transition(
            trx,
            o,
            approve ? OrderStatus.Confirm : OrderStatus.Reject,
            approve ? 'approved' : 'rejected',
            now,
            { decided_at: now, decision: approve ? 'approve' : 'reject', score: sc },
            note,
          ),
      );
    if (r) {
      out.reviewed++;
      log.info({ orderNo: o.order_no, approve, score: sc, note }, 'review decided');
    }
  }
}

/** the payout (simulated provider), PAYOUT_DELAY_MS after get-money */
async function payOut({ db, cfg, log, outcomes }: Deps, now: number, out: Counts) {
  for (const o of await dueForPayout(db, now - cfg.payoutDelayMs)) {
    const ok = outcomes.payout(await mobileOf(db, o.user_id));
    // claimed (locked, skipped by other instances) and conditional on Lending: one runner moves the order and writes the one disbursal row
    const r = await db.transaction().execute(async (trx) => {
      if (!(await claim(trx, o))) return null;
      if (!ok)
        return transition(trx, o, OrderStatus.PayFail, 'payFailed', now, { fail_reason: 'accountRejected' }, 'the receiving account rejected the transfer');
      const moved = await transition(trx, o, OrderStatus.Repaying, 'disbursed', now, { disbursed_at: now, due_at: now + o.tenure_days * DAY_MS });
      if (moved) {
        await record(trx, moved, now, [{ kind: 'disbursal', amount: orderFigures(moved, now).disbursalAmount }]);
        await applyCardCoupon(trx, moved, now);
      }
      return moved;
    });
    if (r) {
      if (ok) out.paidOut++;
      else out.payFailed++;
      log.info({ orderNo: o.order_no, ok }, 'payout');
    }
  }
}

/** approved orders not confirmed within orderExpiryHours are cancelled (`expired`) */
async function expireUnconfirmed({ db }: Deps, now: number, out: Counts) {
  for (const o of await unconfirmedSince(db, now - POLICY.orderExpiryHours * HOUR_MS)) {
    const r = await db
      .transaction()
      .execute(async (trx) => (await claim(trx, o)) && transition(trx, o, OrderStatus.Cancel, 'expired', now, { cancel_reason: 'expired' }));
    if (r) out.expired++;
  }
}

/** past the due date: overdue, and the penalty accrues (capped at the principal, see figures()) */
async function accrueOverdue({ db }: Deps, now: number, out: Counts) {
  for (const o of await owingPastDue(db, now)) {
    const pen = orderFigures(o, now).overdueFee;
    if (o.status === OrderStatus.Repaying) {
      const r = await db
        .transaction()
        .execute(async (trx) => (await claim(trx, o)) && transition(trx, o, OrderStatus.Overdued, 'overdue', now, { penalty: pen }));
      if (r) out.overdue++;
    } else if (pen !== o.penalty) await accruePenalty(db, o, pen);
  }
}

/** rejected / never-disbursed applicants' data, RETENTION_DAYS after the final decision */
async function retention({ db, cfg, log, storage }: Deps, now: number, out: Counts) {
  for (const u of await retentionDue(db, now - cfg.retentionDays * DAY_MS)) {
    const keys = await eraseApplicant(db, u.id, now);
    if (!keys) continue; // another instance deleted this applicant's data
    for (const k of keys) await storage.remove(k).catch(() => undefined);
    out.retentionDeleted++;
    log.info({ userId: u.id, documents: keys.length }, 'retention: applicant data deleted');
  }
}

export function startJobs(deps: Deps): () => void {
  if (!deps.cfg.jobIntervalMs) return () => {};
  let running = false;
  const t = setInterval(() => {
    if (running) return;
    running = true;
    runJobs(deps)
      .catch((e) => deps.log.error({ err: e }, 'jobs failed'))
      .finally(() => {
        running = false;
      });
  }, deps.cfg.jobIntervalMs);
  t.unref();
  return () => clearInterval(t);
}
