import { BasicInfo, AdditionInfo, BankCardInput, SaveQuestionnaireRequest, ageOn, fieldErrors, normalizeMobile, pakistaniMobile } from '..';
import { DESIGNATION_SETS, SALARY_BANDS, designationsFor, salaryBandOf } from '../../options';
import { endpoints } from '../../endpoints';

const basic = {
  firstName: 'Ali',
  lastName: 'Khan',
  gender: 1,
  inputBirthday: '1990-05-01',
  nationalId: '3520112345671',
  education: 'bachelors',
  maritalStatus: 'single',
  loanPurpose: 'health',
  residenceType: 'ownHouse',
  state: 'Punjab',
  city: 'Lahore',
  address: 'House 1',
  email: 'a@b.pk',
  previouslyBorrowed: 'no',
  cardType: 'CNIC',
  pinCode: '54000',
  language: 'urdu',
  cityOfBirth: 'Lahore',
};
const contacts = {
  emergencyContactName1: 'Ali',
  emergencyContactMobile1: '3001234567',
  emergencyContactRelation1: 'friends',
  emergencyContactName2: 'Bilal',
  emergencyContactMobile2: '03001234568',
  emergencyContactRelation2: 'parents',
};

describe('form schemas (spec section 5)', () => {
  it('accepts a valid personal info and clears the amount when not previously borrowed', () => {
    const r = BasicInfo.safeParse({ ...basic, previouslyBorrowedAmount: 500 });
    expect(r.success).toBe(true);
    expect(r.success && r.data.previouslyBorrowedAmount).toBeUndefined();
  });
  it('names the offending fields with i18n keys', () => {
    const r = BasicInfo.safeParse({ ...basic, nationalId: '12345', firstName: 'Al', email: 'a b@c', previouslyBorrowed: 'yes' });
    expect(r.success).toBe(false);
    const f = fieldErrors(r.error!.issues);
    expect(f).toMatchObject({ nationalId: 'validation.nationalId13', firstName: 'validation.nameMin', email: 'validation.emailInvalid' });
    expect(fieldErrors(BasicInfo.safeParse({}).error!.issues).gender).toBe('validation.genderRequired');
  });
  it('payday rules per pay frequency, contacts differ, Unemployed needs no industry', () => {
    const base = {
      employmentType: 'employee',
      industryCategory: 'retail',
      jobExperience: 'in1_3Years',
      company: 'Metro',
      monthlySalary: '30000-49999',
      incomeSource: 'ownself',
      ...contacts,
    };
    expect(AdditionInfo.safeParse({ ...base, payFrequency: 'Monthly', monthlyPayday: 5 }).success).toBe(true);
    expect(fieldErrors(AdditionInfo.safeParse({ ...base, payFrequency: 'Weekly', monthlyPayday: 5 }).error!.issues).monthlyPayday).toBe(
      'validation.paydayWeekday',
    );
    expect(fieldErrors(AdditionInfo.safeParse({ ...base, payFrequency: 'Biweekly', monthlyPayday: 5 }).error!.issues).monthlyPaydayTwo).toBe(
      'validation.paydayDay',
    );
    expect(AdditionInfo.safeParse({ ...base, payFrequency: 'Fourteen', monthlyPayday: 'monday', monthlyPaydayTwo: 'friday' }).success).toBe(true);
    const same = AdditionInfo.safeParse({
      ...base,
      payFrequency: 'Monthly',
      monthlyPayday: 1,
      emergencyContactMobile2: '03001234567',
      emergencyContactRelation2: 'friends',
    });
    expect(fieldErrors(same.error!.issues)).toMatchObject({
      emergencyContactMobile2: 'validation.sameMobile',
      emergencyContactRelation2: 'validation.sameRelation',
    });
    const un = AdditionInfo.safeParse({
      employmentType: 'Unemployed',
      monthlySalary: 'under29999',
      incomeSource: 'father',
      industryCategory: 'retail',
      ...contacts,
    });
    expect(un.success && un.data.industryCategory).toBeUndefined();
  });
  it('bank card: confirmation must match; wallets get their bank index', () => {
    expect(
      fieldErrors(
        BankCardInput.safeParse({
          cardType: 'bank',
          bankIndex: 3,
          accountNumber: '1234567890123456',
          confirmAccountNumber: '1234567890123450',
          cardHolder: 'Ali Khan',
        }).error!.issues,
      ).confirmAccountNumber,
    ).toBe('validation.accountMismatch');
    const w = BankCardInput.safeParse({ cardType: 'Jazzcash', accountNumber: '0300 1234567', confirmAccountNumber: '03001234567', cardHolder: 'Ali Khan' });
    expect(w.success && w.data.bankIndex).toBe(31);
  });
  it('IBAN: the ISO 13616 check digits are verified (PK00... and a mistyped digit refused)', () => {
    const iban = (accountNumber: string) =>
      BankCardInput.safeParse({ cardType: 'IBAN', accountNumber, confirmAccountNumber: accountNumber, cardHolder: 'Ali Khan' });
    expect(iban('PK36SCBL0000001123456702').success).toBe(true);
    expect(iban('pk36 scbl 0000 0011 2345 6702').success).toBe(true);
    expect(fieldErrors(iban('PK00SCBL0000001123456702').error!.issues).accountNumber).toBe('validation.ibanCheckDigits');
    expect(fieldErrors(iban('PK36SCBL0000001123456703').error!.issues).accountNumber).toBe('validation.ibanCheckDigits');
    expect(fieldErrors(iban('PK36SCBL00000011234567').error!.issues).accountNumber).toBe('validation.ibanInvalid');
  });
  it('emergency contacts: any way a Pakistani mobile is written is stored as login stores it; anything else is refused', () => {
    const base = {
      employmentType: 'employee',
      industryCategory: 'retail',
      jobExperience: 'in1_3Years',
      company: 'Metro',
      monthlySalary: '30000-49999',
      incomeSource: 'ownself',
      payFrequency: 'Monthly',
      monthlyPayday: 1,
      ...contacts,
    };
    for (const written of ['+92 300 1234567', '0092-300-1234567', '923001234567', '0300 1234567', '(0300) 123-4567', '3001234567']) {
      expect(pakistaniMobile(written)).toBe('3001234567');
      const r = AdditionInfo.safeParse({ ...base, emergencyContactMobile1: written });
      expect(r.success && r.data.emergencyContactMobile1).toBe('3001234567');
    }
    for (const bad of ['0000000000', '1234567890', '0300123456', '+1 300 1234567', '0300 1234567x']) {
      expect(pakistaniMobile(bad)).toBeNull();
      expect(fieldErrors(AdditionInfo.safeParse({ ...base, emergencyContactMobile1: bad }).error!.issues).emergencyContactMobile1).toBe(
        'validation.contactPhoneInvalid',
      );
    }
    const same = AdditionInfo.safeParse({ ...base, emergencyContactMobile1: '+92 300 1234568', emergencyContactMobile2: '03001234568' });
    expect(fieldErrors(same.error!.issues).emergencyContactMobile2).toBe('validation.sameMobile');
  });
  it('free text has bounds and a message for each, nothing cut: no markup, not only emoji, sane amounts', () => {
    const errs = (over: Record<string, unknown>) => fieldErrors(BasicInfo.safeParse({ ...basic, ...over }).error?.issues ?? []);
    expect(errs({ address: '😀😀😀' }).address).toBe('validation.textNeedsWords');
    expect(errs({ address: '<script>alert(1)</script>' }).address).toBe('validation.textNoMarkup');
    expect(errs({ address: 'House 1, '.repeat(20) }).address).toBe('validation.addressLength');
    expect(errs({ firstName: '😀😀😀' }).firstName).toBe('validation.nameLetters');
    expect(errs({ previouslyBorrowed: 'yes', previouslyBorrowedAmount: 99_999_999_999_999 }).previouslyBorrowedAmount).toBe('validation.amountTooHigh');
    expect(errs({ address: 'House 12, Street 4, Model Town' })).toEqual({});
  });
  it('personal info: ID card type, 5-digit postal code, language and city of birth required; county optional; the age is derived', () => {
    const errs = (over: Record<string, unknown>) => fieldErrors(BasicInfo.safeParse({ ...basic, ...over }).error?.issues ?? []);
    const r = BasicInfo.safeParse({ ...basic, age: 5 });
    expect(r.success && r.data.age).toBe(ageOn(basic.inputBirthday));
    expect(errs({ cardType: undefined, pinCode: undefined, language: undefined, cityOfBirth: undefined })).toEqual({
      cardType: 'validation.idCardTypeRequired',
      pinCode: 'validation.pinCodeRequired',
      language: 'validation.languageRequired',
      cityOfBirth: 'validation.cityOfBirthRequired',
    });
    expect(errs({ pinCode: '5400' }).pinCode).toBe('validation.pinCode5');
    expect(errs({ pinCode: '540001' }).pinCode).toBe('validation.pinCode5');
    expect(errs({ pinCode: '54 00' }).pinCode).toBe('validation.pinCode5');
    expect(errs({ cardType: 'passport' }).cardType).toBe('validation.idCardTypeRequired');
    expect(errs({ cityOfBirth: 'x'.repeat(51) }).cityOfBirth).toBe('validation.placeNameLength');
    expect(errs({ county: '' })).toEqual({});
    expect(errs({ county: 'Model Town', cardType: 'NICOP' })).toEqual({});
  });
  it("National ID: empty 'input National ID', any other length or a non-digit 'enter 13 digits'", () => {
    const errs = (nationalId: unknown) => fieldErrors(BasicInfo.safeParse({ ...basic, nationalId }).error?.issues ?? []).nationalId;
    expect(errs(undefined)).toBe('validation.nationalIdRequired');
    expect(errs('')).toBe('validation.nationalIdRequired');
    for (const bad of ['352021234567', '35202123456712', '35202-1234567-1', '352021234567a']) expect(errs(bad)).toBe('validation.nationalId13');
    expect(errs('3520212345671')).toBeUndefined();
  });
  it('names: letters a-z (either case, one space between words), at least 3 letters; other characters have their own message', () => {
    const errs = (over: Record<string, unknown>) => fieldErrors(BasicInfo.safeParse({ ...basic, ...over }).error?.issues ?? []);
    for (const ok of ['Ali', 'ALI', 'ali', 'Muhammad Ali', 'Abdul Rehman Khan']) expect(errs({ firstName: ok, middleName: ok, lastName: ok })).toEqual({});
    for (const bad of ['Ali3', 'Zoë', "O'Brien", 'Ali-Khan', 'علی', 'Ali  Khan']) {
      expect(errs({ firstName: bad, middleName: bad, lastName: bad })).toEqual({
        firstName: 'validation.nameLetters',
        middleName: 'validation.nameLetters',
        lastName: 'validation.nameLetters',
      });
    }
    expect(errs({ firstName: 'A B', middleName: 'Al', lastName: 'Al' })).toEqual({
      firstName: 'validation.nameMin',
      middleName: 'validation.nameMin',
      lastName: 'validation.nameMin',
    });
    expect(errs({ middleName: '' })).toEqual({});
    expect(errs({ firstName: '' }).firstName).toBe('validation.firstNameRequired');
  });
  it('salary: one of the five bands; a number of rupees (an older client, a saved row) is its band', () => {
    const base = { employmentType: 'Unemployed', incomeSource: 'father', ...contacts };
    expect(SALARY_BANDS).toEqual(['under29999', '30000-49999', '50000-99999', '100000-149999', 'over150000']);
    for (const b of SALARY_BANDS) expect(AdditionInfo.safeParse({ ...base, monthlySalary: b }).success).toBe(true);
    expect([0, 29_999, 30_000, 49_999, 50_000, 99_999, 100_000, 149_999, 150_000, 2_000_000].map(salaryBandOf)).toEqual([
      'under29999',
      'under29999',
      '30000-49999',
      '30000-49999',
      '50000-99999',
      '50000-99999',
      '100000-149999',
      '100000-149999',
      'over150000',
      'over150000',
    ]);
    const old = AdditionInfo.safeParse({ ...base, monthlySalary: 60000 });
    expect(old.success && old.data.monthlySalary).toBe('50000-99999');
    expect(fieldErrors(AdditionInfo.safeParse(base).error!.issues).monthlySalary).toBe('validation.incomeRequired');
    expect(fieldErrors(AdditionInfo.safeParse({ ...base, monthlySalary: 'lots' }).error!.issues).monthlySalary).toBe('validation.incomeInvalid');
    expect(fieldErrors(AdditionInfo.safeParse({ ...base, monthlySalary: -5 }).error!.issues).monthlySalary).toBe('validation.incomeInvalid');
  });
  it('designation: every set of the spec, each work type offers its own, one from another set is refused', () => {
    const base = {
      employmentType: 'employee',
      industryCategory: 'retail',
      jobExperience: 'in1_3Years',
      company: 'Metro',
      monthlySalary: '30000-49999',
      incomeSource: 'ownself',
      payFrequency: 'Monthly',
      monthlyPayday: 1,
      ...contacts,
    };
    expect(DESIGNATION_SETS.basic).toEqual(['assistant', 'commissioner', 'supervisor', 'manager', 'director', 'other']);
    for (const d of [...DESIGNATION_SETS.basic, ...DESIGNATION_SETS.governmentProfessional]) expect(designationsFor('employee')).toContain(d);
    expect(designationsFor('self_employed')).toEqual(DESIGNATION_SETS.selfEmployed);
    expect(designationsFor('Unemployed')).toEqual([]);
    const d = (employmentType: string, designation: string) =>
      fieldErrors(AdditionInfo.safeParse({ ...base, employmentType, designation }).error?.issues ?? []).designation;
    expect(d('employee', 'commissioner')).toBeUndefined();
    expect(d('employee', 'teacher')).toBeUndefined();
    expect(d('self_employed', 'shopkeeper')).toBeUndefined();
    expect(d('self_employed', 'commissioner')).toBe('validation.designationInvalid');
    expect(d('employee', 'shopkeeper')).toBe('validation.designationInvalid');
    expect(d('Unemployed', 'manager')).toBe('validation.designationInvalid');
    expect(d('employee', 'astronaut')).toBe('validation.designationInvalid');
  });
  it('work address: optional; a district needs its state; the postal code is 5 digits', () => {
    const base = {
      employmentType: 'employee',
      industryCategory: 'retail',
      jobExperience: 'in1_3Years',
      company: 'Metro',
      monthlySalary: '30000-49999',
      incomeSource: 'ownself',
      payFrequency: 'Monthly',
      monthlyPayday: 1,
      ...contacts,
    };
    const errs = (over: Record<string, unknown>) => fieldErrors(AdditionInfo.safeParse({ ...base, ...over }).error?.issues ?? []);
    expect(errs({ workPincode: '', workState: '', workDistrict: '', workCounty: '', workAddress: '' })).toEqual({});
    expect(errs({ workPincode: '54000', workState: 'Punjab', workDistrict: 'Lahore', workCounty: 'Model Town', workAddress: 'Office 3' })).toEqual({});
    expect(errs({ workDistrict: 'Lahore' })).toEqual({ workState: 'validation.stateRequired' });
    expect(errs({ workPincode: '540' })).toEqual({ workPincode: 'validation.pinCode5' });
  });
  it('questionnaire needs all 11 answers from the option lists', () => {
    const answers = Array.from({ length: 11 }, (_, i) => ({ question: i + 1, answer: i < 2 ? 'no' : i === 2 ? 'good' : 'none' }));
    expect(SaveQuestionnaireRequest.safeParse({ answers }).success).toBe(true);
    expect(SaveQuestionnaireRequest.safeParse({ answers: answers.slice(1) }).success).toBe(false);
  });
  it('mobile normalisation and catalogue shape', () => {
    expect(normalizeMobile('+92 300 1234567')).toBe('3001234567');
    expect(normalizeMobile('03001234567')).toBe('3001234567');
    expect(endpoints.cancelOrder.path).toBe('/loan/order/cancel/{id}');
    expect(endpoints.countryIp.prefix).toBe('/cou');
    expect(endpoints.saveFaceImage.multipart).toBe(true);
  });
});
