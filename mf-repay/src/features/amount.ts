/**
 * The repayment amount rules (spec 5, decisions.md): whole rupees only, at least the
 * minimum repayment (configured per product; the server already caps it at the amount
 * due), at most the amount due.
 */
import { RepaymentConfirmRequest } from 'shared/schemas';

export interface AmountLimits {
  /** minimum repayment from the server: min(configured minimum, amount due) */
  min: number;
  /** amount due now */
  due: number;
}

export type AmountError = 'required' | 'integer' | 'min' | 'max';
export type AmountCheck = { ok: true; amount: number } | { ok: false; error: AmountError };

const moneySchema = RepaymentConfirmRequest.shape.amount;

/** Grouping commas and spaces are allowed ("12,500"); anything else must be digits. */
export function checkRepayAmount(raw: string, { min, due }: AmountLimits): AmountCheck {
  const text = raw.replace(/[,\s]/g, '');
  if (text === '') return { ok: false, error: 'required' };
  if (!/^\d+$/.test(text)) return { ok: false, error: 'integer' };
  const amount = Number(text);
  if (!Number.isSafeInteger(amount)) return { ok: false, error: 'integer' };
  if (amount < Math.min(min, due) || amount <= 0) return { ok: false, error: 'min' };
  if (amount > due) return { ok: false, error: 'max' };
  // the contract's own rule for the request (whole, positive rupees)
  if (!moneySchema.safeParse(amount).success) return { ok: false, error: 'integer' };
  return { ok: true, amount };
}

/** Whether the borrower may pay less than everything (otherwise the only amount is the whole due). */
export function allowsPartial({ min, due }: AmountLimits): boolean {
  return min < due;
}
