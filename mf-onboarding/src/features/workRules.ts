/** Rules of the work-info form (spec sections 4 and 5) as small pure functions. */
import { CONTACT_PHONE_DIGITS, UNEMPLOYED } from 'shared';

/** Monthly and biweekly are paid on a day of the month; weekly and fourteen-day on a weekday. */
export function paydayKind(freq: string | undefined): 'day' | 'weekday' | null {
  if (freq === 'Monthly' || freq === 'Biweekly') return 'day';
  if (freq === 'Weekly' || freq === 'Fourteen') return 'weekday';
  return null;
}

/** Biweekly needs a second day, fourteen-day a second weekday. */
export function needsSecondPayday(freq: string | undefined): boolean {
  return freq === 'Biweekly' || freq === 'Fourteen';
}

/** Unemployed hides industry, job experience, pay frequency and paydays. */
export function showsWorkDetails(employmentType: string | undefined): boolean {
  return employmentType !== UNEMPLOYED;
}

/**
 * What the contact phone field keeps (spec section 9), typed key by key or pasted whole (one rule
 * for both): digits only, at most CONTACT_PHONE_DIGITS, one more when it starts with 0. A number
 * written with Pakistan's country code (+92, 0092) keeps the code while the number after it is
 * being typed (a national mobile never starts with 9 or 00, so the code cannot be taken for the
 * number), and becomes the national number once that is whole: `+92 (300) 111-2233` typed or
 * pasted is `3001112233`.
 */
export function contactPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '');
  const withCode = /^(0092|92)(\d*)$/.exec(digits);
  if (withCode) {
    const national = nationalDigits(withCode[2]);
    return national.length === maxDigits(national) ? national : withCode[1] + national;
  }
  return nationalDigits(digits);
}

const maxDigits = (digits: string) => (digits.startsWith('0') ? CONTACT_PHONE_DIGITS + 1 : CONTACT_PHONE_DIGITS);
const nationalDigits = (digits: string) => digits.slice(0, maxDigits(digits));

/** A number picked from the phone's contacts: its country prefix (+92) or leading 0 stripped (spec section 9), then as typed. */
export function importedContactPhone(raw: string): string {
  return contactPhoneInput(raw).replace(/^0(?=3\d{9}$)/, '');
}

/** a payday select's value back to the contract's type: a day number or a weekday name */
export function paydayValue(v: unknown): number | string | undefined {
  if (v === '' || v === null || v === undefined) return undefined;
  return /^\d+$/.test(String(v)) ? Number(v) : String(v);
}
