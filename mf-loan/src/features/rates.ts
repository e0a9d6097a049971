/** Percent figures from the server (0.09 = 0.09 %): at most two decimals, trailing zeros dropped. */
export function formatRate(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}
