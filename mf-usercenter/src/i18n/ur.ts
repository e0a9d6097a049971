import type { en } from './en';

/** Urdu strings of mf-usercenter; the type keeps the keys in step with English. */
export const ur: typeof en = {
  title: 'usercenter',
};
