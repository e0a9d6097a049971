import { formatMoney } from 'shared';

/** Money for interpolation inside a sentence: isolated (FSI..PDI) so it stays left-to-right in Urdu. */
export function moneyText(amount: number): string {
  return `\u2068${formatMoney(amount)}\u2069`;
}

/** A date or number for interpolation inside a sentence, isolated the same way. */
export function ltrText(value: string | number): string {
  return `\u2068${value}\u2069`;
}
