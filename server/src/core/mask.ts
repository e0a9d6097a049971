/** What logs and answers show of a mobile number or an account number. */
export function maskMobile(m: string): string {
  return m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-3)}` : '****';
}
export function maskAccount(a: string): string {
  return a.length <= 4 ? a : `${'*'.repeat(Math.min(8, a.length - 4))}${a.slice(-4)}`;
}
