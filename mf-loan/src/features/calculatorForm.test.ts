import { amountErrorKey, calculatorSchema, OUT_OF_RANGE, parseAmount } from './calculatorForm';

const schema = calculatorSchema({ min: 3000, max: 25000 });
const issue = (v: unknown) => {
  const r = schema.safeParse({ amount: v });
  return r.success ? null : r.error.issues[0]!.message;
};

describe('fee calculator form', () => {
  it('accepts the configured bounds inclusive', () => {
    expect(issue(3000)).toBeNull();
    expect(issue(25000)).toBeNull();
    expect(issue(12500)).toBeNull();
  });

  it('rejects amounts outside the bounds with the range message', () => {
    expect(issue(2999)).toBe(OUT_OF_RANGE);
    expect(issue(25001)).toBe(OUT_OF_RANGE);
    expect(issue(0)).toBe(OUT_OF_RANGE);
  });

  it('rejects fractions as not whole rupees', () => {
    expect(issue(3000.5)).toBe('validation.amountInteger');
  });

  it('keeps the contract fields (product, tenure) optional', () => {
    expect(schema.safeParse({ amount: 5000, productId: 'P002', tenureDays: 180 }).success).toBe(true);
  });

  it('reads what the borrower typed', () => {
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('12,500')).toBe(12500);
    expect(parseAmount(' 5000 ')).toBe(5000);
    expect(parseAmount('abc')).toBeNaN();
  });

  it('an empty or non-numeric amount shows the range message', () => {
    expect(amountErrorKey('validation.amountInteger', '')).toBe(OUT_OF_RANGE);
    expect(amountErrorKey('validation.amountInteger', 'abc')).toBe(OUT_OF_RANGE);
    expect(amountErrorKey('validation.amountInteger', '3000.5')).toBe('validation.amountInteger');
    expect(amountErrorKey(undefined, '')).toBeUndefined();
  });
});
