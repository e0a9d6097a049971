/**
 * The signed-in borrower's id. A session can hold a token without the borrower's info (a wrapper's sign-in, a token
 * restored from storage): the shell asks for it only once the page is idle, and a form keyed by 'nobody' in the
 * meantime kept its draft (the typed CNIC) where the clear after the save never looked. The onboarding screens ask
 * at once and wait for the answer before they read or write a draft.
 */
import { useEffect, useState } from 'react';
import { call, endpoints, setUserInfo, useSession } from 'shared';

let asking: Promise<void> | null = null;
const askOnce = () =>
  (asking ??= call(endpoints.getUserInfo, {}, { overlay: false })
    .then(setUserInfo)
    .finally(() => {
      asking = null;
    }));

/** `waiting` while a signed-in borrower's id is being asked for; after a failed ask the screen goes on without drafts */
export function useBorrowerId(): { userId: number | undefined; waiting: boolean } {
  const userId = useSession((s) => s.userInfo?.userId);
  const signedIn = useSession((s) => Boolean(s.token?.Authorization));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (userId !== undefined || !signedIn) return;
    let live = true;
    askOnce().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [userId, signedIn]);
  return { userId, waiting: userId === undefined && signedIn && !failed };
}
