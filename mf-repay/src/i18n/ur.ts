import type { en } from './en';

/** Urdu strings of mf-repay; the type keeps the keys in step with English. */
export const ur: typeof en = {
  title: 'repay',
};
