/**
 * Encryption at rest: no account number, CNIC or photo in clear anywhere the server keeps them
 * (every table, the photo store), while the borrower still reads them back (masked where shown);
 * rows stored in clear before are encrypted at the next start; production refuses to start without
 * DATA_KEY. Runs on PGlite and on PostgreSQL.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { serverForFile, register, onboard, codeFor, BASIC, CARD, JPEG, PROD } from './helpers';
import { loadConfig } from '../src/settings/config';
import { diskStorage, dbStorage, sniffImage } from '../src/uploads/storage';

const ID = BASIC.nationalId;
const ACCOUNT = CARD.accountNumber.replace(/\s/g, '');
const { srv, call, restart } = serverForFile();

async function registered() {
  const u = await register(call);
  return { ...u, userId: Number(u.user.userId) };
}

/** every row of every table, as text */
async function everyRow(): Promise<string> {
  const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public'`.execute(srv.deps.db);
  let all = '';
  for (const { tablename } of tables.rows) {
    const rows = await sql`select * from ${sql.table(tablename)}`.execute(srv.deps.db);
    all += JSON.stringify(rows.rows, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v));
  }
  return all;
}
/** what the photo store holds, as kept (not through the server's sealing wrapper) */
function rawStore() {
  return srv.deps.dbKind === 'postgres' ? dbStorage(srv.deps.db, Date.now) : diskStorage(srv.cfg.uploadDir, { minFreeBytes: 0, probeCacheMs: 0 });
}
async function photoKeys(userId?: number) {
  let q = srv.deps.db.selectFrom('documents').select(['storage_key', 'user_id']);
  if (userId) q = q.where('user_id', '=', userId);
  return (await q.execute()).map((d) => d.storage_key);
}

test('account numbers, CNICs and photos are ciphertext where kept; the borrower reads them back', async () => {
  const u = await registered();
  await onboard(call, u.token);
  const ocrLike = {
    cardNumber: ID,
    name: 'ALI KHAN',
    fatherName: 'AHMED KHAN',
    birthday: '1990-05-01',
    address: 'LAHORE',
    complete: true,
    matchesProfile: true,
    confidence: 80,
  };
  await srv.deps.db
    .updateTable('profiles')
    .set({ ocr: JSON.stringify(ocrLike) })
    .where('user_id', '=', u.userId)
    .execute();
  await restart(); // the OCR row above was written in clear: encrypted at start

  const rows = await everyRow();
  assert.ok(!rows.includes(ID), 'no CNIC in clear in any table');
  assert.ok(!rows.includes(ACCOUNT), 'no account number in clear in any table');
  for (const key of await photoKeys(u.userId)) {
    const kept = await rawStore().get(key);
    assert.equal(sniffImage(kept), null, `photo ${key} is kept as an image`);
    assert.ok(!kept.includes(JPEG.subarray(0, 64)), 'no photo bytes in clear');
    assert.equal(sniffImage(await srv.deps.storage.get(key)) !== null, true, 'the server still reads the photo');
  }
  const prof = await call('userProfile', {}, { token: u.token });
  assert.equal(prof.code, 0, JSON.stringify(prof));
  // opened, then masked: the last digits of the number itself (answers never carry it whole)
  assert.equal(prof.data.basicInfo.nationalIdMasked, `*********${ID.slice(-4)}`);
  assert.equal(prof.data.ocr.cardNumber, `*********${ID.slice(-4)}`);
  assert.equal(prof.data.ocr.matchesProfile, true);
  const cards = await call('backupBankCardDetail', {}, { token: u.token });
  assert.match(cards.data.primary.accountMasked, /^[*•]+.*4567$|4567$/);
  assert.ok(!JSON.stringify(cards.data).includes(ACCOUNT), 'the card is shown masked');
  const card = await srv.deps.db.selectFrom('bank_cards').select(['account_index']).where('user_id', '=', u.userId).executeTakeFirstOrThrow();
  const again = await registered();
  await srv.deps.db.updateTable('users').set({ first_name: 'Ali', last_name: 'Khan' }).where('id', '=', again.userId).execute();
  await call('addBankCard', { ...CARD, accountCode: await codeFor(call, again.token) }, { token: again.token });
  const other = await srv.deps.db.selectFrom('bank_cards').select(['account_index']).where('user_id', '=', again.userId).executeTakeFirstOrThrow();
  assert.equal(other.account_index, card.account_index, 'the keyed hash finds the same account');
});

test('rows and photos stored in clear before encryption existed are encrypted at the next start', async () => {
  const u = await registered();
  await onboard(call, u.token);
  const db = srv.deps.db;
  await db.updateTable('bank_cards').set({ account_number: ACCOUNT, account_index: null }).where('user_id', '=', u.userId).execute();
  await db
    .updateTable('profiles')
    .set({ basic: JSON.stringify(BASIC), national_id_index: null })
    .where('user_id', '=', u.userId)
    .execute();
  const doc = await db.selectFrom('documents').select(['id']).where('user_id', '=', u.userId).where('kind', '=', 'idFront').executeTakeFirstOrThrow();
  const plainKey = await rawStore().put(u.userId, 'jpg', JPEG);
  await db.updateTable('documents').set({ storage_key: plainKey }).where('id', '=', doc.id).execute();
  assert.ok((await everyRow()).includes(ACCOUNT), 'set-up: an account number in clear');
  await restart();
  const rows = await everyRow();
  assert.ok(!rows.includes(ACCOUNT) && !rows.includes(ID), 'encrypted at start');
  const moved = await srv.deps.db.selectFrom('documents').select(['storage_key']).where('id', '=', doc.id).executeTakeFirstOrThrow();
  assert.equal(sniffImage(await rawStore().get(moved.storage_key)), null, 'the photo is sealed');
  assert.ok((await srv.deps.storage.get(moved.storage_key)).equals(JPEG), 'and reads back as it was');
  await assert.rejects(rawStore().get(plainKey), 'the clear copy is gone');
  if (srv.deps.dbKind === 'pglite')
    assert.ok(
      !fs.readdirSync(path.join(srv.cfg.uploadDir, String(u.userId))).some((f) =>
        fs
          .readFileSync(path.join(srv.cfg.uploadDir, String(u.userId), f))
          .subarray(0, 3)
          .equals(JPEG.subarray(0, 3)),
      ),
    );
  const prof = await call('userProfile', {}, { token: u.token });
  assert.equal(prof.data.basicInfo.nationalIdMasked, `*********${ID.slice(-4)}`);
  const idx = await srv.deps.db.selectFrom('bank_cards').select(['account_index']).where('user_id', '=', u.userId).executeTakeFirstOrThrow();
  assert.ok(idx.account_index, 'the keyed hash is filled in');
});

test('production refuses to start without DATA_KEY', () => {
  const prod = {
    ...PROD,
    OTP_SECRET: 'x'.repeat(40),
    DATA_KEY: undefined,
  };
  assert.throws(() => loadConfig(prod), /DATA_KEY must be set/);
  assert.throws(() => loadConfig({ ...prod, DATA_KEY: 'short' }), /at least 32/);
  assert.doesNotThrow(() => loadConfig({ ...prod, DATA_KEY: 'k'.repeat(40) }));
});
