import { allowsPartial, checkRepayAmount } from './amount';

describe('checkRepayAmount', () => {
  const limits = { min: 1000, due: 5410 };

  it('accepts whole rupees between the minimum and the amount due', () => {
    expect(checkRepayAmount('1000', limits)).toEqual({ ok: true, amount: 1000 });
    expect(checkRepayAmount('5410', limits)).toEqual({ ok: true, amount: 5410 });
    expect(checkRepayAmount(' 2,500 ', limits)).toEqual({ ok: true, amount: 2500 });
  });

  it('asks for an amount when empty', () => {
    expect(checkRepayAmount('', limits)).toEqual({ ok: false, error: 'required' });
    expect(checkRepayAmount('   ', limits)).toEqual({ ok: false, error: 'required' });
  });

  it('refuses fractions and anything that is not digits', () => {
    for (const raw of ['1000.5', '1000.00', '1e3', '-1000', 'abc', '١٠٠٠']) {
      expect(checkRepayAmount(raw, limits)).toEqual({ ok: false, error: 'integer' });
    }
    expect(checkRepayAmount('99999999999999999999', limits)).toEqual({ ok: false, error: 'integer' });
  });

  it('refuses less than the minimum and more than the amount due', () => {
    expect(checkRepayAmount('999', limits)).toEqual({ ok: false, error: 'min' });
    expect(checkRepayAmount('0', limits)).toEqual({ ok: false, error: 'min' });
    expect(checkRepayAmount('5411', limits)).toEqual({ ok: false, error: 'max' });
  });

  it('when less than the minimum is due, the whole amount due is the minimum', () => {
    const small = { min: 600, due: 600 };
    expect(checkRepayAmount('600', small)).toEqual({ ok: true, amount: 600 });
    expect(checkRepayAmount('599', small)).toEqual({ ok: false, error: 'min' });
    expect(allowsPartial(small)).toBe(false);
    expect(allowsPartial(limits)).toBe(true);
  });
});
