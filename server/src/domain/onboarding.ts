/**
 * Onboarding's rules: which status an incomplete order waits in for the steps a borrower has done
 * (the profile, documents and primary card: usecases/onboarding.ts reads them), and the screen-name check.
 */
import C from '../api/contract';
import type { IncompleteStatus, OnboardingStep, ProfileProgress } from '../api/contract';

const { OrderStatus, INCOMPLETE_STATUSES, STEP_ROUTES } = C;

const letters = (s: string | null | undefined) =>
  (s ?? '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/**
 * Screen-name validation (status 16): every name the borrower entered must appear among the
 * words the OCR read from the CNIC. Nothing read, nothing to contradict.
 */
export function nameMatches(ocrName: string | null | undefined, basic: { firstName?: string; middleName?: string; lastName?: string } | null): boolean {
  const read = new Set(letters(ocrName).split(' ').filter(Boolean));
  if (!read.size || !basic) return true;
  const entered = [basic.firstName, basic.middleName, basic.lastName].flatMap((n) => letters(n).split(' ')).filter(Boolean);
  return entered.every((w) => read.has(w));
}

/** what each step's status needs before the order moves past it */
const STEP_DONE: Record<IncompleteStatus, (p: ProfileProgress) => boolean> = {
  [OrderStatus.BasicInfo]: (p) => p.basicInfo,
  [OrderStatus.IdentityOCR]: (p) => p.idFront && p.idBack && p.face && p.imagesDone,
  [OrderStatus.Validation]: (p) => p.nameMatches,
  [OrderStatus.Addition]: (p) => p.additionInfo,
  [OrderStatus.BindCard]: (p) => p.bankCard,
  [OrderStatus.Question]: (p) => p.questionnaire,
};

/** the first step not done, in the contract's step order (INCOMPLETE_STATUSES), or null: ready for review */
export const missingStatus = (p: ProfileProgress): IncompleteStatus | null => INCOMPLETE_STATUSES.find((s) => !STEP_DONE[s](p)) ?? null;
export function nextStepRoute(p: ProfileProgress): OnboardingStep | null {
  const s = missingStatus(p);
  return s ? STEP_ROUTES[s] : null;
}
