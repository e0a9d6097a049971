/**
 * Jobs against a borrower acting at the same moment, interleaved deterministically: the job is held
 * at a seam (Deps.jobSeam) after it read what is due ('listed') or once it holds the row's lock
 * ('locked') while the borrower's call runs on another connection, then let go. Runs on PGlite and,
 * with DATABASE_URL (scripts/with-postgres.sh), on PostgreSQL, where the races are real.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { serverForFile, register, onboard, DAY, orderRecords } from './helpers';
import C from '../src/api/contract';
import { runJobs } from '../src/app/jobs';
import { pkDayStart } from '../src/core/time';
import type { JobName } from '../src/context/deps';

const { OrderStatus: S } = C;
const { srv, call } = serverForFile({ sessionTtlDays: 3650 });

/** holds `job` at `stage` for row `id` until released */
function holdJob(job: JobName, stage: 'listed' | 'locked', id: number) {
  let reached!: () => void;
  let release!: () => void;
  const atSeam = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  srv.deps.jobSeam = async (j, i, s) => {
    if (j !== job || s !== stage || i !== id) return;
    reached();
    await released;
  };
  const run = runJobs(srv.deps).finally(() => (srv.deps.jobSeam = undefined));
  // a job that never reaches the seam fails the test instead of holding it for ever
  const missed = run.then(() => Promise.reject(new Error(`${job} never reached '${stage}' for ${id}`)));
  return { atSeam: Promise.race([atSeam, missed]), release, run };
}

/**
 * Resolves once `call` waits for a row lock (PostgreSQL), or has settled. On PGlite the held job owns
 * the single session, so the call cannot get ahead of it and there is nothing to observe.
 */
async function blockedOrDone(pending: Promise<unknown>) {
  if (srv.deps.dbKind !== 'postgres') return;
  let settled = false;
  void pending.finally(() => (settled = true));
  for (let i = 0; i < 500 && !settled; i++) {
    const r = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(srv.deps.db);
    if (r.rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const { orderRow } = orderRecords(srv);
const eventsOf = async (orderId: number) =>
  (await srv.deps.db.selectFrom('order_events').select('type').where('order_id', '=', orderId).orderBy('id').execute()).map((e) => e.type);

async function applied(force: 'approve' | 'reject') {
  const u = await register(call);
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: force });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  await srv.dev('clock/advance', { ms: 2 * 60_000 });
  return { ...u, orderNo: ap.data.order.orderNo as string };
}

/** paid out, and its due date yesterday (Pakistan calendar): the next overdue run is due to act on it */
async function pastDue() {
  const u = await applied('approve');
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  const gm = await call('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: `gm-${u.orderNo}` }, { token: u.token });
  assert.equal(gm.code, 0, JSON.stringify(gm));
  await srv.dev('clock/advance', { ms: 2 * 60_000 });
  const due = pkDayStart(srv.deps.clock.now()) - 3_600_000;
  await srv.deps.db.updateTable('orders').set({ due_at: due }).where('order_no', '=', u.orderNo).execute();
  const o = await orderRow(u.orderNo);
  assert.equal(o.status, S.Repaying);
  return { ...u, id: o.id };
}

const extend = (u: { orderNo: string; token: string }, key: string) =>
  call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: key, channelId: 'easypaisa' }, { token: u.token });

test('overdue vs an extension committed after the job listed the order: the order stays Repaying with its new due date', async () => {
  const u = await pastDue();
  const job = holdJob('overdue', 'listed', u.id);
  await job.atSeam;
  const ce = await extend(u, 'race-ext-listed');
  assert.equal(ce.code, 0, JSON.stringify(ce));
  job.release();
  await job.run;
  const o = await orderRow(u.orderNo);
  assert.equal(o.status, S.Repaying, 'an extended order is not marked overdue');
  assert.ok(o.due_at! > srv.deps.clock.now());
  assert.ok(!(await eventsOf(o.id)).includes('overdue'));
});

test('overdue vs an extension sent while the job holds the order: the extension waits, then extends the overdue order', async () => {
  const u = await pastDue();
  const job = holdJob('overdue', 'locked', u.id);
  await job.atSeam;
  const ext = extend(u, 'race-ext-locked');
  await blockedOrDone(ext);
  job.release();
  const [ce] = await Promise.all([ext, job.run]);
  assert.equal(ce.code, 0, JSON.stringify(ce));
  const o = await orderRow(u.orderNo);
  assert.equal(o.status, S.Repaying);
  assert.equal(o.extension_count, 1);
  assert.ok(o.due_at! > srv.deps.clock.now());
  assert.deepEqual((await eventsOf(o.id)).slice(-2), ['overdue', 'extended']);
});

test('overdue vs a full repayment committed after the job listed the order: finished, never overdue', async () => {
  const u = await pastDue();
  const job = holdJob('overdue', 'listed', u.id);
  await job.atSeam;
  const amount = (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.amountDue as number;
  const c = await call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: 'race-pay-listed' }, { token: u.token });
  assert.equal(c.code, 0, JSON.stringify(c));
  const pay = await call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token });
  assert.equal(pay.data.payment.status, 'success', JSON.stringify(pay));
  job.release();
  await job.run;
  const o = await orderRow(u.orderNo);
  assert.equal(o.status, S.Finish);
  assert.ok(!(await eventsOf(o.id)).includes('overdue'));
});

/** rejected 8 days ago (past RETENTION_DAYS), the retention job not yet run */
async function dueForRetention() {
  const u = await applied('reject');
  const o = await orderRow(u.orderNo);
  assert.equal(o.status, S.Reject);
  await srv.dev('clock/advance', { ms: 8 * DAY, runJobs: false });
  return { ...u, userId: o.user_id };
}
const documentsOf = (userId: number) => srv.deps.db.selectFrom('documents').select('id').where('user_id', '=', userId).execute();
const reapply = (u: { token: string }) => call('applyMarket', { productId: 'P002', amount: 5000, tenureDays: 91 }, { token: u.token });

test('retention vs a re-application committed after the job listed the applicant: nothing erased, the new order is reviewed on its profile', async () => {
  const u = await dueForRetention();
  const docs = (await documentsOf(u.userId)).length;
  assert.ok(docs >= 3);
  const job = holdJob('retention', 'listed', u.userId);
  await job.atSeam;
  const ap = await reapply(u);
  assert.equal(ap.code, 0, JSON.stringify(ap));
  assert.equal(ap.data.order.status, S.Applying);
  job.release();
  const counts = await job.run;
  assert.equal(counts.retentionDeleted, 0);
  assert.equal((await documentsOf(u.userId)).length, docs, 'documents kept');
  const prof = await call('userProfile', {}, { token: u.token });
  assert.ok(prof.data.basicInfo, 'profile kept');
  // reviewed by the rule on the kept profile (approved), not auto-rejected on an erased one
  await srv.dev('clock/advance', { ms: 2 * 60_000 });
  assert.equal((await orderRow(ap.data.order.orderNo)).status, S.Confirm);
});

test('retention vs a re-application sent while the job holds the applicant: the erase completes first and the new order waits at the first missing step', async () => {
  const u = await dueForRetention();
  const job = holdJob('retention', 'locked', u.userId);
  await job.atSeam;
  const ap = reapply(u);
  await blockedOrDone(ap);
  job.release();
  const [a, counts] = await Promise.all([ap, job.run]);
  assert.equal(counts.retentionDeleted, 1);
  assert.equal(a.code, 0, JSON.stringify(a));
  assert.equal(a.data.order.status, S.BasicInfo, 'not sent to review with an erased profile');
  assert.equal((await documentsOf(u.userId)).length, 0);
  await srv.dev('clock/advance', { ms: 2 * 60_000 });
  assert.equal((await orderRow(a.data.order.orderNo)).status, S.BasicInfo, 'never auto-rejected');
});
