/** Small form drafts (e.g. the borrow choice), so a reload or a trip to the agreement keeps them; log-out clears them. */
import { userStorage } from 'shared';

const store = userStorage('loan');

export function readDraft<T>(key: string): Partial<T> {
  return store.get<Partial<T>>(`draft:${key}`) ?? {};
}

export function writeDraft<T>(key: string, value: T): void {
  store.set(`draft:${key}`, value);
}

export function clearDraft(key: string): void {
  store.remove(`draft:${key}`);
}
