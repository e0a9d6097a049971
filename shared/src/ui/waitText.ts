import type { TFunction } from 'i18next';

/**
 * A wait as the borrower reads it: "42 s" (up to two minutes: the resend countdown runs in seconds), "4 min 10 s",
 * "23 h 55 min" (Urdu's words from the common strings).
 * Past an hour the seconds are dropped and the minutes rounded up, so the wait said is never shorter than the
 * real one: a day's code budget answered "Resend in 86088 s" before.
 */
export function waitText(t: TFunction, seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  if (total < 120) return t('common:wait.s', { n: total });
  if (total < 3600) {
    const s = total % 60;
    const min = t('common:wait.min', { n: Math.floor(total / 60) });
    return s ? `${min} ${t('common:wait.s', { n: s })}` : min;
  }
  const minutes = Math.ceil(total / 60);
  const h = t('common:wait.h', { n: Math.floor(minutes / 60) });
  return minutes % 60 ? `${h} ${t('common:wait.min', { n: minutes % 60 })}` : h;
}
