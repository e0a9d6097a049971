/**
 * The borrower's statement (repaymentStatement: the ledger's journals in the borrower's terms) and staff's
 * waivers (proposed by one staff member, applied when another supervisor approves: a balanced waiver journal,
 * audited, refused above what is owed, finishing a loan it leaves owing nothing). PGlite, and PostgreSQL by the test command.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, DAY, disbursedLoan as paidOutLoan, idempotencyKey as key } from './helpers';
import { staffApi } from './staffHelpers';
import { checkLedger } from './ledgerInvariants';
import { POLICY, PRODUCTS } from '../src/settings/policy';
import { pkDayStart } from '../src/core/time';
import C from '../src/api/contract';

const { OrderStatus: S, ErrorCode } = C;
let staff: ReturnType<typeof staffApi>;
let agent: { token: string; staff: { username: string } };
let supervisor: { token: string };
const { srv, call } = serverForFile(
  { sessionTtlDays: 3650, staffSignInRateMax: 0 },
  {
    setup: async (s) => {
      staff = staffApi(s.base);
      agent = await staff.member('agent');
      supervisor = await staff.member('supervisor');
    },
  },
);

const terms = PRODUCTS.find((p) => p.id === 'P001')!;
const order = (orderNo: string) => srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();

const disbursedLoan = () => paidOutLoan(srv);
const statement = async (u: { token: string; orderNo: string }) => {
  const r = await call('repaymentStatement', { orderNo: u.orderNo }, { token: u.token });
  assert.equal(r.code, 0, JSON.stringify(r));
  return r.data as {
    lines: {
      event: string;
      principal: number;
      interest: number;
      penalty: number;
      fee: number;
      coupon: number;
      paid: number;
      received: number;
      overpaid: number;
      balance: number;
    }[];
    amountDue: number;
  };
};
const amountDue = async (u: { token: string; orderNo: string }) =>
  (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.amountDue as number;
async function pay(u: { token: string; orderNo: string }, amount: number) {
  const c = await call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: key('pay') }, { token: u.token });
  assert.equal(c.code, 0, JSON.stringify(c));
  const p = await call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token });
  assert.equal(p.data.payment.status, 'success', JSON.stringify(p));
}
/** a waiver proposed by the agent and approved by the supervisor: the proposal's answer if refused, else the approval's */
async function waive(body: Record<string, unknown>) {
  const p = await staff.call('POST', '/proposals', { token: agent.token, body: { kind: 'waiver', ...body } });
  if (p.status !== 200) return p;
  return staff.call('POST', `/proposals/${p.body.id}/approve`, { token: supervisor.token });
}
/** moves the shared business clock to `at` (never back) and runs the jobs */
const advanceTo = (at: number) => srv.dev('clock/advance', { ms: Math.max(0, at - srv.deps.clock.now()) });
const sum = (lines: { [k: string]: unknown }[], field: string) => lines.reduce((s, l) => s + (l[field] as number), 0);

test("the statement lists the loan's money events in the borrower's terms, its last balance what is due; another's order is not found", async () => {
  const u = await disbursedLoan();
  const s = await statement(u);
  const processingFee = Math.round((5000 * terms.processingFeeRate) / 100);
  const tax = Math.round((processingFee * terms.taxRate) / 100);
  assert.deepEqual(
    s.lines.map((l) => l.event),
    ['disbursal', 'interest', 'coupon'],
  );
  assert.deepEqual(s.lines[0], { ...s.lines[0], principal: 5000, received: 5000 - processingFee - tax, paid: 0, balance: 5000 });
  assert.equal(s.lines[2].coupon, -POLICY.cardCoupon);
  assert.equal(s.amountDue, await amountDue(u));
  assert.equal(s.lines.at(-1)!.balance, s.amountDue);

  // ten days on, a part payment: the accruals to now are lines too, the payment takes the principal first
  await srv.dev('clock/advance', { ms: 10 * DAY });
  await pay(u, 1000);
  const after = await statement(u);
  const p = after.lines.find((l) => l.event === 'payment')!;
  assert.deepEqual(p, { ...p, paid: 1000, principal: -1000, interest: 0, received: 0 });
  const d = (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(sum(after.lines, 'interest'), d.order.figures.interestAccrued, 'the interest of the days held');
  assert.equal(after.amountDue, await amountDue(u));
  assert.equal(after.lines.at(-1)!.balance, after.amountDue);

  const other = await register(call);
  assert.equal((await call('repaymentStatement', { orderNo: u.orderNo }, { token: other.token })).code, ErrorCode.notFound);
  await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
});

test('waivers: proposed by an agent and approved by a supervisor, checked input, refused above what is owed; a balanced audited journal shown in the statement', async () => {
  const u = await disbursedLoan();
  const id = (await order(u.orderNo)).id;
  await advanceTo(pkDayStart((await order(u.orderNo)).due_at!) + 4 * DAY + 3_600_000);
  assert.equal((await order(u.orderNo)).status, S.Overdued);
  const penalty = 4 * Math.round((5000 * terms.penaltyRatePerDay) / 100);
  const w = { orderNo: u.orderNo, account: 'penalty', amount: 150, reason: 'hospital stay, documents seen' };

  for (const bad of [
    { ...w, account: 'principal' },
    { ...w, amount: 0 },
    { ...w, amount: 1.5 },
    { ...w, reason: '' },
    { ...w, operator: 'me' },
  ]) {
    const r = await waive(bad);
    assert.equal(r.status, 400, JSON.stringify(bad));
    assert.deepEqual(Object.keys(r.body.fields).length, 1, JSON.stringify(r.body));
  }
  assert.equal((await waive({ ...w, orderNo: 'NO-SUCH-ORDER' })).status, 404);
  const above = await waive({ ...w, amount: penalty + 1 });
  assert.equal(above.status, 409);
  assert.equal(above.body.proposal.outcome.max, penalty);
  assert.match(above.body.proposal.outcome.error, new RegExp(`at most ${penalty} of penalty`));
  assert.equal((await waive({ ...w, account: 'fee' })).status, 409, 'no fee is owed');

  const before = await amountDue(u);
  const ok = await waive(w);
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(ok.body.proposal.outcome, { amountDue: before - 150, orderStatus: S.Overdued });
  assert.deepEqual([ok.body.proposal.status, ok.body.proposal.account, ok.body.proposal.amount], ['applied', 'penalty', 150]);
  assert.equal(await amountDue(u), before - 150);
  const view = (await call('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data;
  assert.equal(view.order.schedule[0].total - view.order.schedule[0].paid, view.amountDue, 'the schedule is less what was waived');
  const s = await statement(u);
  const line = s.lines.find((l) => l.event === 'waiver')!;
  assert.deepEqual(line, { ...line, penalty: -150, interest: 0, principal: 0, paid: 0 });
  assert.equal(s.lines.at(-1)!.balance, before - 150);
  const audited = await srv.deps.db.selectFrom('audit_log').select('detail').where('kind', '=', 'waiver').execute();
  assert.ok(audited.some((r) => JSON.stringify(r.detail).includes(`${agent.staff.username} (proposal ${ok.body.proposal.id})`)));
  await checkLedger(srv.deps.db, id);

  // the next day's penalty still accrues on the principal (no interest after the due date); what was waived is not charged again
  await srv.dev('clock/advance', { ms: DAY });
  assert.equal(await amountDue(u), before - 150 + Math.round((5000 * terms.penaltyRatePerDay) / 100));
  await checkLedger(srv.deps.db, id);
});

test('a waiver that leaves nothing owed applies the coupon and finishes the loan; nothing more can be waived', async () => {
  const u = await disbursedLoan();
  const id = (await order(u.orderNo)).id;
  await srv.dev('clock/advance', { ms: 60 * DAY });
  await pay(u, 5000); // the principal first: what is left is the interest less the coupon
  const left = await amountDue(u);
  const interest = sum((await statement(u)).lines, 'interest');
  assert.equal(left, interest - POLICY.cardCoupon);
  const w = { orderNo: u.orderNo, account: 'interest', reason: 'goodwill after a complaint' };
  assert.equal((await waive({ ...w, amount: interest })).body.proposal.outcome.max, left, 'never more than what is owed, the coupon counted');
  const r = await waive({ ...w, amount: left });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.proposal.outcome, { amountDue: 0, orderStatus: S.Finish });
  const o = await order(u.orderNo);
  assert.equal(o.status, S.Finish);
  assert.ok(o.paid_off_at);
  const s = await statement(u);
  assert.deepEqual(
    s.lines.slice(-2).map((l) => [l.event, l.balance]),
    [
      ['waiver', 0],
      ['couponApplied', 0],
    ],
  );
  assert.equal(s.amountDue, 0);
  const events = await srv.deps.db.selectFrom('order_events').select('type').where('order_id', '=', id).execute();
  assert.ok(events.some((e) => e.type === 'waivedOff'));
  assert.equal((await waive({ ...w, amount: 1 })).status, 409);
  await checkLedger(srv.deps.db, id);
});

test('two waivers at once that together exceed what is owed: one is refused (the order lock)', async () => {
  const u = await disbursedLoan();
  await srv.dev('clock/advance', { ms: 30 * DAY });
  const interest = (await statement(u)).lines.reduce((s, l) => s + l.interest, 0);
  const half = Math.floor(interest / 2) + 1;
  const w = { orderNo: u.orderNo, account: 'interest', amount: half, reason: 'duplicate request test' };
  const rs = await Promise.all([waive(w), waive(w)]);
  assert.deepEqual(rs.map((r) => r.status).sort(), [200, 409]);
  await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
});
