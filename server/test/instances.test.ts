/**
 * Three API instances on one PostgreSQL (run with scripts/with-postgres.sh): photos, limits and
 * jobs shared. Jobs run on all three at once for many ticks; each unit of work is done once.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { startTest, register, onboard, ANSWERS, JPEG, DAY, type Client } from './helpers';
import { runJobs } from '../src/app/jobs';
import { orderFigures } from '../src/domain/figures';
import { checkLedger } from './ledgerInvariants';
import { pkDayStart } from '../src/core/time';
import type { Ocr } from '../src/identity/ocr';
import C from '../src/api/contract';

const { OrderStatus: S, ErrorCode: E } = C;
const url = process.env.DATABASE_URL;
const skip = url ? false : 'needs DATABASE_URL (bash scripts/with-postgres.sh ...)';
type Srv = Awaited<ReturnType<typeof startTest>>;
const srv: Srv[] = [];

/** reads the CNIC name only from the photo the test uploaded (stored re-encoded: same size, a JPEG) */
const fakeOcr: Ocr = {
  async read(img: Buffer) {
    const [m, sent] = await Promise.all([sharp(img).metadata(), sharp(JPEG).metadata()]);
    if (m.format !== 'jpeg' || m.width !== sent.width || m.height !== sent.height) throw new Error('unexpected image');
    return { text: 'Name\nAli Khan\nIdentity Number\n35201-1234567-1\nDate of Birth\n01.05.1990', confidence: 0.9 };
  },
  async close() {},
};

before(async () => {
  if (skip) return;
  const cfg = { trustProxy: '127.0.0.1', authRateLimitMax: 40, ocrEnabled: true, sessionTtlDays: 3650 };
  srv.push(await startTest(cfg, { ocr: fakeOcr }));
  for (let i = 0; i < 2; i++) srv.push(await startTest(cfg, { ocr: fakeOcr }, srv[0].root));
});
after(async () => {
  for (const s of srv) await s.close();
});

const on = (i: number): Client => srv[i % srv.length].client;
/** every instance's business clock moves together, then all run their jobs at once, several ticks */
async function tick(ms: number, ticks = 4) {
  for (const s of srv) s.deps.clock.advance(ms);
  for (let t = 0; t < ticks; t++) await Promise.all(srv.flatMap((s) => [runJobs(s.deps), runJobs(s.deps)]));
}
async function eventsOf(type: string) {
  const rows = await srv[0].deps.db.selectFrom('order_events').select(['order_id']).where('type', '=', type).execute();
  const n = new Map<number, number>();
  for (const r of rows) n.set(r.order_id, (n.get(r.order_id) ?? 0) + 1);
  return n;
}

test('a photo uploaded through one instance is read (OCR, name check) by another', { skip }, async () => {
  const u = await register(on(0));
  await onboard(on(0), u.token, ['addition', 'card', 'questionnaire']);
  const ocr = await on(1)('curpOcr', { side: 'front' }, { token: u.token });
  assert.equal(ocr.code, 0, JSON.stringify(ocr));
  assert.equal(ocr.data.name, 'Ali Khan');
  assert.equal(ocr.data.matchesProfile, true);
});

test('the auth limit holds across instances', { skip }, async () => {
  const ip = '192.0.2.77';
  const codes: number[] = [];
  for (let i = 0; i < 41; i++) codes.push((await on(i)('getVerifyCode', { mobile: 'x', type: 'register' }, { ip })).code);
  assert.ok(
    codes.slice(0, 40).every((c) => c !== E.rateLimited),
    codes.join(','),
  );
  assert.equal(codes[40], E.rateLimited, 'the 41st call across three instances is refused');
  const other = await on(0)('getVerifyCode', { mobile: 'x', type: 'register' }, { ip: '192.0.2.78' });
  assert.notEqual(other.code, E.rateLimited);
});

test(
  'jobs on three instances: one review decision and one payout per order, one penalty accrual a day, retention once',
  { skip, timeout: 240_000 },
  async () => {
    const users: { token: string; orderNo: string; reject: boolean; userId: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const c = on(i);
      const u = await register(c);
      const reject = i % 3 === 0;
      await onboard(c, u.token, ['questionnaire']);
      const answers = ANSWERS.map((a) => (reject && a.question <= 2 ? { ...a, answer: 'yes' } : a));
      assert.equal((await on(i + 1)('saveQuestionnaire', { answers }, { token: u.token })).code, 0);
      const ap = await on(i + 2)('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
      assert.equal(ap.data.order.status, S.Applying, JSON.stringify(ap));
      users.push({ token: u.token, orderNo: ap.data.order.orderNo, reject, userId: u.user.userId ?? u.user.id });
    }
    const db = srv[0].deps.db;
    const ids = new Map((await db.selectFrom('orders').select(['id', 'order_no', 'user_id']).execute()).map((o) => [o.order_no, o]));

    await tick(2 * 60_000);
    const approved = await eventsOf('approved');
    const rejected = await eventsOf('rejected');
    for (const u of users) {
      const id = ids.get(u.orderNo)!.id;
      assert.equal((approved.get(id) ?? 0) + (rejected.get(id) ?? 0), 1, `one decision for ${u.orderNo}`);
      assert.equal(rejected.has(id), u.reject);
    }

    const accepted = users.filter((u) => !u.reject);
    for (const [i, u] of accepted.entries()) {
      const gm = await on(i)('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: `gm-${u.orderNo}` }, { token: u.token });
      assert.equal(gm.data.order.status, S.Lending, JSON.stringify(gm));
    }
    await tick(2 * 60_000);
    const paid = await eventsOf('disbursed');
    for (const u of accepted) assert.equal(paid.get(ids.get(u.orderNo)!.id), 1, `one payout for ${u.orderNo}`);

    // due two Pakistan calendar days before today's, then one more day: overdue once, the penalty of exactly 2 then 3 days
    const acceptedIds = accepted.map((u) => ids.get(u.orderNo)!.id);
    const dueAt = pkDayStart(srv[0].deps.clock.now()) - 2 * DAY + 60_000;
    await db
      .updateTable('orders')
      .set((eb) => ({ due_at: dueAt, disbursed_at: eb('disbursed_at', '-', 92 * DAY) }))
      .where('id', 'in', acceptedIds)
      .execute();
    await db.updateTable('journals').set({ due_at: dueAt }).where('order_id', 'in', acceptedIds).where('kind', '=', 'disbursal').execute();
    for (const days of [2, 3]) {
      await tick(days === 2 ? 1000 : DAY);
      const rows = await db.selectFrom('orders').selectAll().where('id', 'in', acceptedIds).execute();
      for (const o of rows) {
        assert.equal(o.status, S.Overdued);
        const { m } = await checkLedger(db, o.id);
        const f = orderFigures(o, m, srv[0].deps.clock.now());
        assert.equal(f.overdueDays, days);
        assert.equal(m.penaltyAccrued, f.overdueFee, `penalty of ${days} days posted for ${o.order_no}`);
      }
    }
    const overdue = await eventsOf('overdue');
    for (const id of acceptedIds) assert.equal(overdue.get(id), 1);

    // rejected applicants: their data (and photos, shared by all instances) deleted once
    await tick(8 * DAY);
    const gone = users.filter((u) => u.reject).map((u) => ids.get(u.orderNo)!.user_id);
    const audits = await db.selectFrom('audit_log').select('detail').where('kind', '=', 'retention.delete').execute();
    const per = new Map<number, number>();
    for (const a of audits) {
      const d = (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail) as { userId: number };
      per.set(d.userId, (per.get(d.userId) ?? 0) + 1);
    }
    for (const id of gone) assert.equal(per.get(id), 1, `retention once for user ${id}`);
    const blobs = await db.selectFrom('blobs').select('key').where('user_id', 'in', gone).execute();
    assert.equal(blobs.length, 0, 'their photos are deleted from the shared store');
    const kept = await db
      .selectFrom('blobs')
      .select('key')
      .where(
        'user_id',
        'in',
        accepted.map((u) => ids.get(u.orderNo)!.user_id),
      )
      .execute();
    assert.ok(kept.length >= accepted.length * 3, 'borrowers keep theirs');
  },
);
