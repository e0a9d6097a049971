/**
 * Whether customer service is open now. Hours come from the server as 'H:MM-H:MM' in
 * Pakistan time (the contract's fixed offset: Pakistan has no daylight saving), so the answer does not
 * depend on the phone's own time zone. The server sends no holiday calendar, so on a
 * holiday this says open; the screen always shows the 'except holidays' note beside it.
 */
import { PAKISTAN_UTC_OFFSET_MINUTES } from 'shared';

export interface ServiceHours {
  /** minutes after midnight */
  open: number;
  close: number;
}

const HOURS_RE = /^\s*(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})\s*$/;

export function parseHours(hours: string): ServiceHours | null {
  const m = HOURS_RE.exec(hours);
  if (!m) return null;
  const [h1, m1, h2, m2] = m.slice(1).map(Number);
  if (h1 > 24 || h2 > 24 || m1 > 59 || m2 > 59) return null;
  const open = h1 * 60 + m1;
  const close = h2 * 60 + m2;
  return close > open ? { open, close } : null;
}

/** Minutes after midnight in Pakistan time at the given instant. */
export function serviceClockMinutes(now: Date): number {
  const utc = now.getUTCHours() * 60 + now.getUTCMinutes();
  return (utc + PAKISTAN_UTC_OFFSET_MINUTES) % (24 * 60);
}

/** null when the hours cannot be read (then the screen shows them without an open/closed badge). */
export function isOpenAt(hours: string, now: Date): boolean | null {
  const h = parseHours(hours);
  if (!h) return null;
  const t = serviceClockMinutes(now);
  return t >= h.open && t < h.close;
}

/** 'H:MM' of the opening time, for 'opens at …'. */
export function openingTime(hours: string): string | null {
  const m = HOURS_RE.exec(hours);
  return m ? `${Number(m[1])}:${m[2]}` : null;
}
