/** GET /metrics (context/metrics.ts, http/metrics.ts): behind the ops token; calls, jobs, queues, provider failures and codes sent move. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { register, serverForFile } from './helpers';
import { LOAN } from '../src/dev/borrower';

const OPS_TOKEN = 'metrics-test-ops-token-0123456789abcdef';
const { srv, call } = serverForFile({ opsToken: OPS_TOKEN });

/** the samples of a scrape: `name{labels}` -> value */
async function scrape(): Promise<Map<string, number>> {
  const r = await fetch(`${srv.base}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const out = new Map<string, number>();
  for (const line of (await r.text()).split('\n')) {
    const m = /^([a-z_:]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}
const value = (s: Map<string, number>, key: string) => s.get(key) ?? 0;

test('without the ops token /metrics answers 401', async () => {
  for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${OPS_TOKEN}`]) {
    const r = await fetch(`${srv.base}/metrics`, authorization ? { headers: { authorization } } : {});
    assert.equal(r.status, 401, String(authorization));
    assert.doesNotMatch(await r.text(), /api_calls_total/);
  }
});

test('calls by name and code with their time, codes sent by purpose, jobs, queue depths, provider failures and process metrics move', async () => {
  const before = await scrape();
  const { mobile, token } = await register(call);
  assert.equal((await call('getVerifyCode', { mobile, type: 'bankAccount', channel: 'sms' }, { token })).code, 0);
  assert.equal((await call('login', { mobile, code: '000000' })).code !== 0, true, 'a wrong code is refused');
  // a borrower whose payout the provider declined: approved, confirmed, the payout job run with the payout forced to fail
  const fixture = await srv.dev('fixture', { state: 'payoutFailed' });
  assert.ok(fixture.orderNo, JSON.stringify(fixture));
  await srv.dev('jobs/run', {});
  const after = await scrape();
  const moved = (key: string) => value(after, key) - value(before, key);

  assert.equal(moved('api_calls_total{call="getVerifyCode",code="0",status="200"}'), 2);
  assert.equal(moved('api_calls_total{call="register",code="0",status="200"}'), 1);
  const refused = [...after.keys()].find((k) => k.startsWith('api_calls_total{call="login",code="') && !k.includes('code="0"'));
  assert.ok(refused && moved(refused) === 1, 'the refused login counted under its code');
  assert.equal(moved('api_call_duration_seconds_count{call="register"}'), 1);
  assert.ok(value(after, 'api_call_duration_seconds_sum{call="register"}') > 0);
  // routes outside the catalogue by their pattern; the scrape itself counted at the next one
  assert.ok(moved('api_calls_total{call="/__dev/fixture",code="",status="200"}') >= 1);
  assert.ok(moved('api_calls_total{call="/metrics",code="",status="200"}') >= 1);

  // (a fixture's codes are written, not sent: dev/fixtures.ts)
  assert.equal(moved('otp_codes_sent_total{purpose="register",channel="sms"}'), 1);
  assert.equal(moved('otp_codes_sent_total{purpose="bankAccount",channel="sms"}'), 1);
  assert.equal(moved('provider_failures_total{provider="payout",operation="transfer"}'), 1);
  for (const job of ['review', 'payout', 'inquiry', 'reconciliation', 'expiry', 'accrual', 'paymentExpiry', 'retention', 'reminders', 'notices']) {
    assert.ok(moved(`jobs_runs_total{job="${job}",result="ok"}`) >= 1, job);
    assert.ok(moved(`jobs_duration_seconds_count{job="${job}"}`) >= 1, job);
  }
  assert.ok(moved('jobs_items_total{job="payout"}') >= 1, 'the declined payout was a unit of work');
  for (const queue of ['review', 'payout', 'expiry', 'accrual']) assert.ok(after.has(`jobs_queue_depth{queue="${queue}"}`), queue);
  assert.ok(after.has('process_cpu_user_seconds_total') && after.has('nodejs_heap_size_used_bytes'), 'default process metrics');
});

test('a queue depth counts the orders due now, at each scrape', async () => {
  const depth = async () => (await scrape()).get('jobs_queue_depth{queue="review"}');
  const { token } = await srv.dev('fixture', { state: 'onboarded' });
  assert.equal((await call('applyMarket', LOAN, { token })).code, 0);
  assert.equal(await depth(), 0, 'in review, its delay not over');
  await srv.dev('clock/advance', { ms: srv.cfg.reviewDelayMs + 1000, runJobs: false });
  assert.equal(await depth(), 1, 'due for review');
  await srv.dev('jobs/run', {});
  assert.equal(await depth(), 0, 'decided');
});
