import { serverCountdownLeft } from './useCountdown';

describe('the review countdown runs from the server (decisions.md)', () => {
  it('starts at what the server gave and runs on by the time elapsed since', () => {
    expect(serverCountdownLeft(300, 1_000, 1_000)).toBe(300);
    expect(serverCountdownLeft(300, 1_000, 1_999)).toBe(300);
    expect(serverCountdownLeft(300, 1_000, 62_000)).toBe(239);
  });
  it('never goes below 0 nor above the server figure (a monotonic clock that went back)', () => {
    expect(serverCountdownLeft(12, 0, 3_600_000)).toBe(0);
    expect(serverCountdownLeft(300, 5_000, 0)).toBe(300);
  });
  it('does not read the phone date: a phone clock set days ahead changes nothing', () => {
    const spy = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-01-01T00:00:00Z'));
    expect(serverCountdownLeft(300, 1_000, 1_000)).toBe(300);
    spy.mockRestore();
  });
});
