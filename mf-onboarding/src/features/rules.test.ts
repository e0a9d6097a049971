/** The form rules of spec sections 4 and 5 that live in this remote, one named test each. */
import { birthdayYears, composeBirthday, daysInMonth, splitBirthday } from './birthday';
import { needsSecondPayday, paydayKind, paydayValue, contactPhoneInput, importedContactPhone, showsWorkDetails } from './workRules';
import { pakistaniMobile } from 'shared/schemas';
import { accountHintKey, monthOf, sanitizeAccount } from './bankRules';
import { questionnaireProblem } from './questionnaire';
import { numberOrUndefined } from './formValues';
import { lacksPersonalFields } from './personalComplete';
import { secondsLeft } from 'shared/ui';
import { formatCountdown } from '../screens/review/ReviewScreen';

describe('birthday picker', () => {
  const today = new Date(2026, 5, 15);
  it('offers years from 18 years ago back to 83 years ago (a 65-year span), newest first', () => {
    const years = birthdayYears(today);
    expect(years[0]).toBe(2008);
    expect(years[years.length - 1]).toBe(1943);
    expect(years).toHaveLength(66);
  });
  it('zero-pads month and day', () => {
    expect(composeBirthday('1990', '3', '7')).toBe('1990-03-07');
    expect(composeBirthday(1990, 12, 31)).toBe('1990-12-31');
  });
  it('gives no date until year, month and day are all chosen', () => {
    expect(composeBirthday('1990', '', '7')).toBe('');
  });
  it('knows month lengths (leap years included)', () => {
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1999, 2)).toBe(28);
    expect(daysInMonth(1999, 4)).toBe(30);
  });
  it('splits a stored birthday back into its parts', () => {
    expect(splitBirthday('1990-03-07')).toEqual({ year: '1990', month: '3', day: '7' });
    expect(splitBirthday(undefined)).toEqual({ year: '', month: '', day: '' });
  });
});

describe('work info rules', () => {
  it('monthly and biweekly are paid on a day 1-31', () => {
    expect(paydayKind('Monthly')).toBe('day');
    expect(paydayKind('Biweekly')).toBe('day');
  });
  it('weekly and fourteen-day are paid on a weekday', () => {
    expect(paydayKind('Weekly')).toBe('weekday');
    expect(paydayKind('Fourteen')).toBe('weekday');
    expect(paydayKind(undefined)).toBeNull();
  });
  it('biweekly needs a second day and fourteen-day a second weekday; monthly and weekly do not', () => {
    expect(needsSecondPayday('Biweekly')).toBe(true);
    expect(needsSecondPayday('Fourteen')).toBe(true);
    expect(needsSecondPayday('Monthly')).toBe(false);
    expect(needsSecondPayday('Weekly')).toBe(false);
  });
  it('Unemployed hides the work details', () => {
    expect(showsWorkDetails('Unemployed')).toBe(false);
    expect(showsWorkDetails('employee')).toBe(true);
    expect(showsWorkDetails(undefined)).toBe(true);
  });
  it('payday select values become a day number or a weekday name', () => {
    expect(paydayValue('15')).toBe(15);
    expect(paydayValue('friday')).toBe('friday');
    expect(paydayValue('')).toBeUndefined();
  });
});

describe('emergency contact phone', () => {
  it('as typed: digits only, 10 of them, 11 when the first is 0', () => {
    expect(contactPhoneInput('3001234567')).toBe('3001234567');
    expect(contactPhoneInput('30012345678')).toBe('3001234567');
    expect(contactPhoneInput('03001234567')).toBe('03001234567');
    expect(contactPhoneInput('030012345678')).toBe('03001234567');
    expect(contactPhoneInput('(0300) 123-4567 ext')).toBe('03001234567');
    expect(contactPhoneInput('+')).toBe('');
  });
  it('a whole number pasted with +92 keeps the national number', () => {
    expect(contactPhoneInput('+92 300 1234567')).toBe('3001234567');
    expect(contactPhoneInput('0092 300 1234567')).toBe('3001234567');
  });
  it('+92 (300) 111-2233 typed key by key is the number pasted whole: the national number', () => {
    const typed = (text: string) => [...text].reduce((field, key) => contactPhoneInput(field + key), '');
    for (const text of ['+92 (300) 111-2233', '0092 300 1112233', '+92 0300 1112233', '923001112233']) {
      expect(typed(text)).toBe(contactPhoneInput(text));
      expect(pakistaniMobile(typed(text))).toBe('3001112233');
    }
    expect(typed('+92 (300) 111-2233')).toBe('3001112233');
    expect(typed('+92 (300) 111-22')).toBe('9230011122'); // still being typed: the code kept, nothing cut
    expect(typed('+92 (300) 111-2233 44')).toBe('3001112233'); // nothing beyond the whole number
    expect(typed('0300 1112233')).toBe('03001112233');
  });
  it("a picked contact's +92 or leading 0 is stripped", () => {
    expect(importedContactPhone('+92 300 1234567')).toBe('3001234567');
    expect(importedContactPhone('+923001234567')).toBe('3001234567');
    expect(importedContactPhone('0300-1234567')).toBe('3001234567');
    expect(importedContactPhone('300 1234567')).toBe('3001234567');
  });
});

describe('bank account input', () => {
  it('formats wallet numbers as 03XX XXXXXXX', () => {
    expect(sanitizeAccount('Jazzcash', '03001234567')).toBe('0300 1234567');
    expect(sanitizeAccount('Easypaisa', '0300-12345678')).toBe('0300 1234567');
  });
  it('keeps bank account numbers to digits (20 at most)', () => {
    expect(sanitizeAccount('bank', '1234 5678-9012 3456')).toBe('1234567890123456');
    expect(sanitizeAccount('bank', '1'.repeat(25))).toHaveLength(20);
  });
  it('upper-cases an IBAN and drops spaces', () => {
    expect(sanitizeAccount('IBAN', 'pk36 scbl 0000 0011 2345 6702')).toBe('PK36SCBL0000001123456702');
  });
  it('shows the hint of each account type', () => {
    expect(accountHintKey('Easypaisa')).toBe('bank.hint.wallet');
    expect(accountHintKey('IBAN')).toBe('bank.hint.IBAN');
    expect(accountHintKey('bank')).toBe('bank.hint.bank');
  });
  it('bounds the valid period at 50 years ahead', () => {
    expect(monthOf(50, new Date(2026, 0, 10))).toBe('2076-01');
  });
});

describe('questionnaire completeness', () => {
  const qs = [1, 2, 3];
  it('nothing answered: complete the questionnaire', () => {
    expect(questionnaireProblem(qs, {})).toEqual({ kind: 'incomplete', unanswered: [1, 2, 3] });
  });
  it('some answered: unanswered questions exist, naming them', () => {
    expect(questionnaireProblem(qs, { 1: 'yes' })).toEqual({ kind: 'unanswered', unanswered: [2, 3] });
  });
  it('all answered: no problem', () => {
    expect(questionnaireProblem(qs, { 1: 'yes', 2: 'no', 3: 'good' })).toBeNull();
  });
});

describe('small helpers', () => {
  it('countdowns count whole seconds to an end time and stop at 0', () => {
    expect(secondsLeft(10_500, 0)).toBe(11);
    expect(secondsLeft(1_000, 5_000)).toBe(0);
    expect(secondsLeft(null)).toBe(0);
    expect(formatCountdown(299)).toBe('04:59');
  });
  it('amount fields become numbers; empty is no value', () => {
    expect(numberOrUndefined('15,000')).toBe(15000);
    expect(numberOrUndefined('')).toBeUndefined();
  });
});

describe('saved personal info', () => {
  it('personal info saved before the ID card type, postal code, language and city of birth is completed on its form first', () => {
    const before = {
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
      address: 'House 1, Street 2',
      email: 'a@b.pk',
      previouslyBorrowed: 'no',
    };
    expect(lacksPersonalFields(before)).toBe(true);
    const complete = { ...before, cardType: 'CNIC', pinCode: '54000', language: 'urdu', cityOfBirth: 'Lahore' };
    expect(lacksPersonalFields(complete)).toBe(false);
    // only the name wrong: the name check itself corrects it
    expect(lacksPersonalFields({ ...complete, firstName: 'Al1' })).toBe(false);
  });
});
