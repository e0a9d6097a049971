/** Working days in Pakistan time (POLICY.manualReview.workingWeekdays): the service clocks counted in working days. */
import { DAY_MS, PKT_OFFSET_MS, pkDay, pkDayStart } from '../core/time';

/** the Pakistan weekday of a moment (0 Sunday .. 6 Saturday) */
export const pkWeekday = (ms: number): number => (pkDay(ms) + 4) % 7; // 1970-01-01 was a Thursday

const working = (ms: number, weekdays: readonly number[]) => weekdays.includes(pkWeekday(ms));

/**
 * `days` working days after `from`: a moment on a day off counts from the next working day's start, then each
 * day added lands on a working day (Friday 10:00 + 1 is Monday 10:00; Saturday 10:00 + 1 is Tuesday 00:00)
 */
export function addWorkingDays(from: number, days: number, weekdays: readonly number[]): number {
  if (!weekdays.length) throw new Error('no working weekdays');
  let t = from;
  while (!working(t, weekdays)) t = pkDayStart(t) + DAY_MS;
  for (let n = 0; n < days; n++) {
    t += DAY_MS;
    while (!working(t, weekdays)) t += DAY_MS;
  }
  return t;
}

/** the hour of the day in Pakistan (0..23, fractional) */
export const pkHour = (ms: number): number => ((((ms + PKT_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000;
