/** What logs and answers show of a mobile number, an account number or a National ID (CNIC). */
export function maskMobile(m: string): string {
  return m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-3)}` : '****';
}
export function maskAccount(a: string): string {
  return a.length <= 4 ? a : `${'*'.repeat(Math.min(8, a.length - 4))}${a.slice(-4)}`;
}
/** the last 4 digits (the contract's MaskedNationalId): no answer carries a full CNIC, only the borrower types it */
export function maskNationalId(id: string): string {
  return `${'*'.repeat(Math.max(1, id.length - 4))}${id.slice(-4)}`;
}
