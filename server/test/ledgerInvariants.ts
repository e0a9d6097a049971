/**
 * The ledger's invariants on one order, checked after every money scenario (money, money-rules,
 * money-property; on PGlite and PostgreSQL): every journal balances, no receivable below zero, the
 * accruals are the product's rules to the day, the order's due date, extension count and paid-off time
 * (projections kept on the row) are the ledger's, the cash taken is what payments and accepted proofs took,
 * every waiver is one audited operator's credit of interest, penalty or a fee, a finished loan owes nothing.
 */
import assert from 'node:assert/strict';
import type { Db } from '../src/db';
import { journalsOf, ledgerTotals } from '../src/repos/ledger';
import { imbalance, moneyFrom, receivable } from '../src/domain/balances';
import { interestFor, interestStateOf, interestThrough, termsOf } from '../src/domain/figures';
import C from '../src/api/contract';

export async function checkLedger(db: Db, orderId: number) {
  const o = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const js = await journalsOf(db, [orderId]);
  for (const j of js) assert.equal(imbalance(j), 0, `journal ${j.id} (${j.kind}) balances: ${JSON.stringify(j.legs)}`);
  const m = moneyFrom(js);
  for (const a of ['principal', 'interest', 'penalty', 'fee'] as const) assert.ok(m.bal[a] >= 0, `${a} receivable ${m.bal[a]} >= 0`);
  assert.ok(m.bal.coupon <= 0 && m.bal.principal <= o.amount, JSON.stringify(m.bal));
  const terms = termsOf(o);
  assert.equal(m.interestAccrued, interestThrough(terms, interestStateOf(o.amount, m), m.interestDays), 'interest posted is the rule for the days posted');
  assert.ok(m.interestAccrued <= interestFor(terms, o.amount, m.interestDays), 'never more interest than on the whole amount lent');
  assert.ok(m.penaltyAccrued <= o.amount, 'penalty capped at the principal');
  assert.equal(js.filter((j) => j.kind === 'disbursal').length, o.disbursed_at ? 1 : 0, 'one disbursal per paid-out order');
  assert.equal(o.due_at, m.dueAt, "the order's due date is the ledger's");
  assert.equal(o.extension_count, m.period, 'one extension fee journal per extension');
  const t = await ledgerTotals(db, orderId);
  assert.equal(t.charge, t.credit + t.fee + t.refund, `charged == credited + fees + refunds ${JSON.stringify(t)}`);
  assert.equal(t.credit + t.fee, m.paid, 'what the borrower paid is every payment applied to the loan, fees included');
  const pays = await db.selectFrom('payments').select('amount').where('order_id', '=', orderId).where('status', '=', 'success').execute();
  const proofs = await db.selectFrom('proofs').select('amount').where('order_id', '=', orderId).where('status', '=', 'accepted').execute();
  assert.equal(
    [...pays, ...proofs].reduce((s, p) => s + p.amount, 0),
    t.charge,
    'every charge is a successful payment or an accepted proof',
  );
  const waivers = js.filter((j) => j.kind === 'waiver');
  const audited = await db.selectFrom('audit_log').select('detail').where('kind', '=', 'waiver').execute();
  const auditOf = audited.map((r) => (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail)).filter((d) => d.orderId === orderId);
  for (const w of waivers) {
    const [expense, credit, ...more] = w.legs;
    assert.ok(
      expense?.account === 'waiverExpense' && expense.amount > 0 && !more.length,
      `waiver ${w.id}: Dr waiverExpense, one credit: ${JSON.stringify(w.legs)}`,
    );
    assert.ok(['interest', 'penalty', 'fee'].includes(credit.account), `waiver ${w.id} credits interest, penalty or a fee, not ${credit.account}`);
    assert.ok(w.note, `waiver ${w.id} has its reason`);
    assert.ok(
      auditOf.some((d) => d.account === credit.account && d.amount === expense.amount && d.reason === w.note && d.operator),
      `waiver ${w.id} is audited with its operator`,
    );
  }
  assert.equal(auditOf.length, waivers.length, 'one audit row per waiver');
  assert.equal(m.waived, m.bal.waiverExpense, 'waived == the waiver expense');
  // refunds (maker-checker): never more given back than was owed back; each approved one a `refunds` row, sent ones in cash
  assert.ok(m.bal.refundPayable <= 0 && m.bal.refundOutgoing <= 0, `refund liabilities are credits: ${JSON.stringify(m.bal)}`);
  const refunds = await db.selectFrom('refunds').select(['amount', 'status', 'reference']).where('order_id', '=', orderId).execute();
  const journalled = (kind: string, account: 'refundPayable' | 'refundOutgoing') =>
    js.filter((j) => j.kind === kind).map((j) => ({ reference: j.note, amount: j.legs.find((l) => l.account === account)?.amount }));
  assert.deepEqual(
    journalled('refund', 'refundPayable').sort((a, b) => String(a.reference).localeCompare(String(b.reference))),
    refunds.map((r) => ({ reference: r.reference, amount: r.amount })).sort((a, b) => a.reference.localeCompare(b.reference)),
    'one refund journal per approved refund, of its amount and reference',
  );
  for (const [kind, status] of [
    ['refundSent', 'sent'],
    ['refundReturned', 'failed'],
  ] as const)
    assert.deepEqual(
      journalled(kind, 'refundOutgoing')
        .map((r) => r.reference)
        .sort(),
      refunds
        .filter((r) => r.status === status)
        .map((r) => r.reference)
        .sort(),
      `one ${kind} journal per refund ${status}`,
    );
  // a refund's transfers by the payout rail: at most one not failed; a sent refund's one succeeded, a failed one's failed
  const sends = await db.selectFrom('transfers').select(['refund_id', 'state']).where('order_id', '=', orderId).where('kind', '=', 'refund').execute();
  for (const r of await db.selectFrom('refunds').select(['id', 'status', 'reference']).where('order_id', '=', orderId).execute()) {
    const states = sends.filter((t) => Number(t.refund_id) === Number(r.id)).map((t) => t.state);
    const expected = { sent: ['succeeded'], failed: ['failed'], due: states.filter((s) => s !== 'succeeded' && s !== 'failed').slice(0, 1) }[r.status];
    assert.deepEqual(states, expected, `refund ${r.reference} (${r.status}) and its transfers`);
  }
  const writeOffs = js.filter((j) => j.kind === 'writeOff');
  assert.ok(writeOffs.length <= 1, 'at most one write-off');
  for (const w of writeOffs) {
    assert.ok(w.note, 'a write-off carries its reason');
    assert.ok(
      w.legs.every((l) => (l.account === 'writeOffExpense' ? l.amount > 0 : ['principal', 'interest', 'penalty', 'fee'].includes(l.account) && l.amount < 0)),
      `write-off ${w.id}: Dr writeOffExpense, Cr receivables: ${JSON.stringify(w.legs)}`,
    );
    assert.equal(o.status, C.OrderStatus.Finish, 'a written-off loan is finished');
  }
  assert.equal(o.paid_off_at !== null, o.status === C.OrderStatus.Finish, 'paid off exactly when finished');
  if (o.status === C.OrderStatus.Finish) assert.equal(receivable(m), 0, 'a finished loan owes nothing');
  return { o, m, t };
}
