import { parseAmount } from './amount';

test.each([
  ['500', 500],
  ['12,500', 12500],
  [' 1 000 ', 1000],
  ['Rs 250', 250],
])('%p is %p rupees', (typed, n) => expect(parseAmount(typed)).toBe(n));

test.each(['', '0', '-5', '12.5', 'abc', '1e3', '9999999999999'])('%p is refused', (typed) => expect(parseAmount(typed)).toBeNull());
