/**
 * A manual payout retry by maker-checker (issue 40): a failed payout's order (PayFail) gets a NEW attempt through the
 * rails (a new reference) once a supervisor other than the maker approves; never two live payouts of one order, and
 * two approvals at once apply once (run on PostgreSQL too: PGlite hides races).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import C from '../src/api/contract';
import { serverForFile, register, onboard, idempotencyKey, disbursedLoan, orderRecords } from './helpers';
import { staffApi } from './staffHelpers';

const { OrderStatus } = C;
const { srv, call } = serverForFile({ staffSignInRateMax: 0 });

const { orderRow, transfersOf, disbursals } = orderRecords(srv);
const payoutsOf = (orderNo: string) => transfersOf(orderNo, 'payout');

/** a confirmed loan whose payout the provider declined (the order at PayFail); `account` is the payout account's rule key */
async function failedPayout() {
  const u = await register(call);
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: 'approve' });
  const account = C.normalizeMobile(u.mobile);
  await srv.rails('accounts', { account, disburse: 'fail' });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  const orderNo = ap.data.order.orderNo as string;
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  const gm = await call('getMoney', { orderNo, agree: true, idempotencyKey: idempotencyKey('gm') }, { token: u.token });
  assert.equal(gm.code, 0, JSON.stringify(gm));
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await orderRow(orderNo)).status, OrderStatus.PayFail);
  return { ...u, orderNo, account };
}

/** the staff API of the file's server (its address is known once the tests run) */
const staff = () => staffApi(srv.base);
const propose = (token: string, orderNo: string) =>
  staff().call('POST', '/proposals', { token, body: { kind: 'payoutRetry', orderNo, reason: 'account fixed by the bank, retry' } });

test('a retry proposed by a supervisor and approved by another pays out through a new attempt, once; the maker and an agent cannot approve', async () => {
  const api = staff();
  const [agent, sup, maker] = await Promise.all([api.member('agent'), api.member('supervisor'), api.member('supervisor')]);
  const u = await failedPayout();
  const [failed] = await payoutsOf(u.orderNo);
  assert.equal(failed.state, 'failed');

  const p = await propose(maker.token, u.orderNo);
  assert.equal(p.status, 200, JSON.stringify(p.body));
  assert.deepEqual([p.body.kind, p.body.status, p.body.failedReference], ['payoutRetry', 'pending', failed.reference]);
  assert.equal((await payoutsOf(u.orderNo)).length, 1, 'a proposal moves nothing');
  assert.equal((await api.call('POST', `/proposals/${p.body.id}/approve`, { token: agent.token })).status, 403, "an agent's approval is refused");
  const ownApproval = await api.call('POST', `/proposals/${p.body.id}/approve`, { token: maker.token });
  assert.deepEqual([ownApproval.status, ownApproval.body.error], [403, 'ownProposal']);

  await srv.rails('accounts', { account: u.account, disburse: 'ok' });
  const ok = await api.call('POST', `/proposals/${p.body.id}/approve`, { token: sup.token });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.proposal.status, 'applied');
  assert.equal(ok.body.transferState, 'succeeded');
  const payouts = await payoutsOf(u.orderNo);
  assert.equal(payouts.length, 2);
  assert.notEqual(payouts[1].reference, failed.reference, 'a new attempt, a new reference');
  assert.equal(ok.body.proposal.outcome.reference, payouts[1].reference);
  assert.equal(payouts[1].state, 'succeeded');
  assert.equal((await orderRow(u.orderNo)).status, OrderStatus.Repaying, 'the loan started');
  assert.equal(await disbursals(u.orderNo), 1);
  const seen = await call('latestOrder', {}, { token: u.token });
  assert.equal(seen.data.order.status, OrderStatus.Repaying);

  assert.equal((await api.call('POST', `/proposals/${p.body.id}/approve`, { token: sup.token })).body.error, 'alreadyDecided');
  assert.equal((await payoutsOf(u.orderNo)).length, 2);
  // and no new proposal for a paid-out order
  const again = await propose(agent.token, u.orderNo);
  assert.deepEqual([again.status, again.body.error], [409, 'noFailedPayout']);

  // the trail: proposed, refused, applied with the new attempt's reference
  const trail = await api.call('GET', `/audit?subject=proposal:${p.body.id}`, { token: sup.token });
  assert.equal(trail.status, 200, JSON.stringify(trail.body));
  const applied = trail.body.entries.find((e: { action: string; subject: string }) => e.action === 'proposal.approve' && e.subject === `proposal:${p.body.id}`);
  assert.equal(applied?.detail.reference, payouts[1].reference, JSON.stringify(applied));
});

test('a second retry of one order is refused when proposed, also when proposed at once; two approvals at once start one attempt', async () => {
  const api = staff();
  const [agent, other, supA, supB] = await Promise.all([api.member('agent'), api.member('collections'), api.member('supervisor'), api.member('supervisor')]);
  const u = await failedPayout();
  await srv.rails('accounts', { account: u.account, disburse: 'hold' });
  const at = await Promise.all([propose(agent.token, u.orderNo), propose(other.token, u.orderNo), propose(agent.token, u.orderNo)]);
  const [one] = at.filter((r) => r.status === 200);
  assert.equal(at.filter((r) => r.status === 200).length, 1, JSON.stringify(at.map((r) => r.body)));
  for (const r of at.filter((x) => x !== one)) assert.deepEqual([r.status, r.body.error, r.body.proposalId], [409, 'retryPending', one.body.id]);
  const second = await api.call('POST', '/proposals', {
    token: agent.token,
    body: { kind: 'payoutRetry', orderNo: u.orderNo, reason: 'the customer called again' },
    headers: { lang: 'ur' },
  });
  assert.deepEqual([second.status, second.body.error], [409, 'retryPending']);
  assert.match(second.body.message, /سپروائزر/);
  const pending = await api.call('GET', `/proposals?status=pending&orderNo=${u.orderNo}`, { token: supA.token });
  assert.deepEqual(
    pending.body.proposals.map((p: { id: number }) => p.id),
    [one.body.id],
  );

  const rejected = await api.call('POST', `/proposals/${one.body.id}/reject`, { token: supA.token, body: { reason: 'ask the bank first' } });
  assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
  const two = await propose(other.token, u.orderNo);
  assert.equal(two.status, 200, `a rejected retry leaves room for a new one: ${JSON.stringify(two.body)}`);

  const same = await Promise.all([
    api.call('POST', `/proposals/${two.body.id}/approve`, { token: supA.token }),
    api.call('POST', `/proposals/${two.body.id}/approve`, { token: supB.token }),
  ]);
  const statuses = same.map((r) => r.status).sort();
  assert.deepEqual(statuses, [200, 409], JSON.stringify(same.map((r) => r.body)));
  const payouts = await payoutsOf(u.orderNo);
  assert.equal(payouts.length, 2, 'one new attempt');
  assert.equal(payouts.filter((t) => t.state !== 'failed').length, 1, 'one live payout');
  assert.equal(payouts[1].state, 'pending');
  assert.equal((await orderRow(u.orderNo)).status, OrderStatus.Lending, 'paying out again');

  // while the new attempt is in flight: no further retry is proposed
  const inFlight = await propose(agent.token, u.orderNo);
  assert.deepEqual([inFlight.status, inFlight.body.error], [409, 'payoutInFlight']);
});

test('a retry is refused for an order whose payout has not failed', async () => {
  const api = staff();
  const agent = await api.member('agent');
  const loan = await disbursedLoan(srv);
  const r = await propose(agent.token, loan.orderNo);
  assert.deepEqual([r.status, r.body.error], [409, 'noFailedPayout']);
  assert.match(r.body.message, /nothing to retry/);
});

test('the rails list says which failed payouts wait for their money (a retry may be proposed)', async () => {
  const api = staff();
  const agent = await api.member('agent');
  const u = await failedPayout();
  const list = await api.call('GET', '/rails/transfers', { token: agent.token });
  const row = list.body.transfers.find((t: { orderNo: string }) => t.orderNo === u.orderNo);
  assert.deepEqual([row?.state, row?.orderStatus], ['failed', OrderStatus.PayFail]);
});
