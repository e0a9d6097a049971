/** user: the profile forms (personal info, work info, questionnaire) and the saved profile that prefills them. */
import type { AuthedCtx, Ctx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import C from '../api/contract';
import { ErrorCode, fail } from '../core/errors';
import { iso } from '../core/time';
import { findState } from '../settings/content';
import { blindIndex, openText, sealText, withId } from '../db/atRest';
import { maskNationalId } from '../core/mask';
import { advanceOrder, progressOf } from '../usecases/onboarding';
import { ocrView, storedReading } from '../usecases/cnicReading';
import { profileOf, saveProfile, type SavedAddition, type SavedBasic } from '../repos/profiles';
import { setNames } from '../repos/users';
import { audit } from '../repos/audit';
import { idDocuments, type DocumentKind } from '../repos/documents';
import { CONTENT, content } from '../repos/content';

const { QUESTION_OPTIONS, QUESTION_COUNT, ageOn, salaryBandOf } = C;

/** a state and one of its cities (or districts) from the server's list; an empty pair passes when optional */
function checkStateCity(state: string | undefined, city: string | undefined, fields: { state: string; city: string }, optional = false) {
  if (optional && !state && !city) return;
  const st = findState(state ?? '');
  if (!st) fail(ErrorCode.validationFailed, { fields: { [fields.state]: 'validation.stateInvalid' } });
  if (!st!.cities.includes(city ?? '') && !(optional && !city)) fail(ErrorCode.validationFailed, { fields: { [fields.city]: 'validation.cityInvalid' } });
}

export async function saveBasicInfo(p: Req<'saveBasicInfo'>, ctx: AuthedCtx): Promise<Res<'saveBasicInfo'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  checkStateCity(p.state, p.city, { state: 'state', city: 'city' });
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    // left out: the one on file (sealed) is kept; answers show it masked, so a form cannot send it back
    const onFile = p.nationalId ? null : ((await profileOf(trx, user.id))?.basic?.nationalId ?? null);
    if (!p.nationalId && !onFile) fail(ErrorCode.validationFailed, { fields: { nationalId: 'validation.nationalIdRequired' } });
    const basic = { ...p, nationalId: p.nationalId ? sealText(p.nationalId) : onFile! };
    await saveProfile(trx, user.id, p.nationalId ? { basic, national_id_index: blindIndex(p.nationalId) } : { basic }, now);
    await setNames(trx, user.id, p.firstName, p.lastName);
    if (p.nameConfirmedByBorrower) await audit(trx, now, 'review.nameByHand', { userId: user.id });
    await advanceOrder(trx, user.id, now);
  });
  return { progress: await progressOf(db, user.id) };
}

export async function saveAdditionInfo(p: Req<'saveAdditionInfo'>, ctx: AuthedCtx): Promise<Res<'saveAdditionInfo'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  checkStateCity(p.workState, p.workDistrict, { state: 'workState', city: 'workDistrict' }, true);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await saveProfile(trx, user.id, { addition: p }, now);
    await advanceOrder(trx, user.id, now);
  });
  return { progress: await progressOf(db, user.id) };
}

export async function saveQuestionnaire(p: Req<'saveQuestionnaire'>, ctx: AuthedCtx): Promise<Res<'saveQuestionnaire'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  const now = clock.now();
  const answers = [...p.answers].sort((a, b) => a.question - b.question);
  const status = await db.transaction().execute(async (trx) => {
    await saveProfile(trx, user.id, { questionnaire: answers }, now);
    return advanceOrder(trx, user.id, now);
  });
  return { progress: await progressOf(db, user.id), orderStatus: status };
}

export async function questionnaire(p: Req<'questionnaire'>, ctx: Ctx): Promise<Res<'questionnaire'>> {
  const lang = p.lang ?? ctx.lang;
  const titles = (await content(ctx.deps.db, CONTENT.questionnaire, lang)) ?? [];
  const labels = (await content(ctx.deps.db, CONTENT.questionnaireOptions, lang)) ?? {};
  let answers = null;
  if (ctx.user) {
    const pr = await profileOf(ctx.deps.db, ctx.user.id);
    answers = pr?.questionnaire ?? null;
  }
  return {
    lang,
    questions: Array.from({ length: QUESTION_COUNT }, (_, i) => ({
      question: i + 1,
      title: titles[i],
      options: QUESTION_OPTIONS[i + 1].map((v: string) => ({ value: v, label: labels[v] ?? v })),
    })),
    answers,
  };
}

/** the saved personal info as a form shows it: the age as of today */
function basicAsOf(basic: SavedBasic | null, now: number) {
  return basic?.inputBirthday ? { ...basic, age: ageOn(basic.inputBirthday, new Date(now)) } : basic;
}
/** the saved work info with the income as its band (rows saved before the bands hold rupees) */
function additionWithBand(addition: SavedAddition | null) {
  return addition && typeof addition.monthlySalary === 'number' ? { ...addition, monthlySalary: salaryBandOf(addition.monthlySalary) } : addition;
}

/** the saved personal info with the National ID masked (nationalIdMasked): the full number is never read back */
function maskedBasic(basic: ReturnType<typeof basicAsOf>) {
  if (!basic) return null;
  const { nationalId, ...rest } = basic;
  return typeof nationalId === 'string' ? { ...rest, nationalIdMasked: maskNationalId(openText(nationalId)) } : rest;
}

export async function userProfile(_p: Req<'userProfile'>, ctx: AuthedCtx): Promise<Res<'userProfile'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  const pr = await profileOf(db, user.id);
  const docs = await idDocuments(db, user.id);
  const basic = withId(pr?.basic ?? null, 'nationalId', openText);
  return {
    basicInfo: maskedBasic(basicAsOf(pr?.basic ?? null, clock.now())),
    additionInfo: additionWithBand(pr?.addition ?? null),
    documents: docs.map((d) => ({ kind: d.kind as DocumentKind, fileId: d.id, uploadedAt: iso(d.created_at) })),
    ocr: pr?.ocr ? ocrView(storedReading(pr.ocr), basic) : null,
    progress: await progressOf(db, user.id),
  };
}
