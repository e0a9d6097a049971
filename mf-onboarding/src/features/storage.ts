/** This remote's per-user data on the phone (drafts, code countdowns, agreements), through the shared storage API: log-out clears it. */
import { userStorage } from 'shared';

const store = userStorage('onboarding');

export const readLocal = store.get;
export const writeLocal = store.set;
export const localKeyOf = store.keyOf;
