/**
 * The error catalogue holds the codes the server answers, and only those (wire-protocol.md:
 * "list each in one catalogue"). A rule on a form's fields has no code of its own: it is
 * answered with validationFailed, naming the field with its message key.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverForFile, register, ANSWERS, BASIC, ADDITION, CARD, type Client } from './helpers';
import C from '../src/api/contract';

const { ErrorCode: E } = C;
const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sources(p) : p.endsWith('.ts') ? [fs.readFileSync(p, 'utf8')] : [];
  });
}

test('every code of the catalogue is one the server sends', () => {
  const code = sources(SRC).join('\n');
  const unsent = Object.keys(E).filter((name) => name !== 'ok' && !new RegExp(`\\bErrorCode\\.${name}\\b`).test(code));
  assert.deepEqual(unsent, [], `codes in the catalogue that server/src never sends: ${unsent.join(', ')}`);
  for (const [name, value] of Object.entries(E)) {
    const m = C.ERROR_MESSAGES[value];
    assert.ok(m?.en && m?.ur && m.en !== m.ur, `${name} has an English and an Urdu message`);
  }
});

let token: string;
const { call } = serverForFile(
  {},
  {
    setup: async () => {
      token = (await register(call)).token;
    },
  },
);

test('field rules are answered with validationFailed naming the field and its message', async () => {
  const fieldsOf = async (...args: Parameters<Client>) => {
    const a = await call(...args);
    assert.equal(a.code, E.validationFailed, `${args[0]}: ${JSON.stringify(a.data)}`);
    return a.data.fields as Record<string, string>;
  };
  assert.equal((await fieldsOf('getVerifyCode', { mobile: '', type: 'register' })).mobile, 'validation.mobileRequired');
  const noState = await fieldsOf('saveBasicInfo', { ...BASIC, state: '' }, { token });
  assert.equal(noState.state, 'validation.stateRequired');
  const contacts = await fieldsOf(
    'saveAdditionInfo',
    { ...ADDITION, emergencyContactMobile2: ADDITION.emergencyContactMobile1, emergencyContactRelation2: ADDITION.emergencyContactRelation1 },
    { token },
  );
  assert.equal(contacts.emergencyContactRelation2, 'validation.sameRelation');
  assert.equal(contacts.emergencyContactMobile2, 'validation.sameMobile');
  assert.equal((await fieldsOf('addBankCard', { ...CARD, confirmAccountNumber: '03451234560' }, { token })).confirmAccountNumber, 'validation.accountMismatch');
  assert.equal((await fieldsOf('finishUploadAllImg', {}, { token })).agree, 'validation.agreementRequired');
  assert.equal((await fieldsOf('saveQuestionnaire', { answers: ANSWERS.slice(0, 10) }, { token })).answers, 'validation.questionnaireIncomplete');
  const repay = await fieldsOf('repaymentConfirm', { orderNo: '', amount: 1000.5, idempotencyKey: 'abcdefgh' }, { token });
  assert.equal(repay.orderNo, 'validation.orderNoRequired');
  assert.equal(repay.amount, 'validation.amountInteger');
  const pay = await fieldsOf('cashierPay', { payOrderId: '', channelId: '' }, { token });
  assert.equal(pay.payOrderId, 'validation.payOrderIdRequired');
  assert.equal(pay.channelId, 'validation.channelIdRequired');
});
