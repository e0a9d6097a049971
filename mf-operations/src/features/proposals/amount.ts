/** A waiver's amount as typed: whole rupees above zero (the API's rule too), grouping commas and spaces allowed; else null. */
export function parseAmount(typed: string): number | null {
  const plain = typed.replace(/[,\s]/g, '').replace(/^Rs\.?/i, '');
  if (!/^\d{1,12}$/.test(plain)) return null;
  const n = Number(plain);
  return n > 0 ? n : null;
}
