import { formatDate, formatRate } from './format';

describe('dates read on a narrow screen', () => {
  it('a date-time never wraps between its date and its time', () => {
    const s = formatDate(new Date(2026, 0, 31, 9, 5, 7), true);
    expect(s).toBe('2026-01-31\u00a009:05:07');
    expect(s).not.toContain(' ');
  });
});

describe('rates', () => {
  it('at most two decimals, trailing zeros dropped', () => {
    expect([formatRate(0.09), formatRate(60), formatRate(2.5), formatRate(32.8549)]).toEqual(['0.09', '60', '2.5', '32.85']);
  });
});
