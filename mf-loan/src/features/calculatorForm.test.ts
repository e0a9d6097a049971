import { amountErrorKey, calculatorBounds, calculatorSchema, OUT_OF_RANGE, parseAmount } from './calculatorForm';

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

describe('calculator bounds follow the product', () => {
  const configured = { min: 3000, max: 25000 };
  it("never below a product's minimum nor above its maximum", () => {
    expect(calculatorBounds(configured, { minAmount: 5000, maxAmount: 60000 })).toEqual({ min: 5000, max: 25000 });
    expect(calculatorBounds(configured, { minAmount: 1000, maxAmount: 20000 })).toEqual({ min: 3000, max: 20000 });
    expect(calculatorSchema(calculatorBounds(configured, { minAmount: 5000, maxAmount: 60000 })).safeParse({ amount: 4000 }).success).toBe(false);
  });
});
