import { formatMoney } from '../contract/money';

/** The one formatter for money and dates (ui-guidelines: Rs 12,500, Western digits): money's lives in the contract (the server writes it too). */
export { formatMoney };

/** A figure, date or code inside a translated sentence: isolated (FSI..PDI) so it keeps its left-to-right order in Urdu. */
export function isolate(value: string | number): string {
  return `\u2068${value}\u2069`;
}

/**
 * Money inside a translated sentence: isolated (FSI..PDI) so it stays left-to-right in Urdu, and
 * never broken between 'Rs' and the figure.
 */
export function moneyInText(amount: number): string {
  return isolate(formatMoney(amount).replace(' ', '\u00a0'));
}

/** Percent figures from the server (0.09 = 0.09 %): at most two decimals, trailing zeros dropped. */
export function formatRate(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}

/** 10-digit numbers are seconds, 13-digit milliseconds; strings are parsed. */
export function toDate(value: number | string | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value < 1e11 ? value * 1000 : value);
  if (/^\d{10}$/.test(value)) return new Date(Number(value) * 1000);
  if (/^\d{13}$/.test(value)) return new Date(Number(value));
  return new Date(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The spec's default format: year-month-day hour:minute:second (date only with withTime=false). */
export function formatDate(value: number | string | Date, withTime = false): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  // a no-break space: a date-time never wraps between its date and its time (in Urdu lines too)
  return withTime ? `${day}\u00a0${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : day;
}

/** A date inside a translated sentence: formatted and isolated (left-to-right in Urdu). */
export function dateInText(value: number | string | Date, withTime = false): string {
  return isolate(formatDate(value, withTime));
}
