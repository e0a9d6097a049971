/** Percent figures from the server (0.09 = 0.09 %): at most two decimals, trailing zeros dropped. */
export function formatRate(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}

/** Isolates a left-to-right figure (amount, date, phone) inside translated text, so Urdu keeps it in order. */
export function ltr(text: string): string {
  return `\u2068${text}\u2069`;
}
