/** Onboarding: which steps a borrower has done (the profile, documents and primary card), and moving their incomplete order on as steps are saved. */
import type { Db } from '../db';
import C from '../api/contract';
import type { ProfileProgress } from '../api/contract';
import { missingStatus, nameMatches } from '../domain/onboarding';
import { profileOf } from '../repos/profiles';
import { documentKinds } from '../repos/documents';
import { cardOf } from '../repos/cards';
import { activeOrder } from '../repos/orders';
import { transition } from './lifecycle';

const { isIncomplete } = C;

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
