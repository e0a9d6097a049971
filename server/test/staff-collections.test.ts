/**
 * Collections and the money actions of issue 40 through the staff API: the overdue loans queue, contact attempts and
 * promises to pay under the market profile's recovery rules; refunds of overpayment and write-offs by maker-checker,
 * posted through the ledger (checkLedger after each), two approvals of one refund at once applied once; refunds sent
 * through the payout rail (the sandbox), a failed one owed back again. PGlite and PostgreSQL.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, disbursedLoan as paidOutLoan, idempotencyKey as key, orderRecords, JPEG, DAY } from './helpers';
import { staffApi } from './staffHelpers';
import { checkLedger } from './ledgerInvariants';
import { loadProfile } from '../src/market/profile';
import { recoveryRefusal } from '../src/services/collections';
import { refundOrder } from '../src/usecases/refund';
import { moneyOf } from '../src/repos/ledger';
import { PKT_OFFSET_MS } from '../src/core/time';
import C from '../src/api/contract';

const { OrderStatus: S } = C;
type Member = Awaited<ReturnType<ReturnType<typeof staffApi>['member']>>;
let api: ReturnType<typeof staffApi>;
let agent: Member, collector: Member, supervisor: Member, supervisor2: Member;
const { srv } = serverForFile(
  { sessionTtlDays: 3650, staffSignInRateMax: 0 },
  {
    setup: async (s) => {
      api = staffApi(s.base);
      [agent, collector, supervisor, supervisor2] = await Promise.all([
        api.member('agent'),
        api.member('collections'),
        api.member('supervisor'),
        api.member('supervisor'),
      ]);
    },
  },
);

const order = (orderNo: string) => srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
const { transfersOf } = orderRecords(srv);
const refundRow = (reference: string) => srv.deps.db.selectFrom('refunds').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
const amountDue = async (u: { token: string; orderNo: string }) =>
  (await srv.client('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.amountDue as number;
/** moves the business clock forward to the next `hour`:00 Pakistan time (jobs run) */
async function toPkHour(hour: number) {
  const now = srv.deps.clock.now();
  const into = (now + PKT_OFFSET_MS) % DAY;
  const ms = (hour * 3_600_000 - into + DAY) % DAY || DAY;
  await srv.dev('clock/advance', { ms });
}

/** a paid-out loan, then its due date passed: Overdued */
async function overdueLoan() {
  const u = await paidOutLoan(srv);
  const o = await order(u.orderNo);
  await srv.dev('clock/advance', { ms: o.due_at! - srv.deps.clock.now() + 2 * DAY });
  assert.equal((await order(u.orderNo)).status, S.Overdued);
  return u;
}

let refs = 0;
/** money owed back on a paid-off loan: a transfer proof of `extra` accepted after the borrower paid everything at the cashier */
async function overpaidLoan(extra: number) {
  const u = await paidOutLoan(srv);
  const up = await srv.client('proofUpload', { orderNo: u.orderNo }, { token: u.token, file: { data: JPEG } });
  const sa = await srv.client(
    'saveAdditional',
    { orderNo: u.orderNo, fileId: up.data.fileId, amount: extra, transactionRef: `RF${process.pid}N${++refs}` },
    { token: u.token },
  );
  assert.equal(sa.code, 0, JSON.stringify(sa));
  const c = await srv.client('repaymentConfirm', { orderNo: u.orderNo, amount: await amountDue(u), idempotencyKey: key('pay') }, { token: u.token });
  await srv.client('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'easypaisa' }, { token: u.token });
  const acc = await api.call('POST', `/proofs/${sa.data.proof.proofId}/accept`, { token: agent.token, body: {} });
  assert.equal(acc.body.refundOwed, extra, JSON.stringify(acc.body));
  return u;
}

test('recovery rules: pk-secp forbids contacting emergency contacts; both profiles keep to 9:00-18:00 Pakistan time', () => {
  const secp = loadProfile('pk-secp').recovery;
  const spec = loadProfile('spec').recovery;
  const at = (h: number) => Date.parse('2026-01-05T00:00:00Z') - PKT_OFFSET_MS + h * 3_600_000;
  assert.equal(recoveryRefusal(secp, 'emergencyContact', at(10))?.error, 'referencesOffLimits');
  assert.equal(recoveryRefusal(spec, 'emergencyContact', at(10)), null);
  assert.equal(recoveryRefusal(secp, 'borrower', at(10)), null);
  assert.equal(recoveryRefusal(secp, 'borrower', at(8.99))?.error, 'outsideContactHours');
  assert.equal(recoveryRefusal(spec, 'borrower', at(18))?.error, 'outsideContactHours');
  assert.equal(recoveryRefusal(spec, 'borrower', at(17.99)), null);
});

test('collections: the overdue queue, contact attempts and a promise to pay, the contact hours enforced, roles and the trail', async () => {
  const u = await overdueLoan();
  assert.equal((await api.call('GET', '/collections', { token: agent.token })).status, 403, 'an agent does not collect');
  await toPkHour(20);
  const late = await api.call('POST', `/collections/${u.orderNo}/contacts`, {
    token: collector.token,
    headers: { lang: 'ur' },
    body: { channel: 'call', party: 'borrower', outcome: 'noAnswer' },
  });
  assert.equal(late.status, 409, JSON.stringify(late.body));
  assert.equal(late.body.error, 'outsideContactHours');
  assert.match(late.body.message, /09:00.*18:00/);
  assert.equal(late.body.from, '09:00');

  await toPkHour(10);
  const first = await api.call('POST', `/collections/${u.orderNo}/contacts`, {
    token: collector.token,
    body: { channel: 'call', party: 'borrower', outcome: 'noAnswer', note: 'rang twice' },
  });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  const today = new Date(srv.deps.clock.now() + PKT_OFFSET_MS).toISOString().slice(0, 10);
  const inAWeek = new Date(srv.deps.clock.now() + PKT_OFFSET_MS + 7 * DAY).toISOString().slice(0, 10);
  const noDate = await api.call('POST', `/collections/${u.orderNo}/contacts`, {
    token: collector.token,
    body: { channel: 'sms', party: 'borrower', outcome: 'promiseToPay' },
  });
  assert.equal(noDate.status, 400);
  assert.ok(noDate.body.fields.promiseDate);
  const past = await api.call('POST', `/collections/${u.orderNo}/contacts`, {
    token: collector.token,
    body: { channel: 'call', party: 'borrower', outcome: 'promiseToPay', promiseDate: '2020-01-01' },
  });
  assert.equal(past.status, 400);
  const promised = await api.call('POST', `/collections/${u.orderNo}/contacts`, {
    token: collector.token,
    body: { channel: 'whatsapp', party: 'emergencyContact', outcome: 'promiseToPay', promiseDate: inAWeek, promiseAmount: 2000 },
  });
  assert.equal(promised.status, 200, JSON.stringify(promised.body));
  assert.deepEqual(
    [promised.body.contact.party, promised.body.contact.promiseDate, promised.body.contact.by],
    ['emergencyContact', inAWeek, collector.staff.username],
  );

  const queue = await api.call('GET', '/collections', { token: collector.token });
  assert.equal(queue.status, 200, JSON.stringify(queue.body));
  const loan = queue.body.loans.find((l: { orderNo: string }) => l.orderNo === u.orderNo);
  assert.ok(loan.daysOverdue >= 2, JSON.stringify(loan));
  assert.equal(loan.owedNow, await amountDue(u));
  assert.equal(loan.contacts, 2);
  assert.equal(loan.lastContact.outcome, 'promiseToPay');
  assert.deepEqual(loan.promise, { date: inAWeek, amount: 2000, madeAt: loan.lastContact.at, broken: false });
  assert.match(loan.borrowerMobile, /\*{4}/);
  assert.ok(inAWeek > today);
  const contacts = await api.call('GET', `/collections/${u.orderNo}/contacts`, { token: collector.token });
  assert.deepEqual(
    contacts.body.contacts.map((c: { outcome: string }) => c.outcome),
    ['promiseToPay', 'noAnswer'],
  );
  const trail = await srv.deps.db.selectFrom('staff_audit').select('action').where('staff_id', '=', collector.staff.id).execute();
  for (const a of ['collections.contact', 'collections.list', 'collections.contacts', 'refused'])
    assert.ok(
      trail.some((e) => e.action === a),
      a,
    );

  // a loan being repaid on time is not a collections matter
  const current = await paidOutLoan(srv);
  const notDue = await api.call('POST', `/collections/${current.orderNo}/contacts`, {
    token: collector.token,
    body: { channel: 'call', party: 'borrower', outcome: 'reached' },
  });
  assert.equal(notDue.body.error, 'notOverdue');
});

test('refund of an overpayment: proposed, refused to its maker and an agent, applied once by a supervisor, sent by the rail', async () => {
  const u = await overpaidLoan(1500);
  const id = (await order(u.orderNo)).id;
  const tooMuch = await api.call('POST', '/proposals', {
    token: agent.token,
    body: { kind: 'refund', orderNo: u.orderNo, amount: 1600, reason: 'paid twice' },
  });
  assert.equal(tooMuch.status, 400);
  assert.equal(tooMuch.body.max, 1500);
  const p = await api.call('POST', '/proposals', { token: supervisor.token, body: { kind: 'refund', orderNo: u.orderNo, amount: 1500, reason: 'paid twice' } });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  assert.deepEqual([p.body.kind, p.body.amount, p.body.status], ['refund', 1500, 'pending']);
  assert.equal((await api.call('POST', `/proposals/${p.body.id}/approve`, { token: agent.token })).status, 403);
  assert.equal((await api.call('POST', `/proposals/${p.body.id}/approve`, { token: supervisor.token })).body.error, 'ownProposal');
  assert.equal((await moneyOf(srv.deps.db, id)).bal.refundPayable, -1500, 'nothing moves before the approval');

  // the provider holds it: approved and handed to the payout rail, the money not out yet
  await srv.rails('accounts', { account: C.normalizeMobile(u.mobile), disburse: 'hold' });
  const ok = await api.call('POST', `/proposals/${p.body.id}/approve`, { token: supervisor2.token });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  const reference = `RF-${u.orderNo}-${p.body.id}`;
  assert.deepEqual(
    [ok.body.proposal.status, ok.body.proposal.outcome.reference, ok.body.proposal.outcome.amount, ok.body.proposal.outcome.refundOwed, ok.body.transferState],
    ['applied', reference, 1500, 0, 'pending'],
  );
  const m = await moneyOf(srv.deps.db, id);
  assert.deepEqual([m.bal.refundPayable, m.bal.refundOutgoing], [0, -1500]);
  assert.deepEqual([(await refundRow(reference)).status, (await refundRow(reference)).amount], ['due', 1500]);
  const [sending] = await transfersOf(u.orderNo, 'refund');
  assert.deepEqual([sending.reference, sending.amount, sending.state], [reference, 1500, 'pending']);
  await checkLedger(srv.deps.db, id);
  // nothing is owed back any more: a second refund is refused at the proposal
  const again = await api.call('POST', '/proposals', { token: agent.token, body: { kind: 'refund', orderNo: u.orderNo, amount: 1, reason: 'once more' } });
  assert.equal(again.status, 400);

  // the provider sends it and says so (its signed notice): cash out, the refund sent; its settlement file agrees
  await srv.rails('accounts', { account: C.normalizeMobile(u.mobile), disburse: 'ok' });
  assert.equal((await transfersOf(u.orderNo, 'refund'))[0].state, 'succeeded');
  assert.deepEqual([(await refundRow(reference)).status, (await transfersOf(u.orderNo, 'refund')).length], ['sent', 1]);
  const after = await moneyOf(srv.deps.db, id);
  assert.equal(after.bal.refundOutgoing, 0);
  const st = await srv.client('repaymentStatement', { orderNo: u.orderNo }, { token: u.token });
  const line = st.data.lines.at(-1);
  assert.deepEqual([line.event, line.received, line.balance], ['refund', 1500, 0]);
  const history = await srv.deps.db.selectFrom('order_events').select(['type', 'note']).where('order_id', '=', id).execute();
  assert.ok(history.some((e) => e.type === 'refunded' && e.note === '1500'));
  await checkLedger(srv.deps.db, id);
  const approvals = await srv.deps.db
    .selectFrom('staff_audit')
    .select('detail')
    .where('action', '=', 'proposal.approve')
    .where('subject', '=', `proposal:${p.body.id}`)
    .execute();
  assert.equal(approvals.length, 1);

  // the provider's settlement file lists the refund: the reconciliation finds it agrees with the ledger's cash out
  await srv.rails('cutoff', {});
  assert.equal((await srv.dev('jobs/run', {})).jobs?.reconciled, 1);
  const ex = await api.call('GET', '/rails/exceptions', { token: supervisor.token });
  assert.equal(ex.status, 200);
  assert.deepEqual(
    ex.body.exceptions.filter((e: { reference: string }) => e.reference === reference),
    [],
  );
  assert.equal((await transfersOf(u.orderNo, 'refund'))[0].settlement_file !== null, true, 'filed');
});

test('a refund the rail fails is owed back again and listed for operations; a new proposal sends it', async () => {
  const u = await overpaidLoan(900);
  const id = (await order(u.orderNo)).id;
  const propose = (amount: number) =>
    api.call('POST', '/proposals', { token: agent.token, body: { kind: 'refund', orderNo: u.orderNo, amount, reason: 'overpaid' } });
  const p = await propose(900);
  await srv.rails('accounts', { account: C.normalizeMobile(u.mobile), disburse: 'fail' });
  const ok = await api.call('POST', `/proposals/${p.body.id}/approve`, { token: supervisor.token });
  assert.deepEqual([ok.status, ok.body.proposal.status, ok.body.transferState], [200, 'applied', 'failed'], JSON.stringify(ok.body));
  const reference = ok.body.proposal.outcome.reference;
  assert.equal((await refundRow(reference)).status, 'failed');
  const m = await moneyOf(srv.deps.db, id);
  assert.deepEqual([m.bal.refundPayable, m.bal.refundOutgoing], [-900, 0], 'owed back again');
  await checkLedger(srv.deps.db, id);
  const st = await srv.client('repaymentStatement', { orderNo: u.orderNo }, { token: u.token });
  assert.notEqual(st.data.lines.at(-1).event, 'refund', 'nothing reached the borrower');

  // operations see it with the failed transfers, and may propose it again: the borrower still sees Rs 900 owed back
  const tr = await api.call('GET', '/rails/transfers', { token: supervisor.token });
  const listed = tr.body.transfers.find((t: { reference: string }) => t.reference === reference);
  assert.deepEqual([listed?.kind, listed?.state, listed?.orderNo, listed?.amount], ['refund', 'failed', u.orderNo, 900], JSON.stringify(tr.body));
  const p2 = await propose(900);
  assert.equal(p2.status, 200, JSON.stringify(p2.body));
  const ok2 = await api.call('POST', `/proposals/${p2.body.id}/approve`, { token: supervisor2.token });
  assert.deepEqual([ok2.body.proposal.status, ok2.body.transferState], ['applied', 'succeeded'], JSON.stringify(ok2.body));
  const sent = await transfersOf(u.orderNo, 'refund');
  assert.deepEqual(
    sent.map((t) => [t.reference, t.state]),
    [
      [reference, 'failed'],
      [ok2.body.proposal.outcome.reference, 'succeeded'],
    ],
  );
  const after = await moneyOf(srv.deps.db, id);
  assert.deepEqual([after.bal.refundPayable, after.bal.refundOutgoing], [0, 0]);
  const cashOut = await srv.deps.db
    .selectFrom('journals')
    .select('kind')
    .where('order_id', '=', id)
    .where('kind', 'in', ['refund', 'refundSent', 'refundReturned'])
    .orderBy('id')
    .execute();
  assert.deepEqual(
    cashOut.map((j) => j.kind),
    ['refund', 'refundReturned', 'refund', 'refundSent'],
  );
  await checkLedger(srv.deps.db, id);
});

test('a refund approved before refunds went by the rail (due, no transfer) is sent by the refunds job, once', async () => {
  const u = await overpaidLoan(400);
  const id = (await order(u.orderNo)).id;
  const p = await api.call('POST', '/proposals', { token: agent.token, body: { kind: 'refund', orderNo: u.orderNo, amount: 400, reason: 'overpaid' } });
  // the approval's posting alone, as the server before migration 28 wrote it
  const r = await srv.deps.db.transaction().execute((trx) => refundOrder(trx, id, { amount: 400, proposalId: p.body.id }, srv.deps.clock.now()));
  assert.ok(r.ok);
  assert.equal((await transfersOf(u.orderNo, 'refund')).length, 0);
  const run = await srv.dev('jobs/run', {});
  assert.equal(run.jobs?.refundsSent, 1, JSON.stringify(run));
  const [t] = await transfersOf(u.orderNo, 'refund');
  assert.deepEqual([t.reference, t.state, t.amount], [r.reference, 'succeeded', 400]);
  assert.equal((await refundRow(r.reference)).status, 'sent');
  assert.equal((await srv.dev('jobs/run', {})).jobs?.refundsSent, 0, 'once');
  await checkLedger(srv.deps.db, id);
});

test('two approvals of one refund at once by two supervisors: applied once, the other answered alreadyDecided', async () => {
  const u = await overpaidLoan(700);
  const p = await api.call('POST', '/proposals', {
    token: agent.token,
    body: { kind: 'refund', orderNo: u.orderNo, amount: 700, reason: 'overpaid by transfer' },
  });
  const rs = await Promise.all([supervisor, supervisor2].map((s) => api.call('POST', `/proposals/${p.body.id}/approve`, { token: s.token })));
  assert.deepEqual(rs.map((r) => r.status).sort(), [200, 409], JSON.stringify(rs.map((r) => r.body)));
  assert.equal(rs.find((r) => r.status === 409)!.body.error, 'alreadyDecided');
  const id = (await order(u.orderNo)).id;
  assert.equal((await srv.deps.db.selectFrom('refunds').select('id').where('order_id', '=', id).execute()).length, 1);
  assert.equal((await srv.deps.db.selectFrom('journals').select('id').where('order_id', '=', id).where('kind', '=', 'refund').execute()).length, 1);
  assert.equal((await transfersOf(u.orderNo, 'refund')).length, 1, 'sent once');
  await checkLedger(srv.deps.db, id);
});

test('write-off: only of an overdue loan; approved by another supervisor it closes the loan with nothing owed, shown in the statement', async () => {
  const current = await paidOutLoan(srv);
  const early = await api.call('POST', '/proposals', {
    token: collector.token,
    body: { kind: 'writeOff', orderNo: current.orderNo, reason: 'borrower deceased' },
  });
  assert.equal(early.body.error, 'notOverdue');

  const u = await overdueLoan();
  const owedBefore = await amountDue(u);
  const p = await api.call('POST', '/proposals', {
    token: collector.token,
    body: { kind: 'writeOff', orderNo: u.orderNo, reason: 'borrower deceased, estate empty' },
  });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  assert.equal(p.body.owedWhenProposed, owedBefore);
  assert.equal((await api.call('POST', `/proposals/${p.body.id}/approve`, { token: collector.token })).status, 403, 'collections proposes, never approves');
  const ok = await api.call('POST', `/proposals/${p.body.id}/approve`, { token: supervisor.token });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(
    [ok.body.proposal.status, ok.body.proposal.outcome.orderStatus, ok.body.proposal.outcome.amountWrittenOff],
    ['applied', S.Finish, owedBefore],
  );
  const o = await order(u.orderNo);
  assert.equal(o.status, S.Finish);
  const m = await moneyOf(srv.deps.db, o.id);
  assert.equal(m.bal.writeOffExpense, owedBefore, 'what was owed, to the write-off expense');
  assert.equal(await amountDue(u), 0);
  const st = await srv.client('repaymentStatement', { orderNo: u.orderNo }, { token: u.token });
  assert.deepEqual([st.data.lines.at(-1).event, st.data.lines.at(-1).balance], ['writeOff', 0]);
  const history = await srv.deps.db.selectFrom('order_events').select('type').where('order_id', '=', o.id).execute();
  assert.ok(history.some((e) => e.type === 'writtenOff'));
  // the closed loan accrues nothing later
  await srv.dev('clock/advance', { ms: 3 * DAY });
  assert.equal((await moneyOf(srv.deps.db, o.id)).bal.penalty, 0);
  await checkLedger(srv.deps.db, o.id);
  // a second write-off of the same loan: refused at the proposal
  assert.equal(
    (await api.call('POST', '/proposals', { token: collector.token, body: { kind: 'writeOff', orderNo: u.orderNo, reason: 'again, by mistake' } })).body.error,
    'notOverdue',
  );

  // the borrower cannot open a new application, told why in their language; the products say applications are closed
  for (const lang of ['en', 'ur'] as const) {
    const again = await srv.client('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token, lang });
    assert.deepEqual([again.code, again.msg], [C.ErrorCode.writtenOffNoReapply, C.errorMessage(C.ErrorCode.writtenOffNoReapply, lang)]);
  }
  const products = await srv.client('productList', {}, { token: u.token });
  assert.ok(
    products.data.products.every((p: { available: boolean }) => !p.available),
    JSON.stringify(products.data.products[0]),
  );
  assert.equal((await srv.deps.db.selectFrom('orders').select('id').where('user_id', '=', o.user_id).execute()).length, 1, 'no new order');
});
