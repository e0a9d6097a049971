/** Form rules the server holds whatever the client sends: contact numbers stored as login stores mobiles, IBAN check digits. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, codeFor, ADDITION, BASIC, CARD } from './helpers';
import C from '../src/api/contract';

const { ErrorCode: E } = C;
const { srv, call } = serverForFile();

test('emergency contacts: "+92 300 1234567" is stored as 3001234567; a number that cannot be a Pakistani mobile is refused', async () => {
  const u = await register(call);
  const saved = await call(
    'saveAdditionInfo',
    { ...ADDITION, emergencyContactMobile1: '+92 300 1234567', emergencyContactMobile2: '0092-321-7654321' },
    { token: u.token },
  );
  assert.equal(saved.code, 0, JSON.stringify(saved));
  const prof = await call('userProfile', {}, { token: u.token });
  assert.equal(prof.data.additionInfo.emergencyContactMobile1, '3001234567');
  assert.equal(prof.data.additionInfo.emergencyContactMobile2, '3217654321');
  const bad = await call('saveAdditionInfo', { ...ADDITION, emergencyContactMobile1: '0000000000' }, { token: u.token });
  assert.equal(bad.code, E.validationFailed);
  assert.equal(bad.data.fields.emergencyContactMobile1, 'validation.contactPhoneInvalid');
});

test('IBAN: the check digits must match (PK00 and a mistyped digit refused)', async () => {
  const u = await register(call);
  assert.equal((await call('saveBasicInfo', BASIC, { token: u.token })).code, 0);
  const iban = async (n: string) =>
    call(
      'addBankCard',
      { ...CARD, cardType: 'IBAN', accountNumber: n, confirmAccountNumber: n, accountCode: await codeFor(call, u.token) },
      { token: u.token },
    );
  for (const wrong of ['PK00SCBL0000001123456702', 'PK36SCBL0000001123456703']) {
    const r = await iban(wrong);
    assert.equal(r.code, E.validationFailed, wrong);
    assert.equal(r.data.fields.accountNumber, 'validation.ibanCheckDigits');
  }
  assert.equal((await iban('PK36SCBL0000001123456702')).code, 0);
});

test('name check: a borrower whose card was misread confirms the name and goes on; the review is told to check it by hand', async () => {
  const u = await register(call);
  assert.equal((await call('saveBasicInfo', { ...BASIC, firstName: 'Aisha' }, { token: u.token })).code, 0);
  await srv.deps.db
    .updateTable('profiles')
    .set({ ocr: JSON.stringify({ name: 'AYESHA KHAN' }) })
    .where('user_id', '=', Number(u.user.userId))
    .execute();
  assert.equal((await call('getUserInfo', {}, { token: u.token })).data.progress.nameMatches, false);
  const again = await call('saveBasicInfo', { ...BASIC, firstName: 'Aisha', nameConfirmedByBorrower: true }, { token: u.token });
  assert.equal(again.code, 0, JSON.stringify(again));
  assert.equal((await call('getUserInfo', {}, { token: u.token })).data.progress.nameMatches, true);
  const audit = await srv.deps.db.selectFrom('audit_log').select('detail').where('kind', '=', 'review.nameByHand').execute();
  assert.ok(audit.some((a) => (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail).userId === Number(u.user.userId)));
  // a name typed again on the personal form needs the check again
  assert.equal((await call('saveBasicInfo', { ...BASIC, firstName: 'Aisha' }, { token: u.token })).code, 0);
  assert.equal((await call('getUserInfo', {}, { token: u.token })).data.progress.nameMatches, false);
});

test('the card reading is not a hard gate: a corrected National ID is re-checked at once; a card never read right goes on for a check by hand', async () => {
  const u = await register(call);
  const uid = Number(u.user.userId);
  assert.equal((await call('saveBasicInfo', { ...BASIC, nationalId: '3520112345679' }, { token: u.token })).code, 0); // mistyped
  await srv.deps.db
    .updateTable('profiles')
    .set({
      ocr: JSON.stringify({
        cardNumber: BASIC.nationalId,
        name: 'ALI KHAN',
        fatherName: null,
        birthday: '1990-05-01',
        address: null,
        complete: true,
        matchesProfile: false,
        confidence: 80,
      }),
    })
    .where('user_id', '=', uid)
    .execute();
  assert.equal((await call('userProfile', {}, { token: u.token })).data.ocr.matchesProfile, false);
  assert.equal((await call('saveBasicInfo', BASIC, { token: u.token })).code, 0); // corrected
  assert.equal((await call('userProfile', {}, { token: u.token })).data.ocr.matchesProfile, true, 'no new photo needed');
  const { JPEG, FACE } = await import('./helpers');
  for (const [name, data] of [
    ['uploadOtherCardFront', JPEG],
    ['uploadOtherCardBack', JPEG],
    ['saveFaceImage', FACE],
  ] as const) {
    assert.equal((await call(name, {}, { token: u.token, file: { data } })).code, 0);
  }
  assert.equal((await call('finishUploadAllImg', { agree: true, checkByHand: true }, { token: u.token })).code, 0);
  const audit = await srv.deps.db.selectFrom('audit_log').select('detail').where('kind', '=', 'review.cardByHand').execute();
  assert.ok(audit.some((a) => (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail).userId === uid));
});
