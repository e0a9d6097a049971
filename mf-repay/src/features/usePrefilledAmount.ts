/**
 * The cashier's amount field: filled once from the server (the amount of the attempt in
 * progress, else the whole amount due); from the borrower's first keystroke it is theirs, so a
 * reload of the figures landing later never replaces what they typed (they would pay another sum).
 * After `startOver()` it is empty and is filled again by the next figures unless they type first.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { readAttempt } from './attempt';

/** `figures`: the cashier's answer; each new answer (a reload) may fill an empty, untouched field. */
export function usePrefilledAmount(orderNo: string, figures: { amountDue: number } | undefined) {
  const [amount, setAmount] = useState('');
  const filled = useRef(false);

  useEffect(() => {
    if (!figures || filled.current) return;
    filled.current = true;
    const prev = readAttempt(orderNo);
    setAmount(String(prev && prev.amount <= figures.amountDue ? prev.amount : figures.amountDue));
  }, [figures, orderNo]);

  const type = useCallback((v: string) => {
    filled.current = true;
    setAmount(v);
  }, []);

  const startOver = useCallback(() => {
    filled.current = false;
    setAmount('');
  }, []);

  return { amount, type, startOver };
}
