/**
 * The onboarding forms of spec section 3 on the server: what is saved comes back when the form
 * is reopened; designations follow the work type; the work address's state and district come
 * from the state list; the review scores the salary band (and incomes saved as rupees before).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, onboard, ADDITION, BASIC } from './helpers';
import C from '../src/api/contract';
import { POLICY } from '../src/settings/policy';
import { score } from '../src/domain/scoring';

const { ErrorCode: E, OrderStatus: S, ageOn } = C;
const { srv, call } = serverForFile({ sessionTtlDays: 3650 });

const points = (band: keyof typeof POLICY.scoring.salaryBands) => POLICY.scoring.salaryBands[band].points;

test('personal info: ID card type, postal code, county, language, city of birth are saved and returned; the age is worked out from the birthday', async () => {
  const u = await register(call);
  const saved = await call('saveBasicInfo', { ...BASIC, cardType: 'NICOP', age: 99 }, { token: u.token });
  assert.equal(saved.code, 0, JSON.stringify(saved));
  const b = (await call('userProfile', {}, { token: u.token })).data.basicInfo;
  assert.deepEqual(
    [b.cardType, b.pinCode, b.county, b.language, b.cityOfBirth, b.nationalIdMasked],
    ['NICOP', BASIC.pinCode, BASIC.county, BASIC.language, BASIC.cityOfBirth, `*********${BASIC.nationalId.slice(-4)}`],
  );
  assert.equal(b.age, ageOn(BASIC.inputBirthday, new Date(srv.deps.clock.now())), "the age sent is replaced by the birthday's");
  // a year later the reopened form shows the age of that day
  await srv.dev('clock/advance', { ms: 366 * 86_400_000, runJobs: false });
  const later = (await call('userProfile', {}, { token: u.token })).data.basicInfo;
  assert.equal(later.age, ageOn(BASIC.inputBirthday, new Date(srv.deps.clock.now())));
  assert.equal(later.age, b.age + 1);
});

test('personal info: the new fields are checked by the same schema as the form', async () => {
  const u = await register(call);
  const r = await call(
    'saveBasicInfo',
    { ...BASIC, pinCode: '5400', cardType: undefined, language: 'klingon', cityOfBirth: '', nationalId: '1234', firstName: 'Ali3' },
    { token: u.token },
  );
  assert.equal(r.code, E.validationFailed);
  assert.deepEqual(r.data.fields, {
    pinCode: 'validation.pinCode5',
    cardType: 'validation.idCardTypeRequired',
    language: 'validation.languageRequired',
    cityOfBirth: 'validation.cityOfBirthRequired',
    nationalId: 'validation.nationalId13',
    firstName: 'validation.nameLetters',
  });
});

test('work info: salary band, designation and the work address are saved and returned', async () => {
  const u = await register(call);
  const saved = await call('saveAdditionInfo', { ...ADDITION, monthlySalary: '100000-149999', designation: 'teacher' }, { token: u.token });
  assert.equal(saved.code, 0, JSON.stringify(saved));
  const a = (await call('userProfile', {}, { token: u.token })).data.additionInfo;
  assert.deepEqual(
    [a.monthlySalary, a.designation, a.workPincode, a.workState, a.workDistrict, a.workCounty, a.workAddress],
    ['100000-149999', 'teacher', ADDITION.workPincode, ADDITION.workState, ADDITION.workDistrict, ADDITION.workCounty, ADDITION.workAddress],
  );
});

test("work info: a designation outside the work type's set is refused with its own message (translated)", async () => {
  const u = await register(call);
  for (const [employmentType, designation] of [
    ['self_employed', 'manager'],
    ['employee', 'shopkeeper'],
    ['Unemployed', 'director'],
  ]) {
    const r = await call('saveAdditionInfo', { ...ADDITION, employmentType, designation }, { token: u.token, lang: 'ur' });
    assert.equal(r.code, E.validationFailed, `${employmentType} ${designation}`);
    assert.equal(r.data.fields.designation, 'validation.designationInvalid');
    assert.match(r.msg, /[\u0600-\u06FF]/);
  }
  assert.equal((await call('saveAdditionInfo', { ...ADDITION, employmentType: 'self_employed', designation: 'shopkeeper' }, { token: u.token })).code, 0);
});

test('work info: the work state and district come from the state list (district of that state)', async () => {
  const u = await register(call);
  const wrongDistrict = await call('saveAdditionInfo', { ...ADDITION, workState: 'Sindh', workDistrict: 'Lahore' }, { token: u.token });
  assert.equal(wrongDistrict.data.fields.workDistrict, 'validation.cityInvalid');
  const wrongState = await call('saveAdditionInfo', { ...ADDITION, workState: 'Atlantis', workDistrict: '' }, { token: u.token });
  assert.equal(wrongState.data.fields.workState, 'validation.stateInvalid');
  const noState = await call('saveAdditionInfo', { ...ADDITION, workState: '', workDistrict: 'Lahore' }, { token: u.token });
  assert.equal(noState.data.fields.workState, 'validation.stateRequired');
  const none = await call(
    'saveAdditionInfo',
    { ...ADDITION, workPincode: '', workState: '', workDistrict: '', workCounty: '', workAddress: '' },
    { token: u.token },
  );
  assert.equal(none.code, 0, 'the work address is optional');
});

test('an income saved as rupees (a row from before the bands, or an older client) is returned and scored as its band', async () => {
  const u = await register(call);
  const old = await call('saveAdditionInfo', { ...ADDITION, monthlySalary: 45000 }, { token: u.token });
  assert.equal(old.code, 0, JSON.stringify(old));
  assert.equal((await call('userProfile', {}, { token: u.token })).data.additionInfo.monthlySalary, '30000-49999');

  const v = await register(call);
  await onboard(call, v.token);
  const uid = Number(v.user.userId);
  const row = await srv.deps.db.selectFrom('profiles').select('addition').where('user_id', '=', uid).executeTakeFirstOrThrow();
  const addition = typeof row.addition === 'string' ? JSON.parse(row.addition) : row.addition;
  await srv.deps.db
    .updateTable('profiles')
    .set({ addition: JSON.stringify({ ...addition, monthlySalary: 60000 }) })
    .where('user_id', '=', uid)
    .execute();
  assert.equal((await call('userProfile', {}, { token: v.token })).data.additionInfo.monthlySalary, '50000-99999');
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: v.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  await srv.dev('clock/advance', { ms: 2 * 60_000 });
  const order = await srv.deps.db.selectFrom('orders').select(['status', 'score']).where('user_id', '=', uid).executeTakeFirstOrThrow();
  // age 21-60 +20, the band's points, employee +15, own house +5
  assert.equal(order.score, 20 + points('50000-99999') + 15 + 5);
  assert.equal(order.status, S.Confirm);
});

test('scoring: each band scores its points from policy; a number scores as its band; none scores nothing', () => {
  const now = Date.UTC(2026, 0, 1);
  const basic = { inputBirthday: '1990-05-01', residenceType: 'others', previouslyBorrowed: 'no' };
  const base = score(basic, { employmentType: 'Unemployed' }, null, now);
  for (const band of Object.keys(POLICY.scoring.salaryBands) as (keyof typeof POLICY.scoring.salaryBands)[]) {
    assert.equal(score(basic, { employmentType: 'Unemployed', monthlySalary: band }, null, now) - base, points(band), band);
  }
  assert.equal(score(basic, { employmentType: 'Unemployed', monthlySalary: 29_999 }, null, now) - base, points('under29999'));
  assert.equal(score(basic, { employmentType: 'Unemployed', monthlySalary: 150_000 }, null, now) - base, points('over150000'));
  assert.equal(score(basic, { employmentType: 'Unemployed', monthlySalary: 'lots' }, null, now), base);
});

test("scoring: borrowed elsewhere more than 3 months' salary counts the band's monthly figure from policy", () => {
  const now = Date.UTC(2026, 0, 1);
  const addition = { employmentType: 'employee', monthlySalary: '30000-49999' };
  const limit = POLICY.scoring.borrowedMonthsOfIncome * POLICY.scoring.salaryBands['30000-49999'].monthly;
  const withBorrowed = (amount: number) =>
    score({ inputBirthday: '1990-05-01', previouslyBorrowed: 'yes', previouslyBorrowedAmount: amount }, addition, null, now);
  assert.equal(withBorrowed(limit) - withBorrowed(limit + 1), 10);
  // a legacy 45,000 rupees is its band's figure, not 45,000
  const legacy = (amount: number) =>
    score({ inputBirthday: '1990-05-01', previouslyBorrowed: 'yes', previouslyBorrowedAmount: amount }, { ...addition, monthlySalary: 45_000 }, null, now);
  assert.equal(legacy(limit + 1), withBorrowed(limit + 1));
});
