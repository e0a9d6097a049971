/**
 * Scheduled lifecycle jobs, run every JOB_INTERVAL_MS (and on demand via /__dev/jobs/run):
 * review decision, payout, the status inquiry of transfers without an answer, the reconciliation of the provider's
 * settlement files, 24-h expiry of unconfirmed orders, interest and penalty accrual + overdue,
 * pending payment expiry, data retention of rejected/never-disbursed applicants, the reminders of the day, the
 * notices' texts and those a crash left claimed (usecases/notices.ts), the credit bureau's monthly file once the
 * month is over (usecases/bureauReport.ts). Any number of
 * instances run them at once, while borrowers act: each unit of work claims its row first and
 * re-checks its condition on the locked row (repos/jobQueues.ts, repos/applicants.ts).
 */
import type { Deps } from '../context/deps';
import type { JobMetricName } from '../context/metrics';
import { POLICY } from '../settings/policy';
import { DAY_MS, HOUR_MS } from '../core/time';
import C from '../api/contract';
import { scoreParts } from '../domain/scoring';
import { addWorkingDays } from '../domain/workingDays';
import { holdForReview } from '../repos/reviewHolds';
import { overdueDaysAt } from '../domain/figures';
import { transition } from '../usecases/lifecycle';
import { dueForAccrual, dueForPayout, dueForReview, unconfirmedSince, type Queue } from '../repos/jobQueues';
import { moneyOf } from '../repos/ledger';
import { accrue } from '../usecases/ledger';
import { applyAnswer, newPayout, newRefund, sendTransfer } from '../usecases/transfers';
import { reconcile } from '../usecases/reconciliation';
import { remind, sendNotices, settleStuckTexts } from '../usecases/notices';
import { reportMonth } from '../usecases/bureauReport';
import { exposureVerdict } from '../usecases/exposure';
import { lockOrder } from '../repos/orders';
import { noteInquiry, railOf, refundsWithoutTransfer, unanswered } from '../repos/transfers';
import { profileOf } from '../repos/profiles';
import { mobileOf } from '../repos/users';
import { expirePayments } from '../repos/payments';
import { claimApplicant, eraseApplicant, retentionDue } from '../repos/applicants';

const { OrderStatus } = C;

type Counts = {
  reviewed: number;
  paidOut: number;
  payFailed: number;
  /** refunds without a transfer handed to the rail (approved before refunds went by the rail, or with no account then) */
  refundsSent: number;
  inquired: number;
  reconciled: number;
  expired: number;
  overdue: number;
  paymentsExpired: number;
  retentionDeleted: number;
  reminded: number;
  noticesSent: number;
  textsUnknown: number;
  /** the bureau's monthly file sent and answered by this run (0 or 1) */
  bureauFiles: number;
};

export async function runJobs(deps: Deps): Promise<Counts> {
  const now = deps.clock.now();
  const out: Counts = {
    reviewed: 0,
    paidOut: 0,
    payFailed: 0,
    refundsSent: 0,
    inquired: 0,
    reconciled: 0,
    expired: 0,
    overdue: 0,
    paymentsExpired: 0,
    retentionDeleted: 0,
    reminded: 0,
    noticesSent: 0,
    textsUnknown: 0,
    bureauFiles: 0,
  };
  const { jobRuns, jobSeconds, jobItems } = deps.metrics;
  const done = () => Object.values(out).reduce((s, n) => s + n, 0);
  /** one job's run, timed and counted (metrics) */
  const run = async (job: JobMetricName, fn: () => Promise<unknown>) => {
    const before = done();
    const end = jobSeconds.startTimer({ job });
    try {
      await fn();
      jobRuns.inc({ job, result: 'ok' });
    } catch (e) {
      jobRuns.inc({ job, result: 'failed' });
      throw e;
    } finally {
      end();
      jobItems.inc({ job }, done() - before);
    }
  };
  await run('review', () => review(deps, now, out));
  await run('payout', () => payOut(deps, now, out));
  await run('refunds', () => sendRefunds(deps, now, out));
  await run('inquiry', () => inquire(deps, now, out));
  if (reconciliationDue(deps)) await run('reconciliation', async () => (out.reconciled = await reconcile(deps)));
  await run('expiry', () => expireUnconfirmed(deps, now, out));
  await run('accrual', () => accrueOwing(deps, now, out));
  await run('paymentExpiry', async () => (out.paymentsExpired = await expirePayments(deps.db, now)));
  await run('retention', () => retention(deps, now, out));
  await run('reminders', async () => (out.reminded = await remind(deps, now)));
  await run('notices', async () => (out.noticesSent = await sendNotices(deps, now)));
  await run('stuckTexts', async () => (out.textsUnknown = await settleStuckTexts(deps, now)));
  await run('bureau', async () => {
    const r = await reportMonth(deps, now);
    out.bureauFiles = r === 'accepted' || r === 'partial' || r === 'rejected' ? 1 : 0;
  });
  return out;
}

/** when each server last looked at the settlement drop (wall clock): every RAILS_RECONCILE_EVERY_MS, not every run */
const lastReconciled = new WeakMap<Deps, number>();
function reconciliationDue(deps: Deps): boolean {
  const last = lastReconciled.get(deps);
  if (last !== undefined && Date.now() - last < deps.cfg.railsReconcileEveryMs) return false;
  lastReconciled.set(deps, Date.now());
  return true;
}

/** the orders each job works on at `now` */
const queuesAt = (deps: Deps, now: number) => ({
  review: dueForReview(now - deps.cfg.reviewDelayMs),
  payout: dueForPayout(now - deps.cfg.payoutDelayMs),
  expiry: unconfirmedSince(now - POLICY.orderExpiryHours * HOUR_MS),
  accrual: dueForAccrual(now),
});

/** how many orders each job has due now (the queues' depths, metrics) */
export async function queueDepths(deps: Deps): Promise<Record<string, number>> {
  const queues: Record<string, Queue> = queuesAt(deps, deps.clock.now());
  const out: Record<string, number> = {};
  for (const [name, q] of Object.entries(queues)) out[name] = await q.count(deps.db);
  return out;
}

/**
 * The review decision, REVIEW_DELAY_MS after submission; scored on the profile read under the order's lock. Under a
 * total-exposure cap the credit bureau is asked first (outside any transaction; the CNIC is on file by now): over
 * the cap, the order is rejected whatever the score; no figure from the bureau, it stays in review and is asked
 * again at the next run (docs/decisions.md "bureau without an answer").
 */
async function review(deps: Deps, now: number, out: Counts) {
  const { db, log, outcomes } = deps;
  const due = queuesAt(deps, now).review;
  for (const listed of await due.list(db)) {
    await deps.jobSeam?.('review', listed.id, 'listed');
    const exposure = await exposureVerdict(deps, listed.user_id, listed.amount);
    if (exposure?.state === 'unknown') {
      log.warn({ orderNo: listed.order_no, reason: exposure.reason }, 'review waits for the credit bureau');
      continue;
    }
    const r = await db.transaction().execute(async (trx) => {
      const o = await due.claim(trx, listed.id);
      if (!o) return null;
      await deps.jobSeam?.('review', o.id, 'locked');
      if (exposure?.state === 'over') {
        const note = `over the exposure cap: Rs ${exposure.outstanding} owed elsewhere + Rs ${o.amount} > Rs ${exposure.cap}`;
        const moved = await transition(trx, o, 'rejected', now, { set: { decided_at: now, decision: 'reject' }, note });
        return moved && { approve: false, sc: null, note };
      }
      const p = await profileOf(trx, o.user_id);
      const parts = scoreParts(p?.basic, p?.addition, p?.questionnaire, now);
      const sc = parts.reduce((s, x) => s + x.points, 0);
      const decided = outcomes.review(await mobileOf(trx, o.user_id), sc >= POLICY.scoring.threshold, sc);
      if (!decided) return null;
      if ('manual' in decided) {
        const { answerWorkingDays, workingWeekdays } = POLICY.manualReview;
        await holdForReview(trx, { orderId: o.id, score: sc, reasons: parts, heldAt: now, answerBy: addWorkingDays(now, answerWorkingDays, workingWeekdays) });
        return { approve: null, sc, note: 'held for a reviewer' };
      }
      const { approve, note } = decided;
      const moved = await transition(trx, o, approve ? 'approved' : 'rejected', now, {
        set: { decided_at: now, decision: approve ? 'approve' : 'reject', score: sc },
        note,
      });
      return moved && { approve, sc, note };
    });
    if (r) {
      out.reviewed++;
      log.info({ orderNo: listed.order_no, approve: r.approve, score: r.sc, note: r.note }, 'review decided');
    }
  }
}

/**
 * The payout, PAYOUT_DELAY_MS after get-money: under the order's lock its transfer is written (one per order
 * in flight or done: repos/transfers.ts), then the provider is asked outside any transaction; its answer, notice
 * or inquiry moves the order (usecases/transfers.ts).
 */
async function payOut(deps: Deps, now: number, out: Counts) {
  const { db, log } = deps;
  const due = queuesAt(deps, now).payout;
  for (const listed of await due.list(db)) {
    await deps.jobSeam?.('payout', listed.id, 'listed');
    const started = await db.transaction().execute(async (trx) => {
      const o = await due.claim(trx, listed.id);
      if (!o) return null;
      await deps.jobSeam?.('payout', o.id, 'locked');
      return newPayout(trx, o, now);
    });
    if (!started) continue;
    const state = await sendTransfer(deps, started);
    if (state === 'succeeded') out.paidOut++;
    else if (state === 'failed') out.payFailed++;
    log.info({ orderNo: listed.order_no, reference: started.transfer.reference, state }, 'payout');
  }
}

/**
 * Due refunds the approval could not hand to the rail: under the order's lock, the refund read again (still due,
 * no transfer not failed: repos/transfers.ts, with the unique index of migration 28 behind it), its transfer
 * written; the provider asked outside the transaction.
 */
async function sendRefunds(deps: Deps, now: number, out: Counts) {
  for (const f of await refundsWithoutTransfer(deps.db, { limit: POLICY.rails.refundsPerRun })) {
    const started = await deps.db.transaction().execute(async (trx) => {
      const o = await lockOrder(trx, f.order_id);
      const [still] = await refundsWithoutTransfer(trx, { limit: 1, id: f.id });
      return still ? newRefund(trx, o, { ...still, id: Number(still.id) }, now) : null;
    });
    if (!started) continue;
    await sendTransfer(deps, started);
    out.refundsSent++;
  }
}

/** transfers without a result RAILS_INQUIRY_AFTER_MS after the provider's last word: their status asked */
async function inquire(deps: Deps, now: number, out: Counts) {
  for (const t of await unanswered(deps.db, now - deps.cfg.railsInquiryAfterMs, POLICY.rails.inquiriesPerRun)) {
    await noteInquiry(deps.db, t.id, now);
    const state = await applyAnswer(deps, t.id, await deps.rails[railOf(t.kind)].inquire(t.reference), 'inquiry');
    if (state === 'succeeded' || state === 'failed') out.inquired++;
  }
}

/** approved orders not confirmed within orderExpiryHours are cancelled (`expired`) */
async function expireUnconfirmed(deps: Deps, now: number, out: Counts) {
  const due = queuesAt(deps, now).expiry;
  for (const listed of await due.list(deps.db)) {
    await deps.jobSeam?.('expiry', listed.id, 'listed');
    const r = await deps.db.transaction().execute(async (trx) => {
      const o = await due.claim(trx, listed.id);
      if (!o) return null;
      await deps.jobSeam?.('expiry', o.id, 'locked');
      return transition(trx, o, 'expired', now, { set: { cancel_reason: 'expired' } });
    });
    if (r) out.expired++;
  }
}

/**
 * Owing orders with interest or penalty days not posted yet (as the locked row has them: an extension
 * may have moved the due date): past the due date a Repaying order becomes overdue; the accruals up
 * to now are posted, once per order and day (journals_accrual_day).
 */
async function accrueOwing(deps: Deps, now: number, out: Counts) {
  const due = queuesAt(deps, now).accrual;
  for (const listed of await due.list(deps.db)) {
    await deps.jobSeam?.('overdue', listed.id, 'listed');
    const r = await deps.db.transaction().execute(async (trx) => {
      const o = await due.claim(trx, listed.id);
      if (!o) return null;
      await deps.jobSeam?.('overdue', o.id, 'locked');
      await accrue(trx, o, await moneyOf(trx, o.id), now);
      if (o.status === OrderStatus.Repaying && overdueDaysAt(o.due_at!, now) > 0) return transition(trx, o, 'overdue', now);
      return null;
    });
    if (r) out.overdue++;
  }
}

/** rejected / never-disbursed applicants' data, RETENTION_DAYS after the final decision; re-checked under the applicant's lock (a re-application wins) */
async function retention(deps: Deps, now: number, out: Counts) {
  const { db, cfg, log, storage } = deps;
  const cutoff = now - cfg.retentionDays * DAY_MS;
  for (const u of await retentionDue(db, cutoff)) {
    await deps.jobSeam?.('retention', u.id, 'listed');
    const keys = await db.transaction().execute(async (trx) => {
      if (!(await claimApplicant(trx, u.id, cutoff))) return null;
      await deps.jobSeam?.('retention', u.id, 'locked');
      return eraseApplicant(trx, u.id, now);
    });
    if (!keys) continue; // no longer due (a new order) or another instance deleted this applicant's data
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
