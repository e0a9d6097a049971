import { BasicInfo, AdditionInfo, BankCardInput, SaveQuestionnaireRequest, fieldErrors, normalizeMobile, pakistaniMobile } from '..';
import { endpoints } from '../../endpoints';

const basic = {
  firstName: 'Ali', lastName: 'Khan', gender: 1, inputBirthday: '1990-05-01', nationalId: '3520112345671', education: 'bachelors',
  maritalStatus: 'single', loanPurpose: 'health', residenceType: 'ownHouse', state: 'Punjab', city: 'Lahore', address: 'House 1',
  email: 'a@b.pk', previouslyBorrowed: 'no',
};
const contacts = {
  emergencyContactName1: 'Ali', emergencyContactMobile1: '3001234567', emergencyContactRelation1: 'friends',
  emergencyContactName2: 'Bilal', emergencyContactMobile2: '03001234568', emergencyContactRelation2: 'parents',
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
    const base = { employmentType: 'employee', industryCategory: 'retail', jobExperience: 'in1_3Years', company: 'Metro', monthlySalary: 30000, incomeSource: 'ownself', ...contacts };
    expect(AdditionInfo.safeParse({ ...base, payFrequency: 'Monthly', monthlyPayday: 5 }).success).toBe(true);
    expect(fieldErrors(AdditionInfo.safeParse({ ...base, payFrequency: 'Weekly', monthlyPayday: 5 }).error!.issues).monthlyPayday).toBe('validation.paydayWeekday');
    expect(fieldErrors(AdditionInfo.safeParse({ ...base, payFrequency: 'Biweekly', monthlyPayday: 5 }).error!.issues).monthlyPaydayTwo).toBe('validation.paydayDay');
    expect(AdditionInfo.safeParse({ ...base, payFrequency: 'Fourteen', monthlyPayday: 'monday', monthlyPaydayTwo: 'friday' }).success).toBe(true);
    const same = AdditionInfo.safeParse({ ...base, payFrequency: 'Monthly', monthlyPayday: 1, emergencyContactMobile2: '03001234567', emergencyContactRelation2: 'friends' });
    expect(fieldErrors(same.error!.issues)).toMatchObject({ emergencyContactMobile2: 'validation.sameMobile', emergencyContactRelation2: 'validation.sameRelation' });
    const un = AdditionInfo.safeParse({ employmentType: 'Unemployed', monthlySalary: 0, incomeSource: 'father', industryCategory: 'retail', ...contacts });
    expect(un.success && un.data.industryCategory).toBeUndefined();
  });
  it('bank card: confirmation must match; wallets get their bank index', () => {
    expect(fieldErrors(BankCardInput.safeParse({ cardType: 'bank', bankIndex: 3, accountNumber: '1234567890123456', confirmAccountNumber: '1234567890123450', cardHolder: 'Ali Khan' }).error!.issues).confirmAccountNumber).toBe('validation.accountMismatch');
    const w = BankCardInput.safeParse({ cardType: 'Jazzcash', accountNumber: '0300 1234567', confirmAccountNumber: '03001234567', cardHolder: 'Ali Khan' });
    expect(w.success && w.data.bankIndex).toBe(31);
  });
  it('IBAN: the ISO 13616 check digits are verified (PK00... and a mistyped digit refused)', () => {
    const iban = (accountNumber: string) => BankCardInput.safeParse({ cardType: 'IBAN', accountNumber, confirmAccountNumber: accountNumber, cardHolder: 'Ali Khan' });
    expect(iban('PK36SCBL0000001123456702').success).toBe(true);
    expect(iban('pk36 scbl 0000 0011 2345 6702').success).toBe(true);
    expect(fieldErrors(iban('PK00SCBL0000001123456702').error!.issues).accountNumber).toBe('validation.ibanCheckDigits');
    expect(fieldErrors(iban('PK36SCBL0000001123456703').error!.issues).accountNumber).toBe('validation.ibanCheckDigits');
    expect(fieldErrors(iban('PK36SCBL00000011234567').error!.issues).accountNumber).toBe('validation.ibanInvalid');
  });
  it('emergency contacts: any way a Pakistani mobile is written is stored as login stores it; anything else is refused', () => {
    const base = { employmentType: 'employee', industryCategory: 'retail', jobExperience: 'in1_3Years', company: 'Metro', monthlySalary: 30000, incomeSource: 'ownself', payFrequency: 'Monthly', monthlyPayday: 1, ...contacts };
    for (const written of ['+92 300 1234567', '0092-300-1234567', '923001234567', '0300 1234567', '(0300) 123-4567', '3001234567']) {
      expect(pakistaniMobile(written)).toBe('3001234567');
      const r = AdditionInfo.safeParse({ ...base, emergencyContactMobile1: written });
      expect(r.success && r.data.emergencyContactMobile1).toBe('3001234567');
    }
    for (const bad of ['0000000000', '1234567890', '0300123456', '+1 300 1234567', '0300 1234567x']) {
      expect(pakistaniMobile(bad)).toBeNull();
      expect(fieldErrors(AdditionInfo.safeParse({ ...base, emergencyContactMobile1: bad }).error!.issues).emergencyContactMobile1).toBe('validation.contactPhoneInvalid');
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
