/**
 * The proofs of repayment queue through the staff API (issue 40): each proof beside what its order owes and
 * its 48 h clock, the photo (its read recorded); a proof accepted for an order the borrower has paid off
 * since becomes money owed back (refundPayable), not a 500 leaving it pending; two proofs of one transaction
 * reference: the second flagged and never credited, also when both are accepted at once. PGlite and PostgreSQL.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, disbursedLoan as paidOutLoan, idempotencyKey as key, JPEG } from './helpers';
import { staffApi } from './staffHelpers';
import { checkLedger } from './ledgerInvariants';
import { POLICY } from '../src/settings/policy';
import C from '../src/api/contract';

const { OrderStatus: S } = C;
let api: ReturnType<typeof staffApi>;
let agent: { token: string; staff: { id: number } };
const { srv } = serverForFile(
  { sessionTtlDays: 3650, staffSignInRateMax: 0 },
  {
    setup: async (s) => {
      api = staffApi(s.base);
      agent = await api.member('agent');
    },
  },
);

const order = (orderNo: string) => srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();

const disbursedLoan = () => paidOutLoan(srv);
async function sendProof(u: { token: string; orderNo: string }, amount: number, transactionRef: string) {
  const up = await srv.client('proofUpload', { orderNo: u.orderNo }, { token: u.token, file: { data: JPEG } });
  assert.equal(up.code, 0, JSON.stringify(up));
  const sa = await srv.client('saveAdditional', { orderNo: u.orderNo, fileId: up.data.fileId, amount, transactionRef }, { token: u.token });
  assert.equal(sa.code, 0, JSON.stringify(sa));
  return sa.data.proof.proofId as number;
}
const amountDue = async (u: { token: string; orderNo: string }) =>
  (await srv.client('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.amountDue as number;
const journalsOf = async (orderNo: string, kind: 'payment') =>
  srv.deps.db
    .selectFrom('journals')
    .select('id')
    .where('order_id', '=', (await order(orderNo)).id)
    .where('kind', '=', kind)
    .execute();

test('the queue: a pending proof beside what its order owes and its 48 h clock, its photo; a rejection needs a reason', async () => {
  const u = await disbursedLoan();
  const id = await sendProof(u, 1000, `Q${process.pid}A1`);
  const list = await api.call('GET', '/proofs', { token: agent.token });
  assert.equal(list.status, 200, JSON.stringify(list.body));
  const p = list.body.proofs.find((x: { proofId: number }) => x.proofId === id);
  assert.equal(p.orderNo, u.orderNo);
  assert.equal(p.amount, 1000);
  assert.equal(p.owedNow, await amountDue(u));
  assert.equal(Date.parse(p.checkBy) - Date.parse(p.submittedAt), POLICY.proofCheckHours * 3_600_000);
  assert.ok(p.hoursLeft > 47 && p.hoursLeft <= 48);
  assert.equal(p.duplicate, false);
  assert.match(p.borrowerMobile, /\*{4}/);
  const img = await fetch(`${srv.base}${p.imageUrl}`, { headers: { authorization: `Bearer ${agent.token}` } });
  assert.equal(img.status, 200);
  assert.match(img.headers.get('content-type') ?? '', /^image\//);
  assert.ok((await img.arrayBuffer()).byteLength > 0);
  const reads = await srv.deps.db.selectFrom('staff_audit').select(['action', 'subject']).where('staff_id', '=', agent.staff.id).execute();
  assert.ok(reads.some((r) => r.action === 'proofs.list'));
  assert.ok(reads.some((r) => r.action === 'proof.image' && r.subject === `proof:${id}`));
  // a reviewer has no business here
  assert.equal((await api.call('GET', '/proofs', { token: (await api.member('reviewer')).token })).status, 403);

  assert.equal((await api.call('POST', `/proofs/${id}/reject`, { token: agent.token, body: {} })).status, 400);
  const rej = await api.call('POST', `/proofs/${id}/reject`, { token: agent.token, body: { reason: 'the slip shows another account' } });
  assert.equal(rej.status, 200, JSON.stringify(rej.body));
  assert.equal(rej.body.proof.status, 'rejected');
  assert.equal((await api.call('POST', `/proofs/${id}/accept`, { token: agent.token, body: {} })).body.error, 'alreadyDecided');
  const borrowerSees = await srv.client('proofStatus', { orderNo: u.orderNo }, { token: u.token });
  assert.equal(borrowerSees.data.proofs[0].status, 'rejected');
});

test('a proof accepted after the borrower paid the loan off: the loan stays finished and the money is owed back', async () => {
  const u = await disbursedLoan();
  const id = await sendProof(u, 1500, `Q${process.pid}PAID`);
  // meanwhile the borrower pays everything at the cashier
  const due = await amountDue(u);
  const c = await srv.client('repaymentConfirm', { orderNo: u.orderNo, amount: due, idempotencyKey: key('pay') }, { token: u.token });
  assert.equal(c.code, 0, JSON.stringify(c));
  const paid = await srv.client('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token });
  assert.equal(paid.data.payment.status, 'success');
  assert.equal((await order(u.orderNo)).status, S.Finish);

  const r = await api.call('POST', `/proofs/${id}/accept`, { token: agent.token, body: {} });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.proof.status, 'accepted');
  assert.deepEqual([r.body.orderStatus, r.body.owedNow, r.body.refundOwed], [S.Finish, 0, 1500]);
  assert.equal((await order(u.orderNo)).status, S.Finish);
  assert.equal((await journalsOf(u.orderNo, 'payment')).length, 2);
  const st = await srv.client('repaymentStatement', { orderNo: u.orderNo }, { token: u.token });
  assert.equal(st.data.lines.at(-1).overpaid, 1500);
  await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
});

test('two proofs with one transaction reference: the second is flagged and not credited, also when both are accepted at once', async () => {
  const ref = `Q${process.pid}DUP`;
  const a = await disbursedLoan();
  const b = await disbursedLoan();
  const first = await sendProof(a, 1000, ref);
  const second = await sendProof(b, 1000, ref.toLowerCase());
  const list = (await api.call('GET', '/proofs', { token: agent.token })).body.proofs;
  const flagged = list.find((x: { proofId: number }) => x.proofId === second);
  assert.equal(flagged.duplicate, true);
  assert.deepEqual(flagged.sameReference, [{ proofId: first, status: 'pending' }]);
  assert.equal(list.find((x: { proofId: number }) => x.proofId === first).duplicate, false);

  const dueB = await amountDue(b);
  const rs = await Promise.all([first, second].map((id) => api.call('POST', `/proofs/${id}/accept`, { token: agent.token, body: {} })));
  assert.deepEqual(rs.map((r) => r.status).sort(), [200, 409], JSON.stringify(rs.map((r) => r.body)));
  const refused = rs.find((r) => r.status === 409)!;
  assert.equal(refused.body.error, 'duplicateReference');
  const statuses = await srv.deps.db.selectFrom('proofs').select(['id', 'status']).where('id', 'in', [first, second]).orderBy('id').execute();
  assert.deepEqual(statuses.map((s) => s.status).sort(), ['accepted', 'pending'], 'one credited, the other left for a rejection');
  const credited = (await journalsOf(a.orderNo, 'payment')).length + (await journalsOf(b.orderNo, 'payment')).length;
  assert.equal(credited, 1);
  if (statuses[1].status === 'pending') assert.equal(await amountDue(b), dueB);
  await checkLedger(srv.deps.db, (await order(a.orderNo)).id);
  await checkLedger(srv.deps.db, (await order(b.orderNo)).id);
});
