import { useEffect, useRef, useState } from 'react';

const THRESHOLD = 70;

/**
 * Pull to refresh: a downward drag of more than 70 px that starts at the top of the page
 * calls `refresh`. Returns whether a pull is in progress (to show a hint).
 */
export function usePullToRefresh(refresh: () => void): boolean {
  const fn = useRef(refresh);
  fn.current = refresh;
  const [pulling, setPulling] = useState(false);

  useEffect(() => {
    let startY: number | null = null;
    let armed = false;
    const onStart = (e: TouchEvent) => {
      startY = window.scrollY <= 0 ? e.touches[0]!.clientY : null;
      armed = false;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const next = e.touches[0]!.clientY - startY > THRESHOLD;
      if (next !== armed) {
        armed = next;
        setPulling(next);
      }
    };
    const onEnd = () => {
      if (armed) fn.current();
      startY = null;
      armed = false;
      setPulling(false);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
    };
  }, []);
  return pulling;
}
