/**
 * The cashier's amount field: filled once from the server (the amount of the attempt in
 * progress, else the whole amount due); from the borrower's first keystroke it is theirs, so a
 * reload of the figures landing later never replaces what they typed (they would pay another sum),
 * and trying again after a failed payment keeps the amount they chose.
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

  return { amount, type };
}
