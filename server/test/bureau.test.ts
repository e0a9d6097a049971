/**
 * The credit bureau's monthly file (usecases/bureauReport.ts) with a moved clock: a month with loans in every state
 * gives one file whose records say what the ledger says and whose totals are the trial balance's at the month's end;
 * no second run or instance sends it again; a file that does not tie is held with both figures; a record the bureau
 * rejects, and a file it answers late, end as operations and the bureau should see them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import C from '../src/api/contract';
import { BASIC, DAY, disbursedLoan, idempotencyKey, orderRecords, serverForFile, type TestServer } from './helpers';
import { staffApi } from './staffHelpers';
import { HOUR_MS, PKT_OFFSET_MS } from '../src/core/time';
import { openText } from '../src/db/atRest';
import { monthBefore, type ReportMonth } from '../src/domain/bureau';
import { overdueDaysAt } from '../src/domain/figures';
import { bucketOf, fileReference, RECORD_FIELDS, SANDBOX_BUREAU_MEMBER, splitFile, TRAILER_FIELDS } from '../src/providers/bureau/protocol';
import { reportMonth } from '../src/usecases/bureauReport';

const { srv } = serverForFile(
  { bureauTimeoutMs: 1_000 },
  {
    // a month of its own: the file's first month starts here (the month before gets its nil file now)
    setup: async (s) => void (await toNextMonth(s, DAY)),
  },
);
const { orderRow } = orderRecords(srv);

/** the business clock moved to the next Pakistan month's start and `past` beyond (jobs run unless told not): the month that ended */
async function toNextMonth(s: TestServer, past = HOUR_MS, runJobs = true): Promise<ReportMonth> {
  const now = s.deps.clock.now();
  const d = new Date(now + PKT_OFFSET_MS);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - PKT_OFFSET_MS;
  await s.dev('clock/advance', { ms: next - now + past, runJobs });
  return monthBefore(s.deps.clock.now());
}

type Uploaded = { reference: string; uploads: number; answer: { status: string; received: number; accepted: number; repeat: boolean; errors: any[] } };
const uploaded = async (month: ReportMonth): Promise<Uploaded[]> =>
  ((await (await fetch(`${srv.cfg.railsUrl}/__sandbox/bureau`)).json()) as Uploaded[]).filter(
    (s) => s.reference === fileReference(SANDBOX_BUREAU_MEMBER, month.period),
  );
const submission = (month: ReportMonth) => srv.deps.db.selectFrom('bureau_submissions').selectAll().where('period', '=', month.period).executeTakeFirst();

/** the file as sent, each record by account and the trailer, by field name */
async function sentFile(month: ReportMonth) {
  const row = await submission(month);
  assert.ok(row, `a file of ${month.period}`);
  const lines = splitFile(openText(row.file));
  const named = (names: readonly string[], fields: string[]) => Object.fromEntries(names.map((n, i) => [n, fields[i]]));
  const records = new Map(lines.filter((l) => l.type === 'D').map((l) => [l.fields[4], named(RECORD_FIELDS, l.fields)]));
  return { row, records, trailer: named(TRAILER_FIELDS, lines.at(-1)!.fields) };
}

/** the trial balance's lines at `end` (excluded), straight from the postings */
async function ledgerAt(end: number, accounts: string[], orderId?: number): Promise<number> {
  let q = srv.deps.db
    .selectFrom('postings as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('p.amount'), eb.lit(0)).as('t'))
    .where('j.at', '<', end)
    .where('p.account', 'in', accounts);
  if (orderId !== undefined) q = q.where('p.order_id', '=', orderId);
  return Number((await q.executeTakeFirstOrThrow()).t);
}
const RECEIVABLES = ['principal', 'interest', 'penalty', 'fee', 'coupon'];

const amountDue = async (u: { token: string; orderNo: string }) =>
  (await srv.client('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.amountDue as number;

/** a paid-out loan moved `days` into the past: past its due date, Overdued */
async function overdueLoan(days = 100) {
  const u = await disbursedLoan(srv);
  assert.equal((await srv.dev('order/shift', { orderNo: u.orderNo, days })).ok, true);
  assert.equal((await orderRow(u.orderNo)).status, C.OrderStatus.Overdued);
  return u;
}

test('a month with loans in every state: one file, each record as the ledger has it, totals equal to the trial balance; a second run or instance sends nothing', async () => {
  const api = staffApi(srv.base);
  const [collector, supervisor] = await Promise.all([api.member('collections'), api.member('supervisor')]);
  const active = await disbursedLoan(srv);
  const overdue = await overdueLoan();
  const paidOff = await disbursedLoan(srv);
  const c = await srv.client(
    'repaymentConfirm',
    { orderNo: paidOff.orderNo, amount: await amountDue(paidOff), idempotencyKey: idempotencyKey('pay') },
    { token: paidOff.token },
  );
  assert.equal(c.code, 0, JSON.stringify(c));
  await srv.client('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'jazzcash' }, { token: paidOff.token });
  assert.equal((await orderRow(paidOff.orderNo)).status, C.OrderStatus.Finish);
  const lost = await overdueLoan();
  const p = await api.call('POST', '/proposals', {
    token: collector.token,
    body: { kind: 'writeOff', orderNo: lost.orderNo, reason: 'borrower deceased, estate empty' },
  });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  assert.equal((await api.call('POST', `/proposals/${p.body.id}/approve`, { token: supervisor.token })).status, 200);
  const writtenOff = p.body.owedWhenProposed as number;

  const month = await toNextMonth(srv);
  const [up] = await uploaded(month);
  assert.deepEqual([up.uploads, up.answer.status, up.answer.received, up.answer.accepted], [1, 'ACCEPTED', 4, 4], JSON.stringify(up));
  const { row, records, trailer } = await sentFile(month);
  assert.equal(row.state, 'accepted');

  const rec = (u: { orderNo: string }) => records.get(u.orderNo)!;
  assert.deepEqual(
    [active, overdue, paidOff, lost].map((u) => rec(u).status),
    ['A', 'O', 'C', 'W'],
  );
  for (const u of [active, overdue, paidOff, lost]) {
    const o = await orderRow(u.orderNo);
    const r = rec(u);
    assert.equal(r.cnic, BASIC.nationalId);
    assert.equal(r.name, `${BASIC.firstName} ${BASIC.lastName}`);
    assert.equal(Number(r.sanctioned), 5000);
    assert.equal(Number(r.principal), await ledgerAt(month.end, ['principal'], o.id), `${u.orderNo}: principal as the ledger has it`);
    assert.equal(Number(r.outstanding), await ledgerAt(month.end, RECEIVABLES, o.id), `${u.orderNo}: outstanding as the ledger has it`);
    const dpd = r.status === 'A' || r.status === 'O' ? overdueDaysAt(o.due_at!, month.end - 1) : 0;
    assert.deepEqual([Number(r.dpd), r.bucket], [dpd, bucketOf(dpd)]);
    assert.equal(Number(r.overdue), r.status === 'O' ? Number(r.outstanding) : 0);
    assert.equal(r.closedOn === '', r.status === 'A' || r.status === 'O');
  }
  assert.ok(Number(rec(overdue).dpd) > 0 && Number(rec(active).dpd) === 0);
  assert.equal(Number(rec(active).principal), 5000);
  assert.deepEqual([rec(paidOff).principal, rec(paidOff).outstanding, rec(lost).outstanding], ['0', '0', '0']);
  assert.equal(Number(rec(lost).writtenOff), writtenOff);
  // the trailer: the records' count and sums, and the trial balance's at the month's end
  assert.equal(Number(trailer.records), 4);
  assert.equal(Number(trailer.principal), await ledgerAt(month.end, ['principal']));
  assert.equal(Number(trailer.outstanding), await ledgerAt(month.end, RECEIVABLES));
  assert.equal(Number(trailer.writtenOff), writtenOff);
  assert.equal(Number(trailer.sanctioned), 4 * 5000);

  // again, and two instances at once: nothing sent
  await srv.dev('jobs/run');
  assert.deepEqual(await Promise.all([reportMonth(srv.deps), reportMonth(srv.deps)]), [null, null]);
  assert.equal((await uploaded(month))[0].uploads, 1);
});

test('two instances at the month end: one file sent; a record the bureau rejects (a CNIC no province starts) is an exception for operations', async () => {
  const bad = await disbursedLoan(srv, { ...BASIC, nationalId: '0520112345671' });
  const month = await toNextMonth(srv, HOUR_MS, false);
  const runs = await Promise.all([reportMonth(srv.deps), reportMonth(srv.deps), reportMonth(srv.deps)]);
  assert.deepEqual(
    runs.filter((r) => r !== null),
    ['partial'],
    JSON.stringify(runs),
  );
  const [up] = await uploaded(month);
  assert.equal(up.uploads, 1);
  assert.equal(up.answer.received - up.answer.accepted, 1);
  assert.deepEqual(
    up.answer.errors.map((e) => [e.account, e.field, e.code]),
    [[bad.orderNo, 'cnic', 'E101']],
  );

  const agent = await staffApi(srv.base).member('agent');
  const listed = await staffApi(srv.base).call('GET', '/rails/exceptions', { token: agent.token });
  const x = listed.body.exceptions.find((e: any) => e.kind === 'bureauRecord' && e.reference === `${month.period}:${bad.orderNo}`);
  assert.ok(x, JSON.stringify(listed.body));
  assert.deepEqual([x.file, x.evidence.code, x.evidence.orderNo, x.evidence.cnic], [up.reference, 'E101', bad.orderNo, '*********5671']);
});

test("a file whose totals are not the ledger's is not sent: an exception carries both figures; mended, it is sent at the next try", async () => {
  const u = await disbursedLoan(srv);
  const o = await orderRow(u.orderNo);
  // the row says the loan was paid off long ago, the ledger still has its principal owed
  await srv.deps.db
    .updateTable('orders')
    .set({ paid_off_at: o.disbursed_at! - 40 * DAY })
    .where('id', '=', o.id)
    .execute();
  const month = await toNextMonth(srv);
  assert.deepEqual(await uploaded(month), [], 'nothing sent');
  const { row } = await sentFile(month);
  assert.equal(row.state, 'held');
  const principal = await ledgerAt(month.end, ['principal']);
  const agent = await staffApi(srv.base).member('agent');
  const listed = await staffApi(srv.base).call('GET', '/rails/exceptions', { token: agent.token });
  const x = listed.body.exceptions.find((e: any) => e.kind === 'bureauTotals' && e.reference === month.period);
  assert.ok(x, JSON.stringify(listed.body));
  const diff = x.evidence.differences.find((d: any) => d.figure === 'principal');
  assert.deepEqual([diff.ledger, diff.file], [principal, principal - 5000]);
  assert.ok(x.evidence.differences.some((d: any) => d.figure === 'outstanding'));

  // within the retry wait: still held; mended and past it: sent once
  await srv.deps.db.updateTable('orders').set({ paid_off_at: null }).where('id', '=', o.id).execute();
  await srv.dev('jobs/run');
  assert.deepEqual(await uploaded(month), []);
  await srv.dev('clock/advance', { ms: HOUR_MS + 60_000 });
  const [up] = await uploaded(month);
  assert.equal(up?.uploads, 1);
  const { trailer, row: sent } = await sentFile(month);
  assert.notEqual(sent.state, 'held');
  assert.equal(Number(trailer.principal), principal);
});

test('a file answered after the wait: sent again under its reference, the bureau answers its first answer, loaded once', async () => {
  await fetch(`${srv.cfg.railsUrl}/__sandbox/bureau-config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hangNext: 1 }),
  });
  const month = await toNextMonth(srv);
  assert.equal((await submission(month))?.state, 'sending');
  assert.equal((await uploaded(month))[0].uploads, 1, 'the bureau has it, its answer did not come in time');
  await srv.dev('jobs/run');
  assert.equal((await uploaded(month))[0].uploads, 1, 'not again within the retry wait');
  await srv.dev('clock/advance', { ms: HOUR_MS + 60_000 });
  const [up] = await uploaded(month);
  assert.equal(up.uploads, 2);
  const row = (await submission(month))!;
  assert.equal(row.state, 'partial', 'the borrower whose CNIC the bureau refuses is still reported');
  const answer = typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer;
  assert.equal(answer.repeat, true);
  assert.equal(row.attempts, 2);
});
