/** A countdown that survives a reload (resend a code): its end time is kept in localStorage. */
import { useCallback, useEffect, useState } from 'react';

export function secondsLeft(until: number | null | undefined, now = Date.now()): number {
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/**
 * A countdown the server gives (`serverLeft` seconds when its answer arrived, `receivedAt`): it
 * runs on from there by the time elapsed since (a monotonic clock, e.g. performance.now()), never
 * by the phone's date and time, never above `serverLeft`, never below 0.
 */
export function serverCountdownLeft(serverLeft: number, receivedAt: number, nowMonotonic: number): number {
  return Math.max(0, Math.min(serverLeft, serverLeft - Math.floor((nowMonotonic - receivedAt) / 1000)));
}

function readEnd(key: string): number | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : Number(JSON.parse(raw)) || null;
  } catch {
    return null;
  }
}

function writeEnd(key: string, end: number | null): void {
  try {
    if (end === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(end));
  } catch {
    /* storage disabled: the countdown still runs for this visit */
  }
}

/** `storageKey`: the whole localStorage key, the remote's namespace included ('onboarding:login:resendUntil'). */
export function useCountdown(storageKey: string): { left: number; start(seconds: number): void; clear(): void } {
  const [until, setUntil] = useState<number | null>(() => readEnd(storageKey));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setUntil(readEnd(storageKey));
  }, [storageKey]);

  useEffect(() => {
    if (secondsLeft(until, now) <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);

  const start = useCallback(
    (seconds: number) => {
      const end = Date.now() + seconds * 1000;
      writeEnd(storageKey, end);
      setNow(Date.now());
      setUntil(end);
    },
    [storageKey],
  );
  const clear = useCallback(() => {
    writeEnd(storageKey, null);
    setUntil(null);
  }, [storageKey]);

  return { left: secondsLeft(until, now), start, clear };
}
