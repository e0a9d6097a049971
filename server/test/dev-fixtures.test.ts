/** QA fixtures (/__dev/fixture): each state reached through the real services and jobs, signed in; unknown states refused. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, startTest, devCall, DAY } from './helpers';
import C from '../src/api/contract';

const { OrderStatus: S } = C;
// a minute's review and payout delays, as `npm run dev` runs: the fixture must not wait for them
const { srv } = serverForFile({ reviewDelayMs: 60_000, payoutDelayMs: 60_000 });

async function fixture(state: string) {
  const f = await srv.dev('fixture', { state });
  assert.equal(f.ok, true, JSON.stringify(f));
  return f;
}
const ok = async (name: Parameters<typeof srv.client>[0], params: Record<string, unknown>, token: string) => {
  const a = await srv.client(name, params, { token });
  assert.equal(a.code, 0, `${name}: ${JSON.stringify(a)}`);
  return a.data;
};

test('the states a QA engineer can ask for are listed', async () => {
  const { states } = await srv.dev('fixtures');
  assert.deepEqual(states, ['onboarded', 'awaitingConfirmation', 'rejected', 'payoutFailed', 'repaying30Days', 'overdue']);
});

test('an unknown state is refused and nobody is created', async () => {
  const r = await fetch(`${srv.base}/__dev/fixture`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state: 'rich' }),
  });
  assert.equal(r.status, 400);
  assert.match((await r.json()).error, /state must be one of onboarded, /);
});

test('onboarded: signed in with a complete profile and no loan', async () => {
  const f = await fixture('onboarded');
  const info = await ok('getUserInfo', {}, f.token);
  assert.equal(info.mobile, f.mobile);
  assert.equal(f.user.firstName, 'Ali'); // the user as signed in now, profile filled
  assert.equal((await ok('latestOrder', {}, f.token)).order, null);
  assert.equal(f.orderNo, null);
});

for (const [state, status] of [
  ['awaitingConfirmation', S.Confirm],
  ['rejected', S.Reject],
  ['payoutFailed', S.PayFail],
] as const) {
  test(`${state}: the borrower's latest order is at status ${status}`, async () => {
    const f = await fixture(state);
    const { order } = await ok('latestOrder', {}, f.token);
    assert.equal(order.orderNo, f.orderNo);
    assert.equal(order.status, status);
  });
}

test('repaying30Days: a disbursed loan 30 days in, owing, not overdue', async () => {
  const f = await fixture('repaying30Days');
  const d = await ok('repaymentDetail', { orderNo: f.orderNo }, f.token);
  assert.equal(d.order.status, S.Repaying);
  const now = (await srv.dev('clock')).now as number;
  assert.equal(Math.round((now - Date.parse(d.order.disbursedAt)) / DAY), 30);
  assert.equal(d.order.figures.overdueDays, 0);
  assert.ok(d.amountDue > 0);
});

test("repaying30Days once the shared clock has moved on (the e2e suite's stack, other specs' days): 30 days by the server's clock", async () => {
  const moved = await srv.dev('clock/advance', { ms: 10 * DAY, runJobs: false });
  assert.equal(moved.ok, true);
  const f = await fixture('repaying30Days');
  const d = await ok('repaymentDetail', { orderNo: f.orderNo }, f.token);
  const now = (await srv.dev('clock')).now as number;
  assert.equal(Math.round((now - Date.parse(d.order.disbursedAt)) / DAY), 30);
  // by this machine's clock the loan is 20 days in: what the e2e test measured before it read the server's clock
  assert.equal(Math.round((Date.now() - Date.parse(d.order.disbursedAt)) / DAY), 20);
});

test('overdue: past the due date, with the penalty the jobs accrued', async () => {
  const f = await fixture('overdue');
  const d = await ok('repaymentDetail', { orderNo: f.orderNo }, f.token);
  assert.equal(d.order.status, S.Overdued);
  assert.equal(d.order.figures.overdueDays, 3);
  assert.ok(d.order.figures.overdueFee > 0);
});

test("fixtures made all day from one QA machine: their codes are not a person's requests at its address, so its own sign-in is not challenged", async () => {
  // the challenge after one code request an hour from an address (the README start's is 8)
  const s = await startTest({ otpChallengeAfter: 1 });
  try {
    for (let i = 0; i < 3; i++) {
      const f = await devCall(s.base, 'fixture', { state: 'onboarded' });
      assert.equal(f.ok, true, JSON.stringify(f));
    }
    const asked = await s.client('getVerifyCode', { mobile: '03001234567', type: 'login', channel: 'sms' });
    assert.equal(asked.code, 0, JSON.stringify(asked));
    const again = await s.client('getVerifyCode', { mobile: '03001234568', type: 'login', channel: 'sms' });
    assert.equal(again.code, C.ErrorCode.challengeRequired, 'the address is still counted: its second request is challenged');
  } finally {
    await s.close();
  }
});
