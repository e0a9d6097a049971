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
 * What the contact phone field keeps as typed (spec section 9): digits only, at most
 * CONTACT_PHONE_DIGITS, one more when it starts with 0. A whole number pasted with its country
 * code (+92 300 1234567) keeps the national number.
 */
export function contactPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '').replace(/^(?:0092|92)(?=3\d{9}$)/, '');
  return digits.slice(0, digits.startsWith('0') ? CONTACT_PHONE_DIGITS + 1 : CONTACT_PHONE_DIGITS);
}

/** A number picked from the phone's contacts: its country prefix (+92) or leading 0 stripped (spec section 9), then as typed. */
export function importedContactPhone(raw: string): string {
  return contactPhoneInput(raw).replace(/^0(?=3\d{9}$)/, '');
}

/** a payday select's value back to the contract's type: a day number or a weekday name */
export function paydayValue(v: unknown): number | string | undefined {
  if (v === '' || v === null || v === undefined) return undefined;
  return /^\d+$/.test(String(v)) ? Number(v) : String(v);
}
