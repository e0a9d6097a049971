/**
 * The market profile's total-exposure cap (pk-secp): what a borrower owes other lenders (the credit bureau's
 * answer, market/creditBureau.ts) plus the new loan at most the cap. Checked on applying and again at the review,
 * where the CNIC is always on file; when the bureau gives no figure the borrower's declaration alone can still
 * show the cap passed, but never that it is kept (docs/decisions.md "bureau without an answer").
 */
import type { Deps } from '../context/deps';

export type ExposureVerdict =
  | { state: 'within'; outstanding: number }
  | { state: 'over'; cap: number; outstanding: number; max: number }
  | { state: 'unknown'; outstanding: number; reason: string };

/** the cap's verdict on lending `amount` more to the user; null when the profile has no cap */
export async function exposureVerdict(deps: Deps, userId: number, amount: number): Promise<ExposureVerdict | null> {
  const cap = deps.cfg.profile.totalExposureCap;
  if (cap === null) return null;
  const { outstanding, unanswered } = await deps.bureau.outstandingElsewhere({ userId });
  if (outstanding + amount > cap) return { state: 'over', cap, outstanding, max: Math.max(0, cap - outstanding) };
  return unanswered === null ? { state: 'within', outstanding } : { state: 'unknown', outstanding, reason: unanswered };
}
