/**
 * The money attack of issue 16, as counts: run it against any build of the server (this one, or
 * an older checkout) on PGlite or PostgreSQL (DATABASE_URL) and compare. Usage:
 *   npx tsx bench/money-attack.ts            (from server/)
 * Every figure is read from the payments and orders tables, so older schemas answer too.
 */
import { ledgerTotals } from '../src/repos/ledger';
import { startTest, register, onboard, type Client } from '../test/helpers';

const N = 10;
let seq = 0;
const key = (w: string) => `${w}${String(++seq).padStart(6, '0')}x${process.pid}`;

async function main() {
  const srv = await startTest({ sessionTtlDays: 3650, validateResponses: false });
  const call: Client = srv.client;
  const db = srv.deps.db;
  const orderRow = (orderNo: string) => db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  const chargedFor = async (orderNo: string, kind = 'repay') => {
    const o = await orderRow(orderNo);
    const rows = await db
      .selectFrom('payments')
      .select(['amount'])
      .where('order_id', '=', o.id)
      .where('kind', '=', kind)
      .where('status', '=', 'success')
      .execute();
    return { sum: rows.reduce((s, r) => s + r.amount, 0), count: rows.length, o };
  };
  async function loan() {
    const u = await register(call);
    await onboard(call, u.token);
    await srv.dev('force', { mobile: u.mobile, review: 'approve' });
    const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
    const orderNo = ap.data.order.orderNo as string;
    await srv.dev('jobs/run', {});
    await srv.dev('clock/advance', { ms: 180_000 });
    await call('getMoney', { orderNo, agree: true, idempotencyKey: key('gm') }, { token: u.token });
    await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
    await srv.dev('clock/advance', { ms: 180_000 });
    const due = (await call('repaymentDetail', { orderNo }, { token: u.token })).data.amountDue as number;
    return { ...u, orderNo, due };
  }
  const pay = async (u: { token: string; orderNo: string }, amount: number, k = key('p')) => {
    const c = await call('repaymentConfirm', { orderNo: u.orderNo, amount, idempotencyKey: k }, { token: u.token });
    if (c.code !== 0) return c;
    return call('cashierPay', { payOrderId: c.data.payment.payOrderId, channelId: 'card' }, { token: u.token });
  };
  const out: Record<string, string> = {};

  let u = await loan();
  const started = [];
  for (const device of ['a', 'b'])
    started.push(await call('repaymentConfirm', { orderNo: u.orderNo, amount: u.due, idempotencyKey: key(device) }, { token: u.token }));
  for (const s of started) if (s.code === 0) await call('cashierPay', { payOrderId: s.data.payment.payOrderId, channelId: 'card' }, { token: u.token });
  let c = await chargedFor(u.orderNo);
  out['2 full payments, 2 keys, started then paid one after the other: charged x due'] = (c.sum / u.due).toFixed(1);

  u = await loan();
  await Promise.all(Array.from({ length: N }, () => pay(u, u.due)));
  c = await chargedFor(u.orderNo);
  out[`${N} parallel full payments: charged x due`] = (c.sum / u.due).toFixed(1);
  out[`${N} parallel full payments: charged - credited (lost credit)`] = String(c.sum - (await ledgerTotals(db, c.o.id)).credit);

  u = await loan();
  const k = key('same');
  const same = await Promise.all(
    Array.from({ length: 2 * N }, () => call('repaymentConfirm', { orderNo: u.orderNo, amount: u.due, idempotencyKey: k }, { token: u.token })),
  );
  const first = same.find((a) => a.code === 0)?.data.payment.payOrderId;
  out[`${2 * N} concurrent same-key retries: answers not the same payment`] = String(
    same.filter((a) => a.code !== 0 || a.data.payment.payOrderId !== first).length,
  );

  u = await loan();
  const dueBefore = (await orderRow(u.orderNo)).due_at!;
  await Promise.all(
    Array.from({ length: N }, () => call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: key('e'), channelId: 'easypaisa' }, { token: u.token })),
  );
  c = await chargedFor(u.orderNo, 'extension');
  const moved = Math.round(((c.o.due_at ?? dueBefore) - dueBefore) / 86_400_000 / 30);
  out[`${N} concurrent extensions: fees charged / due-date moves / extension_count`] = `${c.count} / ${moved} / ${c.o.extension_count}`;

  u = await loan();
  for (let i = 0; i < N; i++) await call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: key('s'), channelId: 'easypaisa' }, { token: u.token });
  c = await chargedFor(u.orderNo, 'extension');
  out[`${N} sequential extensions: extensions granted`] = String(c.o.extension_count);

  u = await loan();
  const early = await pay(u, u.due);
  out['full repayment right after payout: amount charged (loan 5,000)'] = String(early.code === 0 ? (await chargedFor(u.orderNo)).sum : `error ${early.code}`);

  console.log(`money attack on ${srv.deps.dbKind}`);
  for (const [name, v] of Object.entries(out)) console.log(`  ${name}: ${v}`);
  await srv.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
