/**
 * The ledger's back-fill (migration 0015_ledger_backfill) on a database in the state before it: orders
 * paid out before the ledger (0012), as the old code left them (the order's amount columns and the
 * cash-only `ledger` rows, inserted here directly into a database migrated up to 0014), get journals that
 * give what the old formulas gave: `owed`, and the figures of the order and repayment detail. The
 * expected numbers are worked out by hand from P001's terms: 0.09 % a day, a 3 % processing fee with
 * 18 % tax, a 2 % daily penalty on the principal outstanding, a 5 % extension fee and 30 days, 91 days.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { sql } from 'kysely';
import { loadConfig } from '../src/settings/config';
import { openDb, type Db } from '../src/db';
import { MIGRATION_NAMES } from '../src/db/migrations';
import { seed } from '../src/app/seed';
import { DAY_MS } from '../src/core/time';
import C from '../src/api/contract';
import { migrate } from '../src/db/migrate';
import { moneyOf } from '../src/repos/ledger';
import { owed } from '../src/domain/ledger';
import { orderView } from '../src/usecases/orderView';
import { takeRepayment } from '../src/usecases/repayment';
import { checkLedger } from './ledgerInvariants';
import { startTest, unmigrated } from './helpers';
import { loadProfile } from '../src/market/profile';

const { OrderStatus } = C;
/** 12:00 in Pakistan: whole days from here are whole Pakistan calendar days */
const NOW = Date.UTC(2026, 10, 27, 7, 0, 0);
const day = (n: number) => NOW + n * DAY_MS;
const AMOUNT = 10_000;
// P001 on 10,000: fee 300, tax 54, paid out 9,646; interest 9 a day, 819 for 91 days; penalty 200 a day on the whole principal; extension fee 500

type Old = {
  no: string;
  status: number;
  disbursedAt: number;
  dueAt: number;
  paidOffAt?: number;
  cols: {
    amount_paid?: number;
    principal_paid?: number;
    reduction?: number;
    penalty?: number;
    penalty_carried?: number;
    penalty_settled?: number;
    penalty_days?: number;
    extension_count?: number;
  };
  /** the old ledger's cash events: a payment (cashier or extension) or an accepted proof */
  cash: { at: number; kind: 'repay' | 'extension' | 'proof'; charge: number; credit: number; fee?: number; refund?: number }[];
};

let users = 0;
/** inserts an order as the code before migration 12 left it */
async function insertOld(db: Db, s: Old): Promise<number> {
  users++;
  const u = await sql<{
    id: number;
  }>`insert into users (mobile, created_at, credit_limit) values (${'0300000' + String(users).padStart(4, '0')}, ${day(-200)}, 60000) returning id`.execute(db);
  const uid = u.rows[0].id;
  const c = {
    amount_paid: 0,
    principal_paid: 0,
    reduction: 0,
    penalty: 0,
    penalty_carried: 0,
    penalty_settled: 0,
    penalty_days: 0,
    extension_count: 0,
    ...s.cols,
  };
  const o = await sql<{ id: number }>`
    insert into orders (order_no, user_id, product_id, amount, tenure_days, status, terms, created_at, updated_at, lending_at, disbursed_at, due_at, paid_off_at,
      amount_paid, principal_paid, reduction, penalty, penalty_carried, penalty_settled, penalty_days, extension_count)
    values (${s.no}, ${uid}, 'P001', ${AMOUNT}, 91, ${s.status}, (select terms from products where id = 'P001'), ${s.disbursedAt - DAY_MS}, ${NOW},
      ${s.disbursedAt}, ${s.disbursedAt}, ${s.dueAt}, ${s.paidOffAt ?? null},
      ${c.amount_paid}, ${c.principal_paid}, ${c.reduction}, ${c.penalty}, ${c.penalty_carried}, ${c.penalty_settled}, ${c.penalty_days}, ${c.extension_count})
    returning id`.execute(db);
  const oid = o.rows[0].id;
  const row = (kind: string, amount: number, at: number, ref: { p?: number; f?: number }) =>
    amount > 0
      ? sql`insert into ledger (order_id, user_id, kind, amount, payment_id, proof_id, at) values (${oid}, ${uid}, ${kind}, ${amount}, ${ref.p ?? null}, ${ref.f ?? null}, ${at})`.execute(
          db,
        )
      : null;
  await row('disbursal', 9_646, s.disbursedAt, {});
  let n = 0;
  for (const e of s.cash) {
    n++;
    const ref: { p?: number; f?: number } = {};
    if (e.kind === 'proof') {
      const f = await sql<{ id: number }>`insert into proofs (order_id, user_id, document_id, amount, reference, channel, status, created_at, checked_at)
        values (${oid}, ${uid}, 0, ${e.charge}, 'TX1', 'bank', 'accepted', ${e.at}, ${e.at}) returning id`.execute(db);
      ref.f = f.rows[0].id;
    } else {
      const p = await sql<{
        id: number;
      }>`insert into payments (pay_order_id, order_id, user_id, kind, amount, idempotency_key, status, created_at, completed_at, expires_at)
        values (${`${s.no}-${n}`}, ${oid}, ${uid}, ${e.kind}, ${e.charge}, ${`${s.no}-${n}`}, 'success', ${e.at}, ${e.at}, ${e.at}) returning id`.execute(db);
      ref.p = p.rows[0].id;
    }
    await row('charge', e.charge, e.at, ref);
    await row('credit', e.credit, e.at, ref);
    await row('fee', e.fee ?? 0, e.at, ref);
    await row('refund', e.refund ?? 0, e.at, ref);
  }
  return oid;
}

/** the last migration before the back-fill: the schema it runs on */
const BEFORE = { to: '0014_market_profile' };
const BACKFILL = '0015_ledger_backfill';

const orderOf = (db: Db, id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

test('orders paid out before the ledger get journals giving what the old formulas gave', async () => {
  const { root, dataDir } = await unmigrated('lm-backfill-');
  const cfg = loadConfig({ ...process.env, NODE_ENV: 'test' }, { dataDir, logLevel: 'silent' });
  const { db, close } = await openDb(cfg, undefined, BEFORE);
  try {
    await seed(db, loadProfile('spec'));
    // active, paid out 10 days ago, nothing paid: 10,000 + 10 days' interest 90
    const active = await insertOld(db, { no: 'OLD-ACTIVE', status: OrderStatus.Repaying, disbursedAt: day(-10), dueAt: day(81), cols: {}, cash: [] });
    // paid out 20 days ago, 3,000 paid 5 days ago (principal first): 10,000 + 180 - 3,000
    const part = await insertOld(db, {
      no: 'OLD-PART',
      status: OrderStatus.Repaying,
      disbursedAt: day(-20),
      dueAt: day(71),
      cols: { amount_paid: 3_000, principal_paid: 3_000 },
      cash: [{ at: day(-5), kind: 'repay', charge: 3_000, credit: 3_000 }],
    });
    // paid out 140 days ago; 9 days overdue it was extended (penalty 1,800 + fee 500), the penalty carried, due 30 days
    // after that; 5 days overdue again 4,000 was paid (penalty so far 1,800 + 1,000: 1,000 settled for 5 days, principal
    // 6,000 left); today 10 days overdue: 2,800 + 5 days on 6,000 (120 a day) = 3,400; owed 10,000 + 819 + 3,400 - 5,800
    const overdue = await insertOld(db, {
      no: 'OLD-OVERDUE',
      status: OrderStatus.Overdued,
      disbursedAt: day(-140),
      dueAt: day(-10),
      cols: { amount_paid: 5_800, principal_paid: 4_000, penalty: 1_800, penalty_carried: 1_800, penalty_settled: 1_000, penalty_days: 5, extension_count: 1 },
      cash: [
        { at: day(-40), kind: 'extension', charge: 2_300, credit: 1_800, fee: 500 },
        { at: day(-5), kind: 'repay', charge: 4_000, credit: 4_000 },
      ],
    });
    // the card coupon of 200 at payout; paid off after 20 days: 10,000 + 180 - 200 = 9,980 (principal_paid 9,980: the credit)
    const paid = await insertOld(db, {
      no: 'OLD-PAID',
      status: OrderStatus.Finish,
      disbursedAt: day(-30),
      dueAt: day(61),
      paidOffAt: day(-10),
      cols: { amount_paid: 9_980, principal_paid: 9_980, reduction: 200 },
      cash: [{ at: day(-10), kind: 'repay', charge: 9_980, credit: 9_980 }],
    });
    // a transfer of 12,000 accepted 5 days in, when 10,045 was owed: 1,955 owed back
    const refunded = await insertOld(db, {
      no: 'OLD-REFUND',
      status: OrderStatus.Finish,
      disbursedAt: day(-10),
      dueAt: day(81),
      paidOffAt: day(-5),
      cols: { amount_paid: 10_045, principal_paid: 10_000 },
      cash: [{ at: day(-5), kind: 'proof', charge: 12_000, credit: 10_045, refund: 1_955 }],
    });
    // the old columns disagree with the old ledger (500 paid, no credit row): refused, not guessed
    await insertOld(db, {
      no: 'OLD-BROKEN',
      status: OrderStatus.Repaying,
      disbursedAt: day(-10),
      dueAt: day(81),
      cols: { amount_paid: 500, principal_paid: 500 },
      cash: [],
    });

    const run = () => migrate(db, { now: () => NOW });
    await assert.rejects(run, (e: Error) => {
      assert.match(e.message, /migration 0015_ledger_backfill failed: .*OLD-BROKEN \(credited 0 in the old ledger, amount_paid 500\)/);
      assert.doesNotMatch(e.message, /OLD-ACTIVE|OLD-PART|OLD-OVERDUE|OLD-PAID|OLD-REFUND/);
      return true;
    });
    // refused: nothing written (one transaction), the migration not recorded, so the next start tries again
    assert.equal((await db.selectFrom('journals').select('id').execute()).length, 0, 'a refused back-fill writes nothing');
    const broken = await db.selectFrom('orders').select('id').where('order_no', '=', 'OLD-BROKEN').executeTakeFirstOrThrow();
    // once the refused order is mended, two instances starting at once: one back-fills every order
    await sql`update orders set amount_paid = 0, principal_paid = 0 where id = ${broken.id}`.execute(db);
    const both = await Promise.all([run(), run()]);
    // one start applies the back-fill and the migrations after it; the other finds them done
    assert.deepEqual(both.map((r) => r.join()).sort(), ['', MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(BACKFILL)).join()]);
    assert.deepEqual(await run(), [], 'a later start runs nothing');
    for (const id of [active, part, overdue, paid, refunded, broken.id])
      assert.equal((await db.selectFrom('journals').select('id').where('order_id', '=', id).where('kind', '=', 'disbursal').execute()).length, 1);

    const expect = async (
      id: number,
      at: number,
      want: { owed: number; paid: number; reduction: number; overdueFee: number; interest: number; total?: number; totalRepayable?: number },
    ) => {
      const o = await orderOf(db, id);
      const m = await moneyOf(db, id);
      assert.equal(owed(o, m, at), want.owed, `${o.order_no} owed at day ${(at - NOW) / DAY_MS}`);
      const v = await orderView(db, o, at, 'en');
      assert.equal(v.amountDue, want.owed, `${o.order_no} amountDue`);
      assert.equal(v.amountPaid, want.paid, `${o.order_no} amountPaid`);
      assert.equal(v.reduction, want.reduction, `${o.order_no} reduction`);
      assert.equal(v.figures.overdueFee, want.overdueFee, `${o.order_no} overdueFee`);
      assert.equal(v.figures.interestAccrued, want.interest, `${o.order_no} interestAccrued`);
      assert.equal(v.figures.totalRepayable, want.totalRepayable ?? 10_819 - want.reduction, `${o.order_no} totalRepayable`);
      if (want.total !== undefined) assert.equal(v.schedule[0].total, want.total, `${o.order_no} schedule total`);
    };
    await expect(active, NOW, { owed: 10_090, paid: 0, reduction: 0, overdueFee: 0, interest: 90 });
    await expect(active, day(5), { owed: 10_135, paid: 0, reduction: 0, overdueFee: 0, interest: 135 });
    // overdue 2 days on the whole principal: 400, the whole tenure's interest
    await expect(active, day(83), { owed: 10_000 + 819 + 400, paid: 0, reduction: 0, overdueFee: 400, interest: 819 });
    // the interest posted to now stays (the old rule: on the whole 10,000); from tomorrow each day on the 7,000 left (issue 43)
    const partInterest = 180 + Math.round(7_000 * 0.0009 * 71);
    await expect(part, NOW, { owed: 7_180, paid: 3_000, reduction: 0, overdueFee: 0, interest: 180, totalRepayable: 10_000 + partInterest });
    // 3 days overdue on the 7,000 left: 140 a day
    await expect(part, day(74), {
      owed: 7_000 + partInterest + 420,
      paid: 3_000,
      reduction: 0,
      overdueFee: 420,
      interest: partInterest,
      totalRepayable: 10_000 + partInterest,
    });
    // paid: the 5,800 applied and the extension's own fee of 500 (issue 43: every rupee paid), which the schedule's total counts
    await expect(overdue, NOW, { owed: 8_419, paid: 6_300, reduction: 0, overdueFee: 3_400, interest: 819, total: 10_819 + 3_400 + 500 });
    await expect(overdue, day(3), { owed: 8_419 + 360, paid: 6_300, reduction: 0, overdueFee: 3_760, interest: 819 });
    // paid off: the interest of the days held is all the loan's interest (no principal left to charge), so its total too
    await expect(paid, NOW, { owed: 0, paid: 9_980, reduction: 200, overdueFee: 0, interest: 180, total: 9_980, totalRepayable: 9_980 });
    await expect(refunded, NOW, { owed: 0, paid: 10_045, reduction: 0, overdueFee: 0, interest: 45, total: 10_045, totalRepayable: 10_045 });

    for (const id of [active, part, overdue, paid, refunded, broken.id]) await checkLedger(db, id);
    const overdueMoney = await moneyOf(db, overdue);
    assert.deepEqual(
      {
        carried: overdueMoney.carried,
        settled: overdueMoney.settled,
        days: overdueMoney.days,
        principal: overdueMoney.bal.principal,
        period: overdueMoney.period,
      },
      { carried: 1_800, settled: 1_000, days: 5, principal: 6_000, period: 1 },
    );
    const refundMoney = await moneyOf(db, refunded);
    assert.equal(refundMoney.bal.refundPayable, -1_955, 'the overpayment is owed back');

    // the new code goes on from the back-filled ledger: paying what is owed today finishes the overdue loan
    await db.transaction().execute(async (trx) => {
      const o = await trx.selectFrom('orders').selectAll().where('id', '=', overdue).forUpdate().executeTakeFirstOrThrow();
      const after = await takeRepayment(undefined as never, trx, o, 8_419, NOW, {});
      assert.equal(after.status, OrderStatus.Finish);
    });
  } finally {
    await close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a server does not start while an order paid out before the ledger cannot be rebuilt, and names it', async () => {
  const { root, dataDir } = await unmigrated('lm-backfill-');
  const cfg = loadConfig({ ...process.env, NODE_ENV: 'test' }, { dataDir, logLevel: 'silent' });
  const { db, close } = await openDb(cfg, undefined, BEFORE);
  try {
    await seed(db, loadProfile('spec'));
    await insertOld(db, { no: 'OLD-WRONG', status: OrderStatus.Repaying, disbursedAt: day(-10), dueAt: day(81), cols: { amount_paid: 700 }, cash: [] });
  } finally {
    await close();
  }
  try {
    await assert.rejects(startTest({}, {}, root), /ledger back-fill: 1 order\(s\).*not serving.*OLD-WRONG \(credited 0 in the old ledger, amount_paid 700\)/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
