import { isOpenAt, openingTime, parseHours, serviceClockMinutes } from './serviceHours';

// Pakistan is UTC+5 all year: 09:00 PKT = 04:00 UTC, 18:00 PKT = 13:00 UTC.
const utc = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 22, h, m));

describe('service hours', () => {
  it('reads H:MM-H:MM', () => {
    expect(parseHours('9:00-18:00')).toEqual({ open: 540, close: 1080 });
    expect(parseHours(' 09:30 – 17:45 ')).toEqual({ open: 570, close: 1065 });
  });

  it('rejects what it cannot read', () => {
    for (const h of ['', '9-18', '18:00-9:00', '9:00-25:00', '9:75-18:00', 'Mon-Fri']) expect(parseHours(h)).toBeNull();
    expect(isOpenAt('always', utc(5))).toBeNull();
  });

  it('uses Pakistan time, not the phone’s', () => {
    expect(serviceClockMinutes(utc(4, 0))).toBe(9 * 60);
    expect(serviceClockMinutes(utc(22, 30))).toBe(3 * 60 + 30); // next day in Karachi
  });

  it('is open from opening time up to, not including, closing time', () => {
    expect(isOpenAt('9:00-18:00', utc(3, 59))).toBe(false);
    expect(isOpenAt('9:00-18:00', utc(4, 0))).toBe(true);
    expect(isOpenAt('9:00-18:00', utc(12, 59))).toBe(true);
    expect(isOpenAt('9:00-18:00', utc(13, 0))).toBe(false);
    expect(isOpenAt('9:00-18:00', utc(20, 0))).toBe(false);
  });

  it('names the opening time', () => {
    expect(openingTime('09:00-18:00')).toBe('9:00');
    expect(openingTime('x')).toBeNull();
  });
});
