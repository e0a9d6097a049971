/**
 * Onboarding: which steps a borrower has done (the profile, documents and primary card), which
 * status an incomplete order waits in, and moving it on as steps are saved.
 */
import type { Db } from '../db';
import C from '../api/contract';
import type { IncompleteStatus, OnboardingStep, ProfileProgress } from '../api/contract';
import { profileOf } from '../repos/profiles';
import { documentKinds } from '../repos/documents';
import { cardOf } from '../repos/cards';
import { activeOrder } from '../repos/orders';
import { transition } from './lifecycle';

const { OrderStatus, INCOMPLETE_STATUSES, isIncomplete, STEP_ROUTES } = C;

export async function progressOf(db: Db, userId: number): Promise<ProfileProgress> {
  const p = await profileOf(db, userId);
  const kinds = await documentKinds(db, userId);
  const card = await cardOf(db, userId, 'primary');
  const basic = p?.basic ?? null;
  const ocr = p?.ocr ?? null;
  return {
    basicInfo: !!p?.basic,
    idFront: kinds.has('idFront') || kinds.has('curpFront'),
    idBack: kinds.has('idBack') || kinds.has('curpBack'),
    face: kinds.has('face'),
    imagesDone: !!p?.images_done_at,
    // a misread card never blocks: the borrower's confirmed name goes to the review, checked by hand
    nameMatches: nameMatches(ocr?.name, basic) || basic?.nameConfirmedByBorrower === true,
    additionInfo: !!p?.addition,
    bankCard: !!card,
    questionnaire: !!p?.questionnaire,
  };
}

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

/** moves the user's incomplete order to its next step, or into review when everything is there */
export async function advanceOrder(db: Db, userId: number, now: number): Promise<number | null> {
  const o = await activeOrder(db, userId);
  if (!o) return null;
  if (!isIncomplete(o.status)) return o.status;
  const next = missingStatus(await progressOf(db, userId));
  if (next === o.status) return o.status;
  if (next === null) {
    const r = await transition(db, o, 'submitted', now, { set: { submitted_at: now } });
    return r?.status ?? o.status;
  }
  const r = await transition(db, o, 'stepChanged', now, { to: next });
  return r?.status ?? o.status;
}
