import { act, renderHook } from '@testing-library/react';
import { attemptFor } from './attempt';
import { usePrefilledAmount } from './usePrefilledAmount';

type Figures = { amountDue: number } | undefined;
const open = (figures: Figures) => renderHook(({ f }: { f: Figures }) => usePrefilledAmount('LN1', f), { initialProps: { f: figures } });

describe('the cashier amount', () => {
  beforeEach(() => sessionStorage.clear());

  it('is filled with the whole amount due once the figures come', () => {
    const h = open(undefined);
    expect(h.result.current.amount).toBe('');
    h.rerender({ f: { amountDue: 4905 } });
    expect(h.result.current.amount).toBe('4905');
  });

  it('is filled with the amount of the attempt in progress (after a reload)', () => {
    attemptFor('LN1', 2000);
    expect(open({ amountDue: 4905 }).result.current.amount).toBe('2000');
  });

  it('what the borrower typed survives the figures landing again (a reload after a failed payment)', () => {
    const h = open({ amountDue: 4905 });
    act(() => h.result.current.type('1000'));
    h.rerender({ f: { amountDue: 4905 } }); // the reload's answer: a new object, same figures
    expect(h.result.current.amount).toBe('1000');
  });

  it('emptied by the borrower, it stays empty when figures reload', () => {
    const h = open({ amountDue: 4905 });
    act(() => h.result.current.type(''));
    h.rerender({ f: { amountDue: 3000 } });
    expect(h.result.current.amount).toBe('');
  });
});
