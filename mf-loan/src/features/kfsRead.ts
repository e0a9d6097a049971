/** "Key facts read" for an order, kept on the phone: a trip to the agreement (the screen unmounts) or a reload does not undo it; log-out clears it. */
import { useCallback, useState } from 'react';
import { userStorage } from 'shared';

const store = userStorage('loan');
const key = (orderNo: string) => `kfsRead:${orderNo}`;

export function useKfsRead(orderNo: string): [boolean, () => void] {
  const [read, setRead] = useState(() => store.get<boolean>(key(orderNo)) === true);
  const markRead = useCallback(() => {
    store.set(key(orderNo), true);
    setRead(true);
  }, [orderNo]);
  return [read, markRead];
}
