/** Rules of the work-info form (spec sections 4 and 5) as small pure functions. */
import { UNEMPLOYED } from 'shared';

export type PayFrequency = 'Weekly' | 'Fourteen' | 'Monthly' | 'Biweekly';

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

/** A number from the native contact picker: digits only, country prefix (92) or a leading 0 stripped. */
export function normalizeContactPhone(raw: string): string {
  let d = raw.replace(/\D/g, '');
  if (d.startsWith('0092')) d = d.slice(4);
  else if (d.startsWith('92') && d.length === 12) d = d.slice(2);
  if (d.startsWith('0')) d = d.slice(1);
  return d.slice(0, 11);
}

/** What a contact phone field keeps while typing: digits, at most 10 (11 when it starts with 0). */
export function sanitizeContactPhone(value: string): string {
  const d = value.replace(/\D/g, '');
  return d.slice(0, d.startsWith('0') ? 11 : 10);
}

/** a payday select's value back to the contract's type: a day number or a weekday name */
export function paydayValue(v: unknown): number | string | undefined {
  if (v === '' || v === null || v === undefined) return undefined;
  return /^\d+$/.test(String(v)) ? Number(v) : String(v);
}
