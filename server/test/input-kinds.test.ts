/**
 * Input checked for its kind (issue 25 items 10 and 11): every date a request carries is a field
 * error when it is not a calendar day (never a 500), a transfer reference is letters and digits,
 * LinkedIn/Facebook links are https addresses of that site.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { serverForFile, register, onboard, ADDITION } from './helpers';
import C from '../src/api/contract';

const { ErrorCode: E, endpointSchemas } = C;
const { call } = serverForFile();

/** the texts that made Date throw "Invalid time value" (issue 25 item 11), and other non-days */
const NOT_DATES = ['NaN', 'Infinity', '-1', '', ' ', '0x10', '2024-02-30', '2024-13-01', '0000-00-00', '9999-99-99', '2024-1-01', '+020240-01-01', '2024-02'];

test('no request schema throws on a date-like text in any field (every date parameter is covered)', () => {
  const thrown: string[] = [];
  for (const [name, s] of Object.entries(endpointSchemas)) {
    const shape = s.request instanceof z.ZodObject ? Object.keys(s.request.shape) : [];
    for (const field of shape)
      for (const v of NOT_DATES) {
        try {
          s.request.safeParse({ [field]: v });
        } catch (e) {
          thrown.push(`${name}.${field} = ${JSON.stringify(v)}: ${(e as Error).message}`);
        }
      }
  }
  assert.deepEqual(thrown, []);
});

test('saveAdditional with a paidAt that is not a day answers a field error, not a 500', async () => {
  const u = await register(call);
  for (const paidAt of NOT_DATES.filter((v) => v !== '2024-02')) {
    const a = await call('saveAdditional', { orderNo: 'LM1', fileId: 1, amount: 1000, transactionRef: 'TRX123456', paidAt }, { token: u.token });
    assert.equal(a.status, 200, `${JSON.stringify(paidAt)}: HTTP ${a.status} ${JSON.stringify(a)}`);
    assert.equal(a.code, E.validationFailed);
    assert.equal(a.data.fields.paidAt, 'validation.dateInvalid', JSON.stringify(paidAt));
  }
  // the other date parameters: a birthday, a company start date
  const b = await call('saveBasicInfo', { inputBirthday: 'NaN' }, { token: u.token });
  assert.equal(b.data.fields.inputBirthday, 'validation.birthdayFormat');
  const c = await call('saveAdditionInfo', { ...ADDITION, companyStartDate: '0x10' }, { token: u.token });
  assert.equal(c.data.fields.companyStartDate, 'validation.dateInvalid');
  assert.equal(
    (await call('saveAdditionInfo', { ...ADDITION, companyStartDate: '2024-02-30' }, { token: u.token })).data.fields.companyStartDate,
    'validation.dateInvalid',
  );
});

test('a transfer reference is letters and digits; profile links are https addresses of their site', async () => {
  const u = await register(call);
  await onboard(call, u.token);
  for (const ref of ['<b>TRX1</b>', 'TRX 1234', 'TRX-1234"', "TRX1'--", 'ٹرانزیکشن12']) {
    const a = await call('saveAdditional', { orderNo: 'LM1', fileId: 1, amount: 1000, transactionRef: ref }, { token: u.token });
    assert.equal(a.data?.fields?.transactionRef, 'validation.transactionRefChars', `${ref}: ${JSON.stringify(a)}`);
  }
  const link = async (field: 'linkedin' | 'facebook', v: string) =>
    (await call('saveAdditionInfo', { ...ADDITION, [field]: v }, { token: u.token })).data?.fields?.[field] ?? 'ok';
  for (const v of [
    'http://www.linkedin.com/in/ali',
    'https://evil.example/linkedin.com',
    'https://linkedin.com.evil.example/in/ali',
    'javascript:alert(1)//https://linkedin.com',
    'https://www.linkedin.com/in/"><script>',
  ])
    assert.equal(await link('linkedin', v), 'validation.linkedinUrl', v);
  for (const v of ['https://www.facebook.com.evil.example/', 'https://www.linkedin.com/in/ali', 'https://m.facebook.com/<img>'])
    assert.equal(await link('facebook', v), 'validation.facebookUrl', v);
  assert.equal(await link('linkedin', 'https://www.linkedin.com/in/ali-khan-123'), 'ok');
  assert.equal(await link('facebook', 'https://m.facebook.com/ali.khan'), 'ok');
  assert.equal(await link('facebook', ''), 'ok', 'optional');
});
