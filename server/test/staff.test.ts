/**
 * Staff identity, roles, maker-checker and the audit trail (issue 40), through the staff API (/staff/):
 * the second factor, lockout and its time, idle and absolute session ends, role refusals, a maker's own
 * approval refused, two approvals at once applying once (PostgreSQL: the proposal's row lock), the
 * audit chain verified and a tampered row found, appends from many writers at once never forking it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { serverForFile, disbursedLoan as paidOutLoan } from './helpers';
import { staffApi } from './staffHelpers';
import { checkLedger } from './ledgerInvariants';
import { POLICY } from '../src/settings/policy';
import { hashPassword, verifyPassword } from '../src/staff/password';

const TRIES = 3;
let api: ReturnType<typeof staffApi>;
// the per-address sign-in limit off: one test machine signs everyone in (the per-account limit is tested)
const { srv } = serverForFile(
  { sessionTtlDays: 3650, staffLockoutTries: TRIES, staffSignInRateMax: 0 },
  {
    setup: async (s) => {
      api = staffApi(s.base);
    },
  },
);

const order = (orderNo: string) => srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();

async function disbursedLoan() {
  const u = await paidOutLoan(srv);
  // thirty days held: interest to waive
  await srv.dev('clock/advance', { ms: 30 * 86_400_000 });
  return u;
}
const waiverJournals = async (orderNo: string) =>
  (
    await srv.deps.db
      .selectFrom('journals')
      .select('id')
      .where('order_id', '=', (await order(orderNo)).id)
      .where('kind', '=', 'waiver')
      .execute()
  ).length;
const auditOf = (action: string) => srv.deps.db.selectFrom('staff_audit').selectAll().where('action', '=', action).orderBy('seq').execute();

test("a password at the default cost is scrypt with N = 2^16, r = 8, p = 2 (the file's server uses a test's lower cost)", async () => {
  const stored = await hashPassword('correct horse battery', POLICY.staff.passwordCost);
  assert.match(stored, /^scrypt\$65536\$8\$2\$[\w-]{22}\$[\w-]{43}$/);
  assert.equal(await verifyPassword('correct horse battery', stored), true);
});

test('sign-in: the second factor is required, wrong codes and passwords count towards the lock, the lock names its end', async () => {
  const a = await api.account('agent');
  const none = await api.signIn(a, { totp: undefined });
  assert.equal(none.status, 400);
  assert.equal(none.body.error, 'secondFactorRequired');
  assert.equal(none.body.token, undefined);
  const empty = await api.signIn(a, { totp: '' });
  assert.equal(empty.body.error, 'secondFactorRequired');

  // TRIES - 1 wrong codes (right password), then one wrong password: locked
  const wrongCode = String((Number(api.code(a)) + 1) % 1_000_000).padStart(6, '0');
  for (let i = 0; i < TRIES - 1; i++) {
    const r = await api.signIn(a, { totp: wrongCode });
    assert.equal(r.status, 401, JSON.stringify(r.body));
    assert.equal(r.body.error, 'signInFailed');
  }
  const before = Date.now();
  const locked = await api.signIn(a, { password: `${a.password}x` });
  assert.equal(locked.status, 423, JSON.stringify(locked.body));
  const until = Date.parse(locked.body.lockedUntil);
  assert.ok(until >= before + POLICY.staff.lockoutMinutes * 60_000 && until <= Date.now() + POLICY.staff.lockoutMinutes * 60_000, locked.body.lockedUntil);
  assert.match(locked.body.message, new RegExp(locked.body.lockedUntil.slice(0, 16)));
  // the right password and code are refused while locked, with the same end
  const still = await api.signIn(a);
  assert.equal(still.status, 423);
  assert.equal(still.body.lockedUntil, locked.body.lockedUntil);
  const row = await srv.deps.db.selectFrom('staff').selectAll().where('id', '=', a.staff.id).executeTakeFirstOrThrow();
  assert.equal(Number(row.locked_until), until);

  // an admin unlocks it; then the code of this step signs in once, and not twice (a code is used once)
  const admin = await api.member('admin');
  const agentTries = await api.call('POST', `/accounts/${a.staff.id}/unlock`, { token: (await api.member('agent')).token });
  assert.equal(agentTries.status, 403);
  assert.equal((await api.call('POST', `/accounts/${a.staff.id}/unlock`, { token: admin.token })).status, 200);
  // one code, sent twice (a fresh code per sign-in would be the next step's once the 30 s step turns)
  const totp = api.code(a);
  const ok = await api.signIn(a, { totp });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.staff.role, 'agent');
  const replay = await api.signIn(a, { totp });
  assert.equal(replay.status, 401, 'the same code twice');
  // the attempts are in the trail
  const refused = (await auditOf('signIn.refused')).filter((e) => e.subject === `staff:${a.staff.username}`);
  assert.equal(refused.length, TRIES + 2);
});

test('a wrong username is refused like a wrong password; sign-ins of one account are limited per minute', async () => {
  const r = await api.call('POST', '/session', { body: { username: 'nobody.here', password: 'whatever-long', totp: '123456' } });
  assert.equal(r.status, 401);
  assert.equal(r.body.error, 'signInFailed');
  const a = await api.account('agent');
  const wrong = { password: 'not-the-password' };
  const statuses: number[] = [];
  for (let i = 0; i < POLICY.staff.signInsPerAccountPerMinute + 1; i++) statuses.push((await api.signIn(a, wrong)).status);
  // TRIES wrong ones lock it, the lock answers 423 without checking, the minute's limit answers 429
  assert.deepEqual(statuses, [...Array(TRIES - 1).fill(401), ...Array(POLICY.staff.signInsPerAccountPerMinute - TRIES + 1).fill(423), 429]);
});

test('sessions end when idle, at their absolute end, when signed out, and when the account is disabled', async () => {
  const db = srv.deps.db;
  const idle = await api.member('agent');
  assert.equal((await api.call('GET', '/me', { token: idle.token })).status, 200);
  const min = 60_000;
  // the session unused for the idle time (its stored last use moved back)
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: Date.now() - srv.cfg.staffSessionIdleMinutes * min - 1000 })
    .where('staff_id', '=', idle.staff.id)
    .execute();
  const r1 = await api.call('GET', '/me', { token: idle.token });
  assert.equal(r1.status, 401);
  assert.deepEqual([r1.body.error, r1.body.reason], ['sessionEnded', 'idle']);

  // used a minute ago, but signed in longer ago than the absolute limit
  const long = await api.member('agent');
  const s = await db.selectFrom('staff_sessions').selectAll().where('staff_id', '=', long.staff.id).executeTakeFirstOrThrow();
  assert.equal(Number(s.expires_at) - Number(s.created_at), srv.cfg.staffSessionMaxMinutes * min);
  const shift = srv.cfg.staffSessionMaxMinutes * min + 1000;
  await db
    .updateTable('staff_sessions')
    .set({ created_at: Number(s.created_at) - shift, expires_at: Number(s.expires_at) - shift, last_seen_at: Date.now() - min })
    .where('id', '=', s.id)
    .execute();
  const r2 = await api.call('GET', '/me', { token: long.token });
  assert.deepEqual([r2.status, r2.body.reason], [401, 'expired']);

  const out = await api.member('agent');
  assert.equal((await api.call('POST', '/session/end', { token: out.token })).status, 200);
  assert.equal((await api.call('GET', '/me', { token: out.token })).body.reason, 'signedOut');

  const gone = await api.member('collections');
  const admin = await api.member('admin');
  assert.equal((await api.call('POST', `/accounts/${gone.staff.id}/disable`, { token: admin.token })).status, 200);
  assert.equal((await api.call('GET', '/me', { token: gone.token })).status, 401);
  assert.equal((await api.signIn(gone, { totp: api.code(gone, 1) })).status, 401, 'a disabled account cannot sign in');

  assert.equal((await api.call('GET', '/me')).body.error, 'notSignedIn');
  assert.equal((await api.call('GET', '/me', { token: 'made-up' })).body.error, 'notSignedIn');
});

test('roles: an agent approving, a reviewer proposing, an agent reading the audit trail or making staff are refused (and recorded)', async () => {
  const u = await disbursedLoan();
  const agent = await api.member('agent');
  const reviewer = await api.member('reviewer');
  const p = await api.call('POST', '/proposals', {
    token: agent.token,
    body: { kind: 'waiver', orderNo: u.orderNo, account: 'interest', amount: 10, reason: 'goodwill' },
  });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  const approve = await api.call('POST', `/proposals/${p.body.id}/approve`, { token: agent.token });
  assert.deepEqual([approve.status, approve.body.error], [403, 'forbidden']);
  assert.equal(
    (
      await api.call('POST', '/proposals', {
        token: reviewer.token,
        body: { kind: 'waiver', orderNo: u.orderNo, account: 'interest', amount: 10, reason: 'goodwill' },
      })
    ).status,
    403,
  );
  assert.equal((await api.call('GET', '/audit', { token: agent.token })).status, 403);
  assert.equal((await api.call('POST', '/accounts', { token: agent.token, body: { username: 'sneaky', name: 'Sneaky', role: 'admin' } })).status, 403);
  assert.equal(await waiverJournals(u.orderNo), 0);
  const refusals = (await auditOf('refused')).filter((e) => e.staff_id === agent.staff.id);
  assert.ok(
    refusals.some((e) => e.subject === 'POST /staff/proposals/:id/approve'),
    'the refused approval is in the trail',
  );
});

test('maker-checker: the maker approving their own proposal is refused; a different supervisor applies it once, through the ledger', async () => {
  const u = await disbursedLoan();
  const maker = await api.member('supervisor');
  const checker = await api.member('supervisor');
  const p = await api.call('POST', '/proposals', {
    token: maker.token,
    body: { kind: 'waiver', orderNo: u.orderNo, account: 'interest', amount: 25, reason: 'complaint 12 upheld' },
  });
  assert.equal(p.status, 200);
  assert.equal(p.body.status, 'pending');
  const own = await api.call('POST', `/proposals/${p.body.id}/approve`, { token: maker.token });
  assert.deepEqual([own.status, own.body.error], [403, 'ownProposal']);
  assert.equal(await waiverJournals(u.orderNo), 0);

  const due = (await srv.client('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.amountDue;
  const ok = await api.call('POST', `/proposals/${p.body.id}/approve`, { token: checker.token });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual([ok.body.proposal.status, ok.body.proposal.maker, ok.body.proposal.checker], ['applied', maker.staff.username, checker.staff.username]);
  assert.equal((await srv.client('repaymentDetail', { orderNo: u.orderNo }, { token: u.token })).data.amountDue, due - 25);
  const again = await api.call('POST', `/proposals/${p.body.id}/approve`, { token: (await api.member('supervisor')).token });
  assert.deepEqual([again.status, again.body.error], [409, 'alreadyDecided']);
  assert.equal(await waiverJournals(u.orderNo), 1);
  const st = await srv.client('repaymentStatement', { orderNo: u.orderNo }, { token: u.token });
  assert.equal(st.data.lines.find((l: { event: string }) => l.event === 'waiver').interest, -25);

  // above what is owed: the ledger refuses at approval, the proposal is kept as failed with the most that could be waived
  const big = await api.call('POST', '/proposals', {
    token: maker.token,
    body: { kind: 'waiver', orderNo: u.orderNo, account: 'interest', amount: 999_999, reason: 'too much' },
  });
  const refused = await api.call('POST', `/proposals/${big.body.id}/approve`, { token: checker.token });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.error, 'moneyRefused');
  assert.deepEqual([refused.body.proposal.status, refused.body.proposal.outcome.refusal], ['failed', 'aboveOwed']);
  assert.ok(refused.body.proposal.outcome.max > 0);
  // a rejection needs a reason and is final
  const small = await api.call('POST', '/proposals', {
    token: maker.token,
    body: { kind: 'waiver', orderNo: u.orderNo, account: 'interest', amount: 5, reason: 'maybe' },
  });
  assert.equal((await api.call('POST', `/proposals/${small.body.id}/reject`, { token: checker.token, body: {} })).status, 400);
  assert.equal(
    (await api.call('POST', `/proposals/${small.body.id}/reject`, { token: checker.token, body: { reason: 'no grounds' } })).body.proposal.status,
    'rejected',
  );
  assert.equal((await api.call('POST', `/proposals/${small.body.id}/approve`, { token: checker.token })).status, 409);
  assert.equal(await waiverJournals(u.orderNo), 1);
  const listed = await api.call('GET', `/proposals?orderNo=${u.orderNo}`, { token: checker.token });
  assert.deepEqual(
    listed.body.proposals.map((x: { status: string }) => x.status),
    ['rejected', 'failed', 'applied'],
  );
  // bad input: a clear field error; an unknown order: not found
  const bad = await api.call('POST', '/proposals', {
    token: maker.token,
    body: { kind: 'waiver', orderNo: u.orderNo, account: 'principal', amount: 1.5, reason: '' },
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(Object.keys(bad.body.fields).sort(), ['account', 'amount', 'reason']);
  assert.equal(
    (await api.call('POST', '/proposals', { token: maker.token, body: { kind: 'waiver', orderNo: 'NO-SUCH', account: 'fee', amount: 1, reason: 'xyz' } }))
      .status,
    404,
  );
  await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
});

test('two supervisors approving one proposal at once: applied once, the other told it was decided', async () => {
  const u = await disbursedLoan();
  const maker = await api.member('agent');
  const [b, c] = [await api.member('supervisor'), await api.member('supervisor')];
  for (let round = 0; round < 5; round++) {
    const p = await api.call('POST', '/proposals', {
      token: maker.token,
      body: { kind: 'waiver', orderNo: u.orderNo, account: 'interest', amount: 3, reason: `round ${round}` },
    });
    const rs = await Promise.all([b, c].map((s) => api.call('POST', `/proposals/${p.body.id}/approve`, { token: s.token })));
    assert.deepEqual(rs.map((r) => r.status).sort(), [200, 409], JSON.stringify(rs.map((r) => r.body)));
    assert.equal(await waiverJournals(u.orderNo), round + 1);
  }
  await checkLedger(srv.deps.db, (await order(u.orderNo)).id);
});

test('the audit trail: every step listed and filtered, the chain verifies under parallel writers, a changed row is found, exports', async () => {
  const sup = await api.member('supervisor');
  const admin = await api.member('admin');
  const agents = await Promise.all([1, 2, 3].map(() => api.account('agent')));
  // many writers at once (sign-ins, refusals): the chain must not fork
  const rs = await Promise.all(
    agents.flatMap((a) => [api.signIn(a), api.signIn(a, { password: 'wrong-password' }), api.call('GET', '/audit', { token: 'nope' })]),
  );
  assert.deepEqual(
    rs.map((r) => r.status),
    [200, 401, 401, 200, 401, 401, 200, 401, 401],
    'each recorded (a forked append would fail its write)',
  );
  // cheap audited reads from one member, all at once: each appends its entry, none is lost
  const reader = await api.member('supervisor');
  const reads = await Promise.all(Array.from({ length: 20 }, () => api.call('GET', '/proofs', { token: reader.token })));
  assert.deepEqual(new Set(reads.map((r) => r.status)), new Set([200]), JSON.stringify(reads.find((r) => r.status !== 200)?.body));
  assert.equal(
    (await srv.deps.db.selectFrom('staff_audit').select('seq').where('staff_id', '=', reader.staff.id).where('action', '=', 'proofs.list').execute()).length,
    20,
  );
  const v = await api.call('GET', '/audit/verify', { token: admin.token });
  assert.equal(v.status, 200);
  assert.equal(v.body.ok, true, JSON.stringify(v.body));
  const count = Number(
    (
      await srv.deps.db
        .selectFrom('staff_audit')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  assert.equal(v.body.entries + 1, count, 'every entry but the verification itself');

  const mine = await api.call('GET', `/audit?staffId=${sup.staff.id}`, { token: sup.token });
  assert.deepEqual(
    mine.body.entries.map((e: { action: string }) => e.action),
    ['signIn'],
  );
  const page = await api.call('GET', '/audit?limit=2', { token: sup.token });
  assert.equal(page.body.entries.length, 2);
  const next = await api.call('GET', `/audit?limit=2&afterSeq=${page.body.nextAfterSeq}`, { token: sup.token });
  assert.equal(next.body.entries[0].seq, page.body.nextAfterSeq + 1);
  assert.equal((await api.call('GET', '/audit?from=yesterday', { token: sup.token })).status, 400);

  const jsonl = await api.call('GET', '/audit/export?format=jsonl&action=signIn', { token: admin.token });
  assert.match(jsonl.headers.get('content-type') ?? '', /ndjson/);
  const lines = String(jsonl.body)
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.ok(lines.length >= 5 && lines.every((l) => l.action === 'signIn'));
  const csv = await api.call('GET', '/audit/export?format=csv', { token: admin.token });
  assert.match(String(csv.body), /^seq,at,staffId,action,subject,detail,prevHash,hash\r\n"1",/);

  // append-only: the database refuses a change
  await assert.rejects(sql`update staff_audit set action = 'x' where seq = 1`.execute(srv.deps.db), /append-only/);
  await assert.rejects(sql`delete from staff_audit where seq = 1`.execute(srv.deps.db), /append-only/);
  // someone with the database's owner rights turns the guard off and edits an entry: the verification names it
  const victim = (await auditOf('signIn'))[0];
  await sql`alter table staff_audit disable trigger staff_audit_no_change`.execute(srv.deps.db);
  await sql`update staff_audit set detail = ${JSON.stringify({ ip: '10.9.9.9' })}::jsonb where seq = ${victim.seq}`.execute(srv.deps.db);
  await sql`alter table staff_audit enable trigger staff_audit_no_change`.execute(srv.deps.db);
  const broken = await api.call('GET', '/audit/verify', { token: admin.token });
  assert.deepEqual([broken.body.ok, broken.body.brokenAt], [false, Number(victim.seq)]);
  assert.match(broken.body.why, /content/);
});

test("CORS: the staff API answers the console's origins only, the borrower API never the console's", async () => {
  const pre = (path: string, origin: string) =>
    fetch(`${srv.base}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
  const consoleOrigin = srv.cfg.staffOrigins[0];
  const appOrigin = srv.cfg.corsOrigins[0];
  assert.equal((await pre('/staff/session', consoleOrigin)).headers.get('access-control-allow-origin'), consoleOrigin);
  assert.equal((await pre('/staff/session', appOrigin)).headers.get('access-control-allow-origin'), null);
  assert.equal((await pre('/api/x', consoleOrigin)).headers.get('access-control-allow-origin'), null);
  assert.equal((await pre('/api/x', appOrigin)).headers.get('access-control-allow-origin'), appOrigin);
  const unknown = await api.call('GET', '/nothing-here');
  assert.deepEqual([unknown.status, unknown.body.error], [404, 'notFound']);
});
