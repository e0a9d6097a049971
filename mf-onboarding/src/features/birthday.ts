/** The birthday picker's rules: years from 83 to 18 years ago, month and day zero-padded. */
import { MAX_AGE, MIN_AGE } from 'shared';

const pad = (n: number) => String(n).padStart(2, '0');

/** newest first: the years a borrower of 18 to 83 can be born in */
export function birthdayYears(today = new Date()): number[] {
  const newest = today.getFullYear() - MIN_AGE;
  const oldest = today.getFullYear() - MAX_AGE;
  const out: number[] = [];
  for (let y = newest; y >= oldest; y--) out.push(y);
  return out;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year || 2000, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD' once all three parts are chosen, else '' */
export function composeBirthday(year: string | number, month: string | number, day: string | number): string {
  if (!year || !month || !day) return '';
  return `${year}-${pad(Number(month))}-${pad(Number(day))}`;
}

export function splitBirthday(value: string | undefined): { year: string; month: string; day: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return m ? { year: m[1], month: String(Number(m[2])), day: String(Number(m[3])) } : { year: '', month: '', day: '' };
}
