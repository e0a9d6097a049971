/**
 * The fault run (issue 41): 200+ payouts and 200+ collections through the rails sandbox while it declines some,
 * times out, notifies twice, notifies out of order, loses notices and notifies late. At the end every transfer has
 * a result, no order was paid out twice (ours and the sandbox's books), and the ledger's cash postings are what
 * the sandbox's settlement file says moved, with no reconciliation exception.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, newMobile } from './helpers';
import C from '../src/api/contract';
import { createUser } from '../src/repos/users';
import { putCard } from '../src/repos/cards';
import { createOrder, lockOrder } from '../src/repos/orders';
import { getProduct } from '../src/repos/products';
import { addPayment, newPayOrderId } from '../src/repos/payments';
import { cashOfTransfer } from '../src/repos/ledger';
import { listExceptions } from '../src/repos/transfers';
import { jsonb } from '../src/db/json';
import { blindIndex, sealText } from '../src/db/atRest';
import { newOrderNo } from '../src/domain/orderNo';
import { newCollection, sendTransfer } from '../src/usecases/transfers';
import { reconcile } from '../src/usecases/reconciliation';
import { parseSettlement } from '../src/providers/rails/protocol';

const { OrderStatus } = C;
const PAYOUTS = 220;
const INQUIRY_AFTER = 60_000;

const { srv } = serverForFile({ railsTimeoutMs: 400, railsInquiryAfterMs: INQUIRY_AFTER });

/** runs the jobs until no transfer waits for a result: each round past the inquiry wait, so unanswered ones are asked */
async function settleAll() {
  for (let round = 0; round < 20; round++) {
    await new Promise((r) => setTimeout(r, 300)); // late notices land
    const open = await srv.deps.db.selectFrom('transfers').select('id').where('state', 'in', ['initiated', 'pending', 'unknown']).execute();
    if (!open.length) return round;
    await srv.dev('clock/advance', { ms: INQUIRY_AFTER + 1000 });
  }
  throw new Error('transfers still without a result after 20 rounds');
}

test('the fault run: every transfer ends, nothing paid twice, the ledger equals the settlement file', async () => {
  const { db, clock } = srv.deps;
  const t0 = Date.now();
  const product = await getProduct(db, 'P001');
  // borrowers with a loan confirmed and waiting for its payout (onboarding is other files' subject)
  for (let i = 0; i < PAYOUTS; i++) {
    const now = clock.now();
    const u = await createUser(db, newMobile(), product.maxAmount, now);
    const account = `0300${String(1_000_000 + i)}`;
    await putCard(db, {
      user_id: u.id,
      role: 'primary',
      card_type: 'EASYPAISA',
      bank_index: null,
      bank_name: 'Easypaisa',
      bank_code: null,
      account_number: sealText(account),
      account_index: blindIndex(account),
      card_holder: 'Fault Run',
      created_at: now,
      verified_at: now,
    });
    const o = await createOrder(db, {
      order_no: newOrderNo(now),
      user_id: u.id,
      product_id: product.id,
      amount: 5000,
      tenure_days: 91,
      status: OrderStatus.Lending,
      terms: jsonb(product),
      created_at: now,
      submitted_at: now,
    });
    await db.updateTable('orders').set({ lending_at: now }).where('id', '=', o.id).execute();
  }
  // the sandbox from now on: a tenth declined, notices 0-150 ms late, and every fault it can play
  const faults = { timeout: 0.05, lose: 0.15, duplicate: 0.2, reorder: 0.15 };
  await srv.rails('config', { failRate: { disburse: 0.1, collect: 0.1 }, delayMs: [0, 150], hangMs: 700, faults });

  await srv.dev('clock/advance', { ms: srv.cfg.payoutDelayMs + 1000 });
  const payoutRounds = await settleAll();
  const tPayouts = Date.now();

  // two collections of Rs 300 from each loan paid out, started side by side in tens
  const repaying = await db.selectFrom('orders').selectAll().where('status', '=', OrderStatus.Repaying).execute();
  const started = [];
  for (const o of repaying)
    for (let k = 0; k < 2; k++)
      started.push(
        await db.transaction().execute(async (trx) => {
          const now = clock.now();
          const locked = await lockOrder(trx, o.id);
          const pay = await addPayment(trx, {
            pay_order_id: newPayOrderId('PAY'),
            order_id: o.id,
            user_id: o.user_id,
            kind: 'repay',
            amount: 300,
            channel_id: 'jazzcash',
            idempotency_key: `fault-${o.id}-${k}`,
            status: 'pending',
            created_at: now,
            completed_at: null,
            expires_at: now + 30 * 60_000,
          });
          return newCollection(trx, locked, pay, now);
        }),
      );
  for (let i = 0; i < started.length; i += 10) await Promise.all(started.slice(i, i + 10).map((s) => sendTransfer(srv.deps, s)));
  const collectionRounds = await settleAll();
  const tCollections = Date.now();

  const transfers = await db.selectFrom('transfers').selectAll().execute();
  const count = (kind: string, state?: string) => transfers.filter((t) => t.kind === kind && (!state || t.state === state)).length;
  const payouts = count('payout');
  const collections = count('collection');
  assert.ok(payouts >= 200 && collections >= 200, `${payouts} payouts, ${collections} collections`);
  // every transfer in a final state
  assert.deepEqual(
    transfers.filter((t) => t.state !== 'succeeded' && t.state !== 'failed').map((t) => `${t.reference} ${t.state}`),
    [],
  );
  // no order paid out twice: one disbursal journal per order paid out, one successful payout at the sandbox per order
  const disbursals = await db.selectFrom('journals').select(['order_id']).where('kind', '=', 'disbursal').execute();
  assert.equal(new Set(disbursals.map((d) => d.order_id)).size, disbursals.length, 'an order with two disbursal journals');
  assert.equal(disbursals.length, count('payout', 'succeeded'));
  const sandboxTxns = (await (await fetch(`${srv.cfg.railsUrl}/__sandbox/transactions`)).json()) as { reference: string; kind: string; state: string }[];
  const orderOf = new Map(transfers.map((t) => [t.reference, t.order_id]));
  const paidAtSandbox = sandboxTxns.filter((x) => x.kind === 'disburse' && x.state === 'succeeded').map((x) => orderOf.get(x.reference));
  assert.equal(new Set(paidAtSandbox).size, paidAtSandbox.length, 'the sandbox paid an order twice');
  // every order either started its loan or failed its payout
  const statuses = await db.selectFrom('orders').select('status').execute();
  assert.ok(statuses.every((o) => o.status === OrderStatus.Repaying || o.status === OrderStatus.PayFail));

  // the settlement file: its lines are the ledger's cash postings, transfer by transfer and in total
  const { file } = await srv.rails('cutoff', {});
  const csv = await srv.deps.rails.settlement.read(file);
  const { lines, unreadable } = parseSettlement(csv);
  assert.deepEqual(unreadable, []);
  const succeeded = transfers.filter((t) => t.state === 'succeeded');
  assert.deepEqual(lines.map((l) => l.reference).sort(), succeeded.map((t) => t.reference).sort());
  let ledgerOut = 0;
  let ledgerIn = 0;
  for (const t of succeeded) {
    const cash = await cashOfTransfer(db, t);
    assert.equal(cash, lines.find((l) => l.reference === t.reference)!.amount, `${t.reference}: ledger ${cash}`);
    if (t.kind === 'payout') ledgerOut += cash;
    else ledgerIn += cash;
  }
  const fileTotal = (kind: string) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amount, 0);
  assert.equal(ledgerOut, fileTotal('disburse'));
  assert.equal(ledgerIn, fileTotal('collect'));
  // and the reconciliation job finds nothing to report
  assert.equal(await reconcile(srv.deps), 1);
  assert.deepEqual(await listExceptions(db, 10), []);

  // the faults did happen: the sandbox's own record of what it played
  const played = (f: string) => sandboxTxns.filter((x) => (x as unknown as { faults: Record<string, boolean> }).faults[f]).length;
  const figures = {
    payouts,
    payoutsSucceeded: count('payout', 'succeeded'),
    collections,
    collectionsSucceeded: count('collection', 'succeeded'),
    timeouts: played('timeout'),
    lost: played('lose'),
    duplicated: played('duplicate'),
    reordered: played('reorder'),
    inquiries: transfers.reduce((s, t) => s + t.inquiries, 0),
    payoutRounds,
    collectionRounds,
    fileLines: lines.length,
    payoutSeconds: (tPayouts - t0) / 1000,
    collectionSeconds: (tCollections - tPayouts) / 1000,
  };
  console.log(`# fault run: ${JSON.stringify(figures)}`);
  for (const f of ['timeouts', 'lost', 'duplicated', 'reordered'] as const) assert.ok(figures[f] > 0, `no transfer was ${f}`);
  assert.ok(figures.payoutsSucceeded < payouts && figures.collectionsSucceeded < collections, 'none declined');
});
