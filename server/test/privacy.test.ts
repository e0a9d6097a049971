/**
 * Issue 38, item 8: what a token reads of the CNIC, what retention leaves of an erased applicant, and the idle
 * limit of a borrower's session.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { serverForFile, register, onboard, codeFor, BASIC, CARD, DAY } from './helpers';
import { sealText } from '../src/db/atRest';
import C from '../src/api/contract';
import { POLICY } from '../src/settings/policy';
import { tokenHash } from '../src/usecases/sessions';

const { ErrorCode: E } = C;
const { srv, call } = serverForFile();

/** the session of a token: its id and its last call seen (wall clock) */
const sessionOf = (token: string) =>
  srv.deps.db.selectFrom('sessions').select(['id', 'user_id', 'last_seen_at']).where('token_hash', '=', tokenHash(srv.deps, token)).executeTakeFirstOrThrow();
const seen = async (token: string) => (await sessionOf(token)).last_seen_at;
const setSeen = async (token: string, at: number | null) =>
  srv.deps.db
    .updateTable('sessions')
    .set({ last_seen_at: at })
    .where('id', '=', (await sessionOf(token)).id)
    .execute();

test('a session idle for SESSION_IDLE_DAYS ends with tokenExpired; a call within it keeps it; last seen written at most every few minutes', async () => {
  const idleMs = srv.cfg.sessionIdleDays * DAY;
  assert.equal(srv.cfg.sessionIdleDays, POLICY.sessionIdleDays);
  assert.ok(idleMs > 0 && idleMs < srv.cfg.sessionTtlDays * DAY, 'the idle limit comes before the absolute one');
  const u = await register(call);
  const m = u.token;
  const atLogin = Number(await seen(m));
  assert.ok(Math.abs(Date.now() - atLogin) < 60_000, 'seen at login');

  // calls within the write interval write nothing
  const marker = Date.now() - 1_000;
  await setSeen(m, marker);
  for (let i = 0; i < 3; i++) assert.equal((await call('getUserInfo', {}, { token: u.token })).code, 0);
  assert.equal(Number(await seen(m)), marker, 'no write per call');

  // a borrower back after 6 days: still signed in, and seen again
  await setSeen(m, Date.now() - (idleMs - DAY));
  assert.equal((await call('getUserInfo', {}, { token: u.token })).code, 0);
  assert.ok(Date.now() - Number(await seen(m)) < 60_000, 'seen again');

  // a session from before the idle limit (never seen): kept, and seen from now
  await setSeen(m, null);
  assert.equal((await call('getUserInfo', {}, { token: u.token })).code, 0);
  assert.ok(Date.now() - Number(await seen(m)) < 60_000);

  // idle past the limit: the logout code the app handles (clears the session, goes to login)
  await setSeen(m, Date.now() - idleMs - 60_000);
  const a = await call('getUserInfo', {}, { token: u.token });
  assert.equal(a.code, E.tokenExpired);
  assert.ok(C.LOGOUT_CODES.includes(a.code));
  assert.equal((await call('userProfile', {}, { token: u.token })).code, E.tokenExpired, 'stays ended');
  // a new login is a new session
  await srv.dev('clock/advance', { ms: 61_000, runJobs: false });
  await call('getVerifyCode', { mobile: u.mobile, type: 'login' });
  const again = await call('login', { mobile: u.mobile, code: '123456' });
  assert.equal(again.code, 0);
  assert.equal((await call('getUserInfo', {}, { token: again.data.token })).code, 0);
  // the money actions' own step-up is untouched
  assert.equal(srv.cfg.moneyIdleSeconds, POLICY.moneyIdleSeconds);
});

/**
 * What retention keeps of an erased applicant, table by table, with why. Any other table holding a user's rows
 * (a user_id or mobile column) must have none of theirs left: a new table fails here until retention covers it
 * or it is added with its reason.
 */
const KEPT: Record<string, string> = {
  users: 'the account: the mobile number they log in with (names erased)',
  sessions: 'their login (token hashes)',
  otps: 'codes sent to the number: hashes expiring in minutes, counted by the per-number limits',
  orders: 'the refusal the reapply wait counts from (the bank card kept on it is erased)',
  profiles: 'the row stays with every field erased (its time tells data given again)',
  complaints: "the complaint register's ticket number, category and dates (the text and photo erased)",
};

test('retention erases everything of a rejected applicant: no account-change notice, no row in any table but the kept ones', async () => {
  const u = await register(call);
  await onboard(call, u.token);
  const backup = await call(
    'bindBackupBankCard',
    { ...CARD, accountNumber: '03009876543', confirmAccountNumber: '03009876543', accountCode: await codeFor(call, u.token) },
    { token: u.token },
  );
  assert.equal(backup.code, 0, JSON.stringify(backup));
  const before = await call('backupBankCardDetail', {}, { token: u.token });
  assert.ok(before.data.notices.length >= 1, 'the account changes are listed');
  await srv.dev('force', { mobile: u.mobile, review: 'reject' });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  await srv.dev('clock/advance', { ms: 2 * 60_000 });
  await srv.dev('clock/advance', { ms: (srv.cfg.retentionDays + 1) * DAY });
  const db = srv.deps.db;
  const userId = Number((await sessionOf(u.token)).user_id);
  const user = await db.selectFrom('users').select(['id', 'mobile', 'data_deleted_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  assert.ok(user.data_deleted_at, 'erased');

  const after = await call('backupBankCardDetail', {}, { token: u.token });
  assert.equal(after.code, 0);
  assert.deepEqual(after.data.notices, [], 'no bank or last digits left');
  const audits = await sql<{ kind: string }>`select kind from audit_log where detail->>'userId' = ${String(user.id)}`.execute(db);
  assert.deepEqual(
    audits.rows.map((r) => r.kind),
    ['retention.delete'],
    'only the record of the deletion',
  );

  const cols = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and column_name in ('user_id', 'mobile')`.execute(db);
  assert.ok(cols.rows.length >= 10, 'the tables are listed');
  const left: string[] = [];
  for (const { table_name: t, column_name: c } of cols.rows) {
    if (KEPT[t]) continue;
    const v = c === 'user_id' ? user.id : user.mobile;
    const n = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)} where ${sql.ref(c)} = ${v}`.execute(db);
    if (Number(n.rows[0].n) > 0) left.push(`${t} (${n.rows[0].n})`);
  }
  assert.deepEqual(left, [], 'tables still holding the erased applicant');
  const prof = await db.selectFrom('profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
  assert.deepEqual([prof.basic, prof.addition, prof.questionnaire, prof.ocr, prof.national_id_index], [null, null, null, null, null]);
  const orders = await db.selectFrom('orders').select('bank_card').where('user_id', '=', user.id).execute();
  assert.ok(orders.every((o) => o.bank_card === null));
});

test('the CNIC is answered masked only (profile and reading), a form may leave it out to keep it, and a new one replaces it', async () => {
  const u = await register(call);
  const full = BASIC.nationalId;
  const masked = `*********${full.slice(-4)}`;
  assert.equal(
    (await call('saveBasicInfo', { ...BASIC, nationalId: undefined }, { token: u.token })).data?.fields?.nationalId,
    'validation.nationalIdRequired',
    'required while none is on file',
  );
  assert.equal((await call('saveBasicInfo', BASIC, { token: u.token })).code, 0);
  const uid = Number((await sessionOf(u.token)).user_id);
  await srv.deps.db
    .updateTable('profiles')
    .set({ ocr: JSON.stringify({ cardNumber: sealText(full), name: 'ALI KHAN', birthday: '1990-05-01', sides: { front: true, back: false }, confidence: 80 }) })
    .where('user_id', '=', uid)
    .execute();
  const prof = await call('userProfile', {}, { token: u.token });
  assert.equal(prof.code, 0, JSON.stringify(prof));
  assert.equal(prof.data.basicInfo.nationalIdMasked, masked);
  assert.equal(prof.data.basicInfo.nationalId, undefined);
  assert.equal(prof.data.ocr.cardNumber, masked);
  assert.equal(prof.data.ocr.matchesProfile, true, 'compared in full on the server');
  assert.ok(!JSON.stringify(prof).includes(full.slice(0, 9)), 'no answer carries the full number');

  // the name check and a revisited form send the personal info without it: the one on file is kept
  const index = async () =>
    (await srv.deps.db.selectFrom('profiles').select('national_id_index').where('user_id', '=', uid).executeTakeFirstOrThrow()).national_id_index;
  const before = await index();
  const { nationalId: _id, ...withoutId } = BASIC;
  assert.equal((await call('saveBasicInfo', { ...withoutId, firstName: 'Alia' }, { token: u.token })).code, 0);
  assert.equal((await call('saveBasicInfo', { ...BASIC, nationalId: '' }, { token: u.token })).code, 0);
  const kept = await call('userProfile', {}, { token: u.token });
  assert.equal(kept.data.basicInfo.nationalIdMasked, masked);
  assert.equal(kept.data.ocr.matchesProfile, true);
  assert.equal(await index(), before);
  // a new one typed in full replaces it
  assert.equal((await call('saveBasicInfo', { ...BASIC, nationalId: '3520112349999' }, { token: u.token })).code, 0);
  const changed = await call('userProfile', {}, { token: u.token });
  assert.equal(changed.data.basicInfo.nationalIdMasked, '*********9999');
  assert.equal(changed.data.ocr.matchesProfile, false);
  assert.notEqual(await index(), before);
});
