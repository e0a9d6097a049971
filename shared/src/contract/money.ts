/** The one money formatter (ui-guidelines: Rs 12,500, Western digits), for the screens and the texts the server writes (the loan agreement). */
export function formatMoney(amount: number): string {
  const hasFraction = Math.round(amount * 100) % 100 !== 0;
  const n = new Intl.NumberFormat('en-US', { minimumFractionDigits: hasFraction ? 2 : 0, maximumFractionDigits: 2 }).format(amount);
  return `Rs ${n}`;
}
