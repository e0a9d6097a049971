/**
 * Property-based test of the loan state machine (fast-check): random sequences of batches of
 * borrower and system actions (payout, pay partial / full / twice with one key, extend, days
 * passing, cancel, get money), each batch started in an order the fast-check scheduler picks and
 * run concurrently. After every batch the invariants hold: one active loan, the ledger's
 * (ledgerInvariants.ts), credited <= owed, the due date moved once per paid extension, no status
 * skipped. Runs on PGlite and PostgreSQL.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { serverForFile, register, onboard, DAY, JPEG } from './helpers';
import C from '../src/api/contract';
import { orderFigures } from '../src/domain/figures';
import { checkLedger } from './ledgerInvariants';

const { OrderStatus: S, ACTIVE_STATUSES } = C;
const { srv, call } = serverForFile({ sessionTtlDays: 3650 });

/** the state machine's edges from review on (events that keep the status, like a repayment, are not moves) */
const EDGES: Record<number, number[]> = {
  [S.Applying]: [S.Confirm, S.Reject],
  [S.Confirm]: [S.Lending, S.Cancel],
  [S.GetMoney]: [S.Lending, S.Cancel],
  [S.Lending]: [S.Repaying, S.PayFail],
  [S.PayFail]: [S.GetMoney, S.Cancel],
  [S.Repaying]: [S.Overdued, S.Finish, S.Repaying],
  [S.Overdued]: [S.Repaying, S.Finish],
};

type Action =
  | { kind: 'getMoney'; sameKey: boolean }
  | { kind: 'payout'; ok: boolean }
  | { kind: 'pay'; amount: 'partial' | 'full' | 'twice' }
  | { kind: 'extend'; sameKey: boolean }
  | { kind: 'days'; n: number }
  | { kind: 'transfer' }
  | { kind: 'cancel' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('getMoney' as const), sameKey: fc.boolean() }),
  fc.record({ kind: fc.constant('payout' as const), ok: fc.boolean() }),
  fc.record({ kind: fc.constant('pay' as const), amount: fc.constantFrom('partial' as const, 'full' as const, 'twice' as const) }),
  fc.record({ kind: fc.constant('extend' as const), sameKey: fc.boolean() }),
  fc.record({ kind: fc.constant('days' as const), n: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({ kind: fc.constant('transfer' as const) }),
);

let seq = 0;
const newKey = (w: string) => `${w}-${process.pid}-${++seq}-prop`;

async function approvedLoan() {
  const u = await register(call);
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: 'approve' });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  await srv.dev('jobs/run', {});
  await srv.dev('clock/advance', { ms: 3 * 60_000, runJobs: false });
  await srv.dev('jobs/run', {});
  return { ...u, orderNo: ap.data.order.orderNo as string, keys: { getMoney: newKey('gm'), extend: newKey('ext') } };
}
type Loan = Awaited<ReturnType<typeof approvedLoan>>;

async function run(u: Loan, a: Action): Promise<void> {
  const token = u.token;
  switch (a.kind) {
    case 'getMoney':
      await call('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: a.sameKey ? u.keys.getMoney : newKey('gm') }, { token });
      return;
    case 'payout':
      await srv.dev('force', { mobile: u.mobile, payout: a.ok ? 'ok' : 'fail' });
      await srv.dev('clock/advance', { ms: 3 * 60_000 });
      return;
    case 'pay': {
      const due = (await call('repaymentDetail', { orderNo: u.orderNo }, { token })).data?.amountDue ?? 0;
      const amount = a.amount === 'partial' ? Math.min(1000, due) : due;
      const k = newKey('pay');
      const starts = await Promise.all(
        (a.amount === 'twice' ? [k, k] : [k]).map((idempotencyKey) =>
          call('repaymentConfirm', { orderNo: u.orderNo, amount: Math.max(1, amount), idempotencyKey }, { token }),
        ),
      );
      await Promise.all(
        starts.filter((s) => s.code === 0).map((s) => call('cashierPay', { payOrderId: s.data.payment.payOrderId, channelId: 'card' }, { token })),
      );
      return;
    }
    case 'extend':
      await call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: a.sameKey ? u.keys.extend : newKey('ext'), channelId: 'easypaisa' }, { token });
      return;
    case 'days':
      await srv.dev('clock/advance', { ms: a.n * DAY });
      return;
    case 'transfer': {
      // a bank transfer of 2,000 reported with a proof and accepted by the back office
      const up = await call('proofUpload', { orderNo: u.orderNo }, { token, file: { data: JPEG } });
      if (up.code !== 0) return;
      const sa = await call(
        'saveAdditional',
        { orderNo: u.orderNo, fileId: up.data.fileId, amount: 2000, transactionRef: newKey('trx').slice(0, 32) },
        { token },
      );
      if (sa.code === 0) await srv.dev('proof', { proofId: sa.data.proof.proofId, accept: true });
      return;
    }
    case 'cancel':
      await call('cancelOrder', { id: u.orderNo, reason: 'noLongerNeeded' }, { token });
  }
}

async function checkInvariants(u: Loan) {
  const db = srv.deps.db;
  const active = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', u.user.userId as number)
    .where('status', 'in', ACTIVE_STATUSES)
    .execute();
  assert.ok(active.length <= 1, 'one active loan');
  const { id } = await db.selectFrom('orders').select('id').where('order_no', '=', u.orderNo).executeTakeFirstOrThrow();
  const { o, m, t } = await checkLedger(db, id);
  const terms = (typeof o.terms === 'string' ? JSON.parse(o.terms) : o.terms) as { extensionDays: number };
  const f = orderFigures(o, m, o.paid_off_at ?? srv.deps.clock.now());
  const owed = f.loanAmount + f.interestAccrued + f.overdueFee - m.reduction;
  if (o.status === S.Finish) assert.equal(t.credit, owed, 'a finished loan was credited exactly what it owed');
  else assert.ok(t.credit <= owed, `credited ${t.credit} <= owed ${owed}`);
  if (o.disbursed_at) {
    // each extension moves the due date by extensionDays from the later of the due date and the day it was bought
    assert.ok(o.due_at! >= o.disbursed_at + (o.tenure_days + o.extension_count * terms.extensionDays) * DAY, 'due date moved once per extension');
    assert.equal(t.disbursal > 0, true);
  } else assert.equal(t.disbursal + t.charge, 0, 'no money moves before the payout');
  const events = await db.selectFrom('order_events').select(['status', 'type']).where('order_id', '=', o.id).orderBy('id').execute();
  for (let i = 1; i < events.length; i++) {
    const from = events[i - 1].status;
    const { status: to, type } = events[i];
    if (to === from && type !== 'extended') continue; // a repayment or a limit raise: no move
    if (!EDGES[from]) continue; // onboarding steps before review
    assert.ok(EDGES[from].includes(to), `status ${from} -> ${to} (${type}) is not a move of the state machine`);
  }
  assert.equal(events.filter((e) => e.type === 'extended').length, o.extension_count, 'one extension event per extension');
}

test('the loan state machine keeps its money invariants under random interleavings', { timeout: 600_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.boolean(),
      fc.array(fc.array(action, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 6 }),
      fc.scheduler(),
      async (paidOut, batches, s) => {
        const u = await approvedLoan();
        if (paidOut)
          for (const a of [
            { kind: 'getMoney', sameKey: true },
            { kind: 'payout', ok: true },
          ] as const)
            await run(u, a);
        for (const batch of batches) {
          const started = batch.map((a) => s.scheduleFunction(run)(u, a));
          await s.waitAll();
          await Promise.all(started);
          await checkInvariants(u);
        }
      },
    ),
    {
      numRuns: Number(process.env.MONEY_PROPERTY_RUNS ?? 30),
      endOnFailure: true,
      includeErrorInReport: true,
      // replay a reported failure: MONEY_PROPERTY_SEED=<seed> MONEY_PROPERTY_PATH=<path>
      ...(process.env.MONEY_PROPERTY_SEED ? { seed: Number(process.env.MONEY_PROPERTY_SEED), path: process.env.MONEY_PROPERTY_PATH } : {}),
    },
  );
});
