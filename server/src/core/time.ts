/** The business clock and time in Pakistan (PKT: the contract's fixed offset, no daylight saving). */
import C from '../api/contract';

/** The business clock: real time scaled by CLOCK_SPEED, plus an offset dev controls can advance. */
export class Clock {
  private readonly base = Date.now();
  private offset = 0;
  constructor(public speed = 1) {}
  now(): number {
    const real = Date.now();
    return Math.floor(this.base + (real - this.base) * this.speed + this.offset);
  }
  advance(ms: number): number {
    this.offset += ms;
    return this.now();
  }
  reset(): void {
    this.offset = 0;
  }
}

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
/** Pakistan's offset from UTC (shared contract, pakistanTime.ts): the Pakistan day in code and in the jobs' SQL (repos/jobQueues.ts) */
export const PKT_OFFSET_MS = C.PAKISTAN_UTC_OFFSET_MINUTES * MINUTE_MS;

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(Number(ms)));
/** YYYY-MM-DD in Pakistan time */
export const pkDate = (ms: number): string => new Date(ms + PKT_OFFSET_MS).toISOString().slice(0, 10);
/** YYYY-MM-DD HH:MM in Pakistan time */
export const pkDateTime = (ms: number): string => new Date(ms + PKT_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
/** the Pakistan calendar day of a moment, as a day number (days since 1970-01-01 in Pakistan) */
export const pkDay = (ms: number): number => Math.floor((ms + PKT_OFFSET_MS) / DAY_MS);
/** the moment the Pakistan calendar day of `ms` began */
export const pkDayStart = (ms: number): number => pkDay(ms) * DAY_MS - PKT_OFFSET_MS;
