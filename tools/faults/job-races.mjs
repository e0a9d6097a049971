/**
 * The two job races of issue 25 (items 5 and 6), as counts, with real timing (no seam): run it against
 * any build of the server (this one or an older checkout), best on PostgreSQL:
 *   PG_TEST_PORT=55447 bash scripts/with-postgres.sh npx tsx tools/faults/job-races.mjs
 * TRIES (default 50) borrowers per race:
 * - retention vs re-application: TRIES rejected applicants past RETENTION_DAYS re-apply (another
 *   lender) while one job run deletes what is due. Bad: a re-application answered "in review" whose
 *   data was then deleted, or whose order the review then rejected.
 * - overdue vs extension: TRIES loans a day and an hour past due (overdue by either day rule) are extended while one job run marks what is
 *   overdue. Bad: an extension answered 0 with a new due date, and the order ends overdue.
 * Each borrower's call starts at a random moment within the job run, so some commit after the job
 * read its list. Prints one line per race: `<race>: <bad> of <tries> ...`.
 */
import { startTest, register, onboard, DAY, JPEG } from '../../server/test/helpers.ts';

const TRIES = Number(process.env.TRIES ?? 50);
const SPREAD_MS = Number(process.env.SPREAD_MS ?? 400);
const Applying = 1;
const Reject = 9;
const Overdued = 3;

const srv = await startTest({ sessionTtlDays: 3650, validateResponses: false });
const call = srv.client;
const db = srv.deps.db;
const orderRow = (orderNo) => db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
const later = (fn) => new Promise((r) => setTimeout(r, Math.random() * SPREAD_MS)).then(fn);

// the selfie check is not what races here (and takes seconds on a loaded machine): each borrower's face
// document is a copy of the row of their CNIC front photo; everything else goes through the API
async function onboardQuickly(token) {
  await onboard(call, token, ['images']);
  const front = await call('uploadOtherCardFront', {}, { token, file: { data: JPEG } });
  await call('uploadOtherCardBack', {}, { token, file: { data: JPEG } });
  const { id: _id, ...photo } = await db.selectFrom('documents').selectAll().where('id', '=', front.data.fileId).executeTakeFirstOrThrow();
  await db
    .insertInto('documents')
    .values({ ...photo, kind: 'face' })
    .execute();
  const fin = await call('finishUploadAllImg', { agree: true }, { token });
  if (fin.code !== 0) throw new Error(`finishUploadAllImg ${fin.code}`);
}

async function applied(force) {
  const u = await register(call);
  await onboardQuickly(u.token);
  await srv.dev('force', { mobile: u.mobile, review: force });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  if (ap.code !== 0) throw new Error(`applyMarket ${ap.code}`);
  return { ...u, orderNo: ap.data.order.orderNo };
}

async function retentionRace() {
  const people = [];
  for (let i = 0; i < TRIES; i++) people.push(await applied('reject'));
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  for (const p of people) p.userId = (await orderRow(p.orderNo)).user_id;
  await srv.dev('clock/advance', { ms: 8 * DAY, runJobs: false });
  const [, answers] = await Promise.all([
    srv.dev('jobs/run', {}),
    Promise.all(people.map((p) => later(() => call('applyMarket', { productId: 'P002', amount: 5000, tenureDays: 91 }, { token: p.token })))),
  ]);
  await srv.dev('clock/advance', { ms: 3 * 60_000 }); // the review of the new orders
  let bad = 0,
    erasedFirst = 0;
  for (const [i, p] of people.entries()) {
    const a = answers[i];
    if (a.code !== 0) continue;
    const docs = await db.selectFrom('documents').select('id').where('user_id', '=', p.userId).execute();
    const o = await orderRow(a.data.order.orderNo);
    if ((a.data.order.status === Applying && docs.length === 0) || o.status === Reject) bad++;
    else if (docs.length === 0) erasedFirst++;
  }
  const applied0 = answers.filter((a) => a.code === 0).length;
  console.log(
    `retention vs re-application: ${bad} of ${TRIES} erased or auto-rejected (${applied0} re-applications answered 0, ${erasedFirst} erased before they applied)`,
  );
}

async function overdueRace() {
  const loans = [];
  for (let i = 0; i < TRIES; i++) {
    const u = await applied('approve');
    await srv.dev('clock/advance', { ms: 3 * 60_000 });
    await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
    const gm = await call('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: `gm-${u.orderNo}` }, { token: u.token });
    if (gm.code !== 0) throw new Error(`getMoney ${gm.code}`);
    loans.push(u);
  }
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  const latestDue = Math.max(...(await Promise.all(loans.map(async (u) => (await orderRow(u.orderNo)).due_at))));
  await srv.dev('clock/advance', { ms: latestDue - srv.deps.clock.now() + DAY + 3_600_000, runJobs: false });
  const [, answers] = await Promise.all([
    srv.dev('jobs/run', {}),
    Promise.all(
      loans.map((u) =>
        later(() => call('confirmExtension', { orderNo: u.orderNo, idempotencyKey: `ext-${u.orderNo}`, channelId: 'easypaisa' }, { token: u.token })),
      ),
    ),
  ]);
  let bad = 0;
  for (const [i, u] of loans.entries()) {
    const o = await orderRow(u.orderNo);
    if (answers[i].code === 0 && o.status === Overdued && o.due_at > srv.deps.clock.now()) bad++;
  }
  const extended = answers.filter((a) => a.code === 0).length;
  console.log(`overdue vs extension: ${bad} of ${TRIES} extended yet overdue (${extended} extensions answered 0)`);
}

try {
  await retentionRace();
  await overdueRace();
} finally {
  await srv.close();
}
