import { formatMoney } from 'shared';
/** Percent figures from the server (0.09 = 0.09 %): at most two decimals, trailing zeros dropped. */
export function formatRate(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}

/** Isolates a left-to-right figure (amount, date, phone) inside translated text, so Urdu keeps it in order. */
export function ltr(text: string): string {
  return `\u2068${text}\u2069`;
}

/** An amount inside a sentence: kept left-to-right and never broken between 'Rs' and the figure. */
export function ltrMoney(amount: number): string {
  return ltr(formatMoney(amount).replace(' ', '\u00a0'));
}
