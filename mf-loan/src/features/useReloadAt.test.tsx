/** Home after a rejection asks again when the refusing lender reopens, even 30 days later (beyond one setTimeout). */
import { renderHook } from '@testing-library/react';
import { useReloadAt } from './useReloadAt';

const DAY = 86_400_000;

describe('useReloadAt', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('reloads once the moment has come, 30 days ahead', () => {
    const reload = jest.fn();
    renderHook(() => useReloadAt(reload, new Date(Date.now() + 30 * DAY).toISOString()));
    jest.advanceTimersByTime(30 * DAY - 1000);
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(2500);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a moment already past reloads at once; none, never', () => {
    const reload = jest.fn();
    renderHook(() => useReloadAt(reload, new Date(Date.now() - DAY).toISOString()));
    jest.advanceTimersByTime(1500);
    expect(reload).toHaveBeenCalledTimes(1);
    const never = jest.fn();
    renderHook(() => useReloadAt(never, null));
    jest.advanceTimersByTime(40 * DAY);
    expect(never).not.toHaveBeenCalled();
  });
});
