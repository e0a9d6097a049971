/** The fee calculator's form schema: the contract's request, with the configured bounds on the amount. */
import type { z } from 'zod';
import { CalculatorRequest } from 'shared/schemas';

export const OUT_OF_RANGE = 'calc.outOfRange';

/** The calculator's configured bounds within the chosen product's own (the server applies the same rule). */
export function calculatorBounds(configured: { min: number; max: number }, product?: { minAmount: number; maxAmount: number }) {
  return product ? { min: Math.max(configured.min, product.minAmount), max: Math.min(configured.max, product.maxAmount) } : configured;
}

export function calculatorSchema(bounds: { min: number; max: number }) {
  return CalculatorRequest.extend({
    amount: CalculatorRequest.shape.amount.min(bounds.min, OUT_OF_RANGE).max(bounds.max, OUT_OF_RANGE),
  });
}
export type CalculatorForm = z.infer<ReturnType<typeof calculatorSchema>>;

/** The amount input's text as a number: undefined while empty; grouping commas and spaces are ignored. */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const s = String(value ?? '').replace(/[,\s]/g, '');
  return s === '' ? undefined : Number(s);
}

/** The message key for the amount field: an empty or non-numeric amount gets the range message too. */
export function amountErrorKey(message: string | undefined, raw: unknown): string | undefined {
  if (!message) return undefined;
  const n = parseAmount(raw);
  if (n === undefined || Number.isNaN(n)) return OUT_OF_RANGE;
  return message;
}
