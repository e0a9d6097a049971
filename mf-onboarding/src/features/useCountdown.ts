/** A countdown that survives a reload: the end time is kept in localStorage. */
import { useCallback, useEffect, useState } from 'react';
import { readLocal, writeLocal } from './storage';

export function secondsLeft(until: number | null | undefined, now = Date.now()): number {
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

export function useCountdown(key: string): { left: number; start(seconds: number): void; clear(): void } {
  const [until, setUntil] = useState<number | null>(() => readLocal<number>(key));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setUntil(readLocal<number>(key));
  }, [key]);

  useEffect(() => {
    if (secondsLeft(until, now) <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);

  const start = useCallback((seconds: number) => {
    const end = Date.now() + seconds * 1000;
    writeLocal(key, end);
    setNow(Date.now());
    setUntil(end);
  }, [key]);
  const clear = useCallback(() => {
    writeLocal(key, null);
    setUntil(null);
  }, [key]);

  return { left: secondsLeft(until, now), start, clear };
}
