/** Input rules of the bank-account form: what each account type accepts while typing. */

/** bank: digits (at most 20); wallet: 03XX XXXXXXX with the space put in; IBAN: letters and digits, upper case */
export function sanitizeAccount(cardType: string | undefined, value: string): string {
  if (cardType === 'IBAN')
    return value
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 24);
  const digits = value.replace(/\D/g, '');
  if (cardType === 'Easypaisa' || cardType === 'Jazzcash') {
    const d = digits.slice(0, 11);
    return d.length > 4 ? `${d.slice(0, 4)} ${d.slice(4)}` : d;
  }
  return digits.slice(0, 20);
}

export function accountHintKey(cardType: string | undefined): string {
  if (cardType === 'IBAN') return 'bank.hint.IBAN';
  if (cardType === 'Easypaisa' || cardType === 'Jazzcash') return 'bank.hint.wallet';
  return 'bank.hint.bank';
}

/** YYYY-MM of this month plus `yearsAhead` years (the valid-period picker's bounds) */
export function monthOf(yearsAhead: number, today = new Date()): string {
  return `${today.getFullYear() + yearsAhead}-${String(today.getMonth() + 1).padStart(2, '0')}`;
}
