/**
 * Manual review and the borrower view through the staff API (issue 40): an application whose score is in
 * REVIEW_MANUAL_BAND waits for a reviewer (the borrower's order says a person is checking, and by when), the
 * reviewer sees the score's reasons and the masked declared data and approves or rejects it with a reason, and the
 * borrower goes on as after an automatic decision; the borrower view finds a borrower by phone, CNIC or order number,
 * masks identifiers, and reveals one only with a reason written to the audit trail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASIC, idempotencyKey, orderRecords, onboard, register, serverForFile } from './helpers';
import { staffApi } from './staffHelpers';
import { POLICY } from '../src/settings/policy';
import { addWorkingDays, pkWeekday } from '../src/domain/workingDays';
import C from '../src/api/contract';

const { OrderStatus: S } = C;
let api: ReturnType<typeof staffApi>;
let reviewer: Awaited<ReturnType<ReturnType<typeof staffApi>['member']>>;
let agent: typeof reviewer;
// every score waits for a person in this file (a borrower forced by /__dev/force is decided as forced)
const { srv } = serverForFile(
  { sessionTtlDays: 3650, staffSignInRateMax: 0, reviewManualBand: { min: -1000, max: 1000 } },
  {
    setup: async (s) => {
      api = staffApi(s.base);
      reviewer = await api.member('reviewer');
      agent = await api.member('agent');
    },
  },
);

const { orderRow } = orderRecords(srv);
const auditOf = (staffId: number, action: string) =>
  srv.deps.db.selectFrom('staff_audit').select(['subject', 'detail']).where('staff_id', '=', staffId).where('action', '=', action).execute();

/** a borrower who applied: the review job has run (held for a person in this file) */
async function applied() {
  const u = await register(srv.client);
  await onboard(srv.client, u.token);
  const ap = await srv.client('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  await srv.dev('clock/advance', { ms: srv.cfg.reviewDelayMs + 60_000 });
  return { ...u, orderNo: ap.data.order.orderNo as string };
}
const detail = async (u: { token: string; orderNo: string }) => {
  const d = (await srv.client('latestOrder', {}, { token: u.token })).data.order;
  assert.equal(d.orderNo, u.orderNo);
  return d;
};

test('working days: Friday + 1 is Monday at the same time, a Saturday counts from Monday, Monday + 1 is Tuesday', () => {
  const days = POLICY.manualReview.workingWeekdays;
  // 2026-01-02 is a Friday; 10:00 Pakistan is 05:00 UTC
  const fri = Date.parse('2026-01-02T05:00:00Z');
  assert.equal(pkWeekday(fri), 5);
  assert.equal(new Date(addWorkingDays(fri, 1, days)).toISOString(), '2026-01-05T05:00:00.000Z');
  assert.equal(new Date(addWorkingDays(fri + 86_400_000, 1, days)).toISOString(), '2026-01-05T19:00:00.000Z', 'Saturday: the end of Monday (Pakistan)');
  assert.equal(new Date(addWorkingDays(fri + 3 * 86_400_000, 1, days)).toISOString(), '2026-01-06T05:00:00.000Z');
});

test('a banded application waits for a reviewer, who approves it with a reason; the borrower goes on as after the rule', async () => {
  const u = await applied();
  const o = await orderRow(u.orderNo);
  assert.equal(o.status, S.Applying, 'held: still in review after the job ran');
  assert.equal(o.decision, null);
  const seen = await detail(u);
  assert.ok(seen.manualReview, 'the borrower is told a person is checking');
  const hold = await srv.deps.db.selectFrom('review_holds').selectAll().where('order_id', '=', o.id).executeTakeFirstOrThrow();
  assert.equal(seen.manualReview.answerBy, new Date(Number(hold.answer_by)).toISOString());
  assert.equal(Number(hold.answer_by), addWorkingDays(Number(hold.held_at), 1, POLICY.manualReview.workingWeekdays));
  // the job does not decide it on later runs
  await srv.dev('jobs/run');
  assert.equal((await orderRow(u.orderNo)).status, S.Applying);

  assert.equal((await api.call('GET', '/reviews', { token: agent.token })).status, 403, 'an agent does not review applications');
  const list = await api.call('GET', '/reviews', { token: reviewer.token });
  assert.equal(list.status, 200, JSON.stringify(list.body));
  const r = list.body.reviews.find((x: { orderNo: string }) => x.orderNo === u.orderNo);
  assert.equal(
    r.score,
    r.reasons.reduce((s: number, p: { points: number }) => s + p.points, 0),
    'the score is the sum of its reasons',
  );
  assert.ok(r.reasons.some((p: { rule: string }) => p.rule === 'age'));
  assert.equal(r.threshold, POLICY.scoring.threshold);
  assert.equal(r.late, false);
  assert.match(r.borrower.mobile, /\*{4}/);
  assert.equal(r.borrower.nationalId, `*********${BASIC.nationalId.slice(-4)}`);
  assert.ok(!JSON.stringify(r).includes(u.mobile.slice(1)) && !JSON.stringify(r).includes(BASIC.nationalId), 'no full number in the queue');

  assert.equal((await api.call('POST', `/reviews/${u.orderNo}/approve`, { token: reviewer.token, body: {} })).status, 400, 'a reason is required');
  const ok = await api.call('POST', `/reviews/${u.orderNo}/approve`, { token: reviewer.token, body: { reason: 'salary slip matches the band' } });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(ok.body, { orderNo: u.orderNo, decision: 'approve', orderStatus: S.Confirm });
  const again = await api.call('POST', `/reviews/${u.orderNo}/reject`, { token: reviewer.token, body: { reason: 'changed my mind' } });
  assert.equal(again.body.error, 'alreadyDecided');

  const after = await orderRow(u.orderNo);
  assert.deepEqual([after.status, after.decision, after.score], [S.Confirm, 'approve', r.score]);
  const d = await detail(u);
  assert.equal(d.manualReview, null);
  assert.ok(d.history.some((e: { type: string }) => e.type === 'approved'));
  // the borrower continues: confirms and is paid out as after an automatic approval
  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  const gm = await srv.client('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: idempotencyKey('gm') }, { token: u.token });
  assert.equal(gm.code, 0, JSON.stringify(gm));
  await srv.dev('clock/advance', { ms: srv.cfg.payoutDelayMs + 60_000 });
  assert.equal((await orderRow(u.orderNo)).status, S.Repaying);

  assert.equal((await auditOf(reviewer.staff.id, 'reviews.list')).length >= 1, true);
  const [decided] = await auditOf(reviewer.staff.id, 'review.approve');
  assert.equal(decided.subject, `order:${u.orderNo}`);
  assert.equal((decided.detail as { reason: string }).reason, 'salary slip matches the band');
  const refusals = await srv.deps.db
    .selectFrom('staff_audit')
    .select('detail')
    .where('staff_id', '=', agent.staff.id)
    .where('action', '=', 'refused')
    .execute();
  assert.ok(
    refusals.some((x) => (x.detail as { url: string }).url === '/staff/reviews'),
    "the agent's refusal is in the trail",
  );
});

test("a rejection by the reviewer is the rule's rejection: the order is refused and the reapply wait starts", async () => {
  const u = await applied();
  const r = await api.call('POST', `/reviews/${u.orderNo}/reject`, { token: reviewer.token, body: { reason: 'income not plausible for the band' } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.orderStatus, S.Reject);
  const d = await detail(u);
  assert.equal(d.status, S.Reject);
  assert.ok(d.reapplyAt, 'the 30-day wait of a rejection');
  const decided = await api.call('GET', '/reviews?status=decided', { token: reviewer.token });
  const row = decided.body.reviews.find((x: { orderNo: string }) => x.orderNo === u.orderNo);
  assert.deepEqual([row.decision, row.decidedBy, row.reason], ['reject', reviewer.staff.username, 'income not plausible for the band']);
  assert.equal((await api.call('POST', `/reviews/LMNOSUCHORDER/approve`, { token: reviewer.token, body: { reason: 'whatever it is' } })).status, 404);
});

test('the borrower view: found by phone, CNIC or order number, masked; a full number revealed only with a reason, in the trail', async () => {
  const u = await applied();
  const collector = await api.member('collections');
  const byPhone = await api.call('GET', `/borrowers?q=${encodeURIComponent(`+92 ${u.mobile.slice(1)}`)}`, { token: collector.token });
  assert.equal(byPhone.status, 200, JSON.stringify(byPhone.body));
  assert.equal(byPhone.body.by, 'mobile');
  assert.equal(byPhone.body.borrowers.length, 1);
  const userId = byPhone.body.borrowers[0].userId;
  const cnic = `${BASIC.nationalId.slice(0, 5)}-${BASIC.nationalId.slice(5, 12)}-${BASIC.nationalId.slice(12)}`;
  const byCnic = await api.call('GET', `/borrowers?q=${cnic}`, { token: collector.token });
  assert.equal(byCnic.body.by, 'nationalId');
  assert.ok(byCnic.body.borrowers.some((b: { userId: number }) => b.userId === userId));
  const byOrder = await api.call('GET', `/borrowers?q=${u.orderNo.toLowerCase()}`, { token: collector.token });
  assert.deepEqual(
    byOrder.body.borrowers.map((b: { userId: number }) => b.userId),
    [userId],
  );
  assert.equal((await api.call('GET', '/borrowers?q=ab', { token: collector.token })).status, 400);

  const view = await api.call('GET', `/borrowers/${userId}`, { token: collector.token });
  assert.equal(view.status, 200, JSON.stringify(view.body));
  const text = JSON.stringify(view.body);
  assert.ok(!text.includes(u.mobile.slice(1)) && !text.includes(BASIC.nationalId), 'no full mobile number or CNIC');
  assert.equal(view.body.borrower.nationalId.slice(-4), BASIC.nationalId.slice(-4));
  assert.equal(view.body.orders[0].orderNo, u.orderNo);
  assert.equal(view.body.orders[0].owedNow, 0, 'not paid out: nothing owed');
  assert.ok(Array.isArray(view.body.payments) && Array.isArray(view.body.proofs) && Array.isArray(view.body.complaints));
  assert.ok(view.body.borrower.emergencyContacts.every((c: { mobile: string }) => c.mobile.includes('****')));

  const admin = await api.member('admin');
  assert.equal((await api.call('GET', `/borrowers/${userId}`, { token: admin.token })).status, 403, 'an admin manages staff, not borrowers');
  const short = await api.call('POST', `/borrowers/${userId}/reveal`, { token: collector.token, body: { field: 'nationalId', reason: 'check' } });
  assert.equal(short.status, 400);
  assert.ok(short.body.fields.reason);
  const reason = 'borrower called from another number to confirm identity';
  const shown = await api.call('POST', `/borrowers/${userId}/reveal`, { token: collector.token, body: { field: 'nationalId', reason } });
  assert.equal(shown.status, 200, JSON.stringify(shown.body));
  assert.deepEqual(shown.body, { userId, field: 'nationalId', value: BASIC.nationalId });
  const phone = await api.call('POST', `/borrowers/${userId}/reveal`, { token: collector.token, body: { field: 'mobile', reason } });
  assert.equal(phone.body.value, u.mobile.replace(/^0/, ''));

  const reveals = await auditOf(collector.staff.id, 'borrower.reveal');
  assert.deepEqual(
    reveals.map((e) => [e.subject, (e.detail as { field: string }).field, (e.detail as { reason: string }).reason]),
    [
      [`user:${userId}`, 'nationalId', reason],
      [`user:${userId}`, 'mobile', reason],
    ],
  );
  assert.equal((await auditOf(collector.staff.id, 'borrower.view')).length, 1);
  const searches = await auditOf(collector.staff.id, 'borrowers.search');
  assert.ok(
    searches.every((e) => !JSON.stringify(e.detail).includes(u.mobile.slice(1))),
    'the search term is not kept in the trail',
  );
  const verified = await api.call('GET', '/audit/verify', { token: admin.token });
  assert.equal(verified.body.ok, true);
});
