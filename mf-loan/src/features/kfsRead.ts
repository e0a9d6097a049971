/**
 * What the borrower did on an order's confirm screen, kept on the phone as a draft: "key facts read" and the agreement
 * ticked. A trip to the agreement (the screen unmounts) or a reload does not undo them; log-out clears them.
 */
import { useCallback, useState } from 'react';
import { userStorage } from 'shared';

const store = userStorage('loan');

function useOrderFlag(flag: 'kfsRead' | 'agreed', orderNo: string): [boolean, (value: boolean) => void] {
  const key = `${flag}:${orderNo}`;
  const [value, setValue] = useState(() => store.get<boolean>(key) === true);
  const set = useCallback(
    (next: boolean) => {
      store.set(key, next || null);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}

export function useKfsRead(orderNo: string): [boolean, () => void] {
  const [read, set] = useOrderFlag('kfsRead', orderNo);
  return [read, useCallback(() => set(true), [set])];
}

/** the agreement's tick: only ever sent with the confirmation, so keeping it on the phone agrees to nothing by itself */
export const useAgreed = (orderNo: string) => useOrderFlag('agreed', orderNo);
