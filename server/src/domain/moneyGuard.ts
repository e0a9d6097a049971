/**
 * Money goes only to verified accounts (issue 25): who may receive it (the holder rule) and when a
 * borrower counts as idle. The checks and notices that apply them are usecases/moneyGuard.ts; rules
 * recorded in docs/decisions.md.
 */

/** the words of a name, compared without case, punctuation or extra spaces */
export const nameWords = (name: string): string[] =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/**
 * The account holder is the borrower: the holder's name words start with the profile's first name
 * and end with its last name (words between, a middle name, are allowed). No saved name: no match.
 */
export function holderMatches(holder: string, firstName: string | null, lastName: string | null): boolean {
  const h = nameWords(holder);
  const first = nameWords(firstName ?? '');
  const last = nameWords(lastName ?? '');
  if (!first.length || !last.length || h.length < first.length + last.length) return false;
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((w, i) => w === b[i]);
  return same(h.slice(0, first.length), first) && same(h.slice(h.length - last.length), last);
}

/** idle: no code entered and no money action for `idleSeconds` (wall clock), or never since the rule began */
export const isIdle = (verifiedAt: number | null, wallNow: number, idleSeconds: number): boolean =>
  verifiedAt === null || wallNow - verifiedAt > idleSeconds * 1000;

export type VerifyReason = 'idle' | 'newAccount' | 'accountChange';
