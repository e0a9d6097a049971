/**
 * Words for the codes the staff API answers (an order status is a number, a payment kind or a complaint category a
 * code): each is a key of the console's strings, order statuses by their contract name (shared/src/contract/status.ts).
 * A code the strings do not know yet shows as itself rather than as a missing key.
 */
import type { TFunction } from 'i18next';
import { orderStatusName } from 'shared/staff';

export function orderStatusWord(t: TFunction, status: number): string {
  const name = orderStatusName(status);
  return name ? t(`orderStatus.${name}`) : String(status);
}

/** the word of `code` in the strings' group `group` (e.g. 'status', 'complaints.categories') */
export const codeWord = (t: TFunction, group: string, code: string): string => t(`${group}.${code}`, { defaultValue: code });

/** a payment or proof channel's word (`jazzcash`, `Easypaisa`, `bankTransfer`...: ids in either case, one word each) */
export const channelWord = (t: TFunction, id: string): string => codeWord(t, 'channels', id.toLowerCase());

/** the word of an option a borrower chose (`group`: a list of shared/options, e.g. 'education', 'gender') */
export const optionWord = (t: TFunction, group: string, value: unknown): string =>
  value === null || value === undefined || value === '' ? '-' : codeWord(t, `options.${group}`, String(value));
