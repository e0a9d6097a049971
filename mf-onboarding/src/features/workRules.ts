/** Rules of the work-info form (spec sections 4 and 5) as small pure functions. */
import { UNEMPLOYED } from 'shared';

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

/** What a contact phone field keeps while typing: digits and the separators people write (+, spaces, dashes); never cut digits. */
export function sanitizeContactPhone(value: string): string {
  return value.replace(/[^\d+\s()-]/g, '').slice(0, CONTACT_PHONE_INPUT_MAX);
}
export const CONTACT_PHONE_INPUT_MAX = 20;

/** a payday select's value back to the contract's type: a day number or a weekday name */
export function paydayValue(v: unknown): number | string | undefined {
  if (v === '' || v === null || v === undefined) return undefined;
  return /^\d+$/.test(String(v)) ? Number(v) : String(v);
}
