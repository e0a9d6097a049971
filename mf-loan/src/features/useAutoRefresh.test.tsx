import { render } from '@testing-library/react';
import { MAX_VISIBLE_POLL_MS, nextPollDelay, useAutoRefresh } from './useAutoRefresh';

function Probe({ refresh, moving }: { refresh(): void; moving: boolean }) {
  useAutoRefresh(refresh, moving, 3000);
  return null;
}
let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  jest.useFakeTimers();
  visibility = 'visible';
});
afterEach(() => jest.useRealTimers());

describe('auto refresh of a screen that moves by itself', () => {
  it('grows the wait but never past the cap', () => {
    let d = 3000;
    for (let i = 0; i < 50; i++) d = nextPollDelay(d);
    expect(d).toBe(MAX_VISIBLE_POLL_MS);
    expect(MAX_VISIBLE_POLL_MS).toBeLessThanOrEqual(10_000);
  });

  it('a visible screen sees a change within the cap even after waiting long (no 60 s stale state)', () => {
    const refresh = jest.fn();
    render(<Probe refresh={refresh} moving />);
    jest.advanceTimersByTime(10 * 60_000);
    const before = refresh.mock.calls.length;
    jest.advanceTimersByTime(MAX_VISIBLE_POLL_MS);
    expect(refresh.mock.calls.length).toBeGreaterThan(before);
  });

  it('a hidden page never polls, and refreshes at once when it comes back', () => {
    const refresh = jest.fn();
    render(<Probe refresh={refresh} moving />);
    setVisibility('hidden');
    jest.advanceTimersByTime(5 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(refresh).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(3000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('nothing moving: no polling', () => {
    const refresh = jest.fn();
    render(<Probe refresh={refresh} moving={false} />);
    jest.advanceTimersByTime(5 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
