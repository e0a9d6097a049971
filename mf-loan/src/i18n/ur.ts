import type { en } from './en';

/** Urdu strings of mf-loan; the type keeps the keys in step with English. */
export const ur: typeof en = {
  title: 'loan',
};
