/** user: profile forms, bank cards, documents, OCR, questionnaire, device. */
import type { Ctx } from '../deps';
import type { Req, Res } from '../handler';
import { POLICY } from '../policy';
import C from '../contract';
import type { BankCardInput } from '../contract';
import { ErrorCode, fail, fromJson, iso, AppError, statusIn } from '../lib';
import { findState } from '../content';
import { activeOrder, addEvent, advanceOrder, cardView, jsonb, progressOf, transition } from './core';
import { verifyOtp } from './security';
import { requireConsent } from './consent';
import { blindIndex, openText, sealText, withId } from '../atRest';
import { MISSING_FIELD_CODE, parseCnic, sideOf, type CnicField, type CnicReading, type CnicSide } from '../ocr';
import type { FaceVerdict } from '../face';

const { OrderStatus, AWAITING_CONFIRM_STATUSES, normalizeMobile, QUESTION_OPTIONS, QUESTION_COUNT, ibanBankCode, ageOn, salaryBandOf } = C;

/** seeded content (content.ts) in `lang`, else English; `T` is the shape content.ts seeds under `key` */
async function content<T>(ctx: Ctx, key: string, lang = 'en'): Promise<T | null> {
  const r = await ctx.deps.db.selectFrom('content').select(['body', 'lang']).where('key', '=', key).where('lang', 'in', [lang, 'en']).execute();
  const hit = r.find((x) => x.lang === lang) ?? r.find((x) => x.lang === 'en');
  return hit ? fromJson<T>(hit.body) : null;
}
/** the personal info as saved (saveBasicInfo's request; nationalId sealed at rest) */
type SavedBasic = Req<'saveBasicInfo'>;
/** the work info as saved; rows from before the salary bands hold the income in rupees */
type SavedAddition = Omit<Req<'saveAdditionInfo'>, 'monthlySalary'> & { monthlySalary?: Req<'saveAdditionInfo'>['monthlySalary'] | number };
export { content };

/** a state and one of its cities (or districts) from the server's list; an empty pair passes when optional */
function checkStateCity(state: string | undefined, city: string | undefined, fields: { state: string; city: string }, optional = false) {
  if (optional && !state && !city) return;
  const st = findState(state ?? '');
  if (!st) fail(ErrorCode.validationFailed, { fields: { [fields.state]: 'validation.stateInvalid' } });
  if (!st!.cities.includes(city ?? '') && !(optional && !city)) fail(ErrorCode.validationFailed, { fields: { [fields.city]: 'validation.cityInvalid' } });
}

export async function saveBasicInfo(p: Req<'saveBasicInfo'>, ctx: Ctx): Promise<Res<'saveBasicInfo'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user!;
  checkStateCity(p.state, p.city, { state: 'state', city: 'city' });
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('profiles').set({ basic: jsonb(withId(p, 'nationalId', sealText)), national_id_index: blindIndex(p.nationalId), updated_at: now }).where('user_id', '=', user.id).execute();
    await trx.updateTable('users').set({ first_name: p.firstName, last_name: p.lastName }).where('id', '=', user.id).execute();
    if (p.nameConfirmedByBorrower) await trx.insertInto('audit_log').values({ at: now, kind: 'review.nameByHand', detail: JSON.stringify({ userId: user.id }) }).execute();
    await advanceOrder(trx, user.id, now);
  });
  return { progress: await progressOf(db, user.id) };
}

export async function saveAdditionInfo(p: Req<'saveAdditionInfo'>, ctx: Ctx): Promise<Res<'saveAdditionInfo'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user!;
  checkStateCity(p.workState, p.workDistrict, { state: 'workState', city: 'workDistrict' }, true);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('profiles').set({ addition: jsonb(p), updated_at: now }).where('user_id', '=', user.id).execute();
    await advanceOrder(trx, user.id, now);
  });
  return { progress: await progressOf(db, user.id) };
}

async function saveCard(p: BankCardInput, ctx: Ctx, role: 'primary' | 'backup') {
  const { db, clock } = ctx.deps;
  const user = ctx.user!;
  if (p.mobile && normalizeMobile(p.mobile) !== user.mobile) {
    if (!p.code) fail(ErrorCode.cardCodeRequired, { fields: { code: 'validation.codeRequired' } });
    await verifyOtp(ctx.deps, normalizeMobile(p.mobile), 'bindCard', p.code!);
  }
  const banks = (await content<Res<'bankList'>['banks']>(ctx, 'banks')) ?? [];
  const bank = p.cardType === 'IBAN' ? undefined : banks.find((b) => b.index === p.bankIndex);
  const bankName = p.cardType === 'IBAN' ? 'IBAN' : bank?.name ?? '';
  const bankCode = p.cardType === 'IBAN' ? ibanBankCode(p.accountNumber) : bank?.code ?? null;
  const now = clock.now();
  const values = { user_id: user.id, role, card_type: p.cardType, bank_index: p.bankIndex ?? null, bank_name: bankName, bank_code: bankCode, account_number: sealText(p.accountNumber), account_index: blindIndex(p.accountNumber), card_holder: p.cardHolder, created_at: now };
  return db.transaction().execute(async (trx) => {
    const card = await trx.insertInto('bank_cards').values(values)
      .onConflict((oc) => oc.columns(['user_id', 'role']).doUpdateSet({ card_type: values.card_type, bank_index: values.bank_index, bank_name: bankName, bank_code: bankCode, account_number: values.account_number, account_index: values.account_index, card_holder: values.card_holder, created_at: now }))
      .returningAll().executeTakeFirstOrThrow();
    if (role === 'primary') {
      // the coupon for authorising a card: once per borrower, taken off the next loan paid out
      await trx.updateTable('users').set({ card_coupon: POLICY.cardCoupon, card_coupon_granted: true }).where('id', '=', user.id).where('card_coupon_granted', '=', false).execute();
      const o = await activeOrder(trx, user.id);
      if (o && o.status === OrderStatus.PayFail) {
        // Edit after a failed payout: new receiving account, ready to get money again (18)
        await transition(trx, o, OrderStatus.GetMoney, 'cardChanged', now, { bank_card: jsonb(card), fail_reason: null });
      } else if (o && statusIn(AWAITING_CONFIRM_STATUSES, o.status)) {
        await trx.updateTable('orders').set({ bank_card: jsonb(card), updated_at: o.updated_at }).where('id', '=', o.id).execute();
        await addEvent(trx, o.id, 'cardChanged', o.status, now);
      } else await advanceOrder(trx, user.id, now);
    }
    return card;
  });
}

export async function addBankCard(p: Req<'addBankCard'>, ctx: Ctx): Promise<Res<'addBankCard'>> {
  const card = await saveCard(p, ctx, 'primary');
  return { card: cardView(card, ctx.lang), progress: await progressOf(ctx.deps.db, ctx.user!.id) };
}
export async function bindBackupBankCard(p: Req<'bindBackupBankCard'>, ctx: Ctx): Promise<Res<'bindBackupBankCard'>> {
  const primary = await ctx.deps.db.selectFrom('bank_cards').select('id').where('user_id', '=', ctx.user!.id).where('role', '=', 'primary').executeTakeFirst();
  if (!primary) fail(ErrorCode.cardInfoNull);
  return { card: cardView(await saveCard(p, ctx, 'backup'), ctx.lang) };
}
export async function backupBankCardDetail(_p: Req<'backupBankCardDetail'>, ctx: Ctx): Promise<Res<'backupBankCardDetail'>> {
  const cards = await ctx.deps.db.selectFrom('bank_cards').selectAll().where('user_id', '=', ctx.user!.id).execute();
  const f = (r: string) => cards.find((c) => c.role === r);
  return { primary: f('primary') ? cardView(f('primary')!, ctx.lang) : null, backup: f('backup') ? cardView(f('backup')!, ctx.lang) : null };
}

type DocumentKind = 'idFront' | 'idBack' | 'face' | 'curpFront' | 'curpBack' | 'repayProof';
/** the spec's "ID front / back / face not chosen" when an ID upload carries no photo */
const NOT_CHOSEN: Partial<Record<DocumentKind, number>> = {
  idFront: ErrorCode.idFrontMissing, curpFront: ErrorCode.idFrontMissing, idBack: ErrorCode.idBackMissing, curpBack: ErrorCode.idBackMissing, face: ErrorCode.faceMissing,
};

/** `check`: what the photo must pass before it is kept (the selfie's face check) */
export function uploader(kind: DocumentKind, check?: (image: Buffer, ctx: Ctx) => Promise<void>) {
  return async (p: { orderNo?: string }, ctx: Ctx) => {
    const { db, clock, storage } = ctx.deps;
    const user = ctx.user!;
    if (!ctx.file) fail(NOT_CHOSEN[kind] ?? ErrorCode.fileMissing);
    const { buffer, mime } = ctx.file!;
    if (check) await check(buffer, ctx);
    // what this upload replaces: the ID photo of the same kind, or the oldest proof photos never attached to a proof
    let old = await db.selectFrom('documents').select(['id', 'storage_key', 'size']).where('user_id', '=', user.id).where('kind', '=', kind)
      .where((eb) => (kind === 'repayProof' ? eb.not(eb.exists(eb.selectFrom('proofs').select('proofs.id').whereRef('proofs.document_id', '=', 'documents.id'))) : eb.lit(true)))
      .orderBy('id').execute();
    if (kind === 'repayProof') old = old.slice(0, Math.max(0, old.length - (POLICY.uploads.maxUnusedProofs - 1)));
    const kept = await db.selectFrom('documents').select((eb) => eb.fn.sum<number>('size').as('bytes')).where('user_id', '=', user.id).executeTakeFirst();
    const bytes = Number(kept?.bytes ?? 0) - old.reduce((n, o) => n + o.size, 0) + buffer.length;
    if (bytes > ctx.deps.cfg.uploadQuotaBytes) fail(ErrorCode.uploadQuotaExceeded);
    const key = await storage.put(user.id, mime === 'image/png' ? 'png' : 'jpg', buffer);
    const now = clock.now();
    const doc = await db.transaction().execute(async (trx) => {
      if (old.length) await trx.deleteFrom('documents').where('id', 'in', old.map((o) => o.id)).execute();
      const d = await trx.insertInto('documents').values({ user_id: user.id, kind, storage_key: key, mime, size: buffer.length, created_at: now }).returningAll().executeTakeFirstOrThrow();
      return d;
    });
    for (const o of old) await storage.remove(o.storage_key).catch(() => undefined);
    return { fileId: doc.id, kind, size: doc.size, mime, uploadedAt: iso(now) };
  };
}

/** the selfie: one face, large and sharp enough (face.ts); a refused photo is not kept */
export async function checkFace(image: Buffer, ctx: Ctx) {
  let v: FaceVerdict;
  try {
    v = await ctx.deps.face.check(image, String(ctx.user!.id));
  } catch (e) {
    ctx.deps.log.warn({ err: (e as Error).message }, 'face check failed');
    throw new AppError(ErrorCode.faceUnreadable);
  }
  if (!v.ok) fail(v.code, { problem: v.problem, faces: v.faces });
}

export async function finishUploadAllImg(p: Req<'finishUploadAllImg'>, ctx: Ctx): Promise<Res<'finishUploadAllImg'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user!;
  const pr = await progressOf(db, user.id);
  if (!pr.idFront) fail(ErrorCode.idFrontMissing);
  if (!pr.idBack) fail(ErrorCode.idBackFirst);
  if (!pr.face) fail(ErrorCode.faceMissing);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('profiles').set({ images_done_at: now, updated_at: now }).where('user_id', '=', user.id).execute();
    if (p.checkByHand) await trx.insertInto('audit_log').values({ at: now, kind: 'review.cardByHand', detail: JSON.stringify({ userId: user.id }) }).execute();
    await advanceOrder(trx, user.id, now);
  });
  return { progress: await progressOf(db, user.id) };
}

export async function curpOcr(p: Req<'curpOcr'>, ctx: Ctx): Promise<Res<'curpOcr'>> {
  const { db, storage, ocr, cfg, log } = ctx.deps;
  const user = ctx.user!;
  const kinds = p.side === 'back' ? ['idBack', 'curpBack'] : ['idFront', 'curpFront'];
  const doc = await db.selectFrom('documents').selectAll().where('user_id', '=', user.id).where('kind', 'in', kinds).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!doc) fail(p.side === 'back' ? ErrorCode.idBackFirst : ErrorCode.idFrontMissing);
  if (!cfg.ocrEnabled) fail(ErrorCode.ocrFailed);
  let r;
  try {
    r = await ocr.read(await storage.get(doc!.storage_key), String(user.id));
  } catch (e) {
    log.warn({ err: (e as Error).message }, 'ocr failed');
    throw new AppError(ErrorCode.ocrFailed);
  }
  const read = parseCnic(r.text, p.side);
  if (Object.values(read).every((v) => v === null)) fail(p.side === 'back' ? ErrorCode.backUnreadable : ErrorCode.frontUnreadable);
  const prof = await db.selectFrom('profiles').select(['basic', 'ocr']).where('user_id', '=', user.id).executeTakeFirst();
  const before = storedReading(prof?.ocr);
  const reading = { ...before, ...read, sides: { ...before.sides, [p.side]: true }, confidence: r.confidence };
  await db.updateTable('profiles').set({ ocr: jsonb(withId(reading, 'cardNumber', sealText)) }).where('user_id', '=', user.id).execute();
  return ocrView(reading, withId(fromJson<SavedBasic | null>(prof?.basic) ?? null, 'nationalId', openText));
}

type Reading = CnicReading & { sides: Record<CnicSide, boolean>; confidence: number };
/** what was read of the card so far (a row from before the back was read holds the front's reading) */
function storedReading(raw: unknown): Reading {
  const r = withId(fromJson<(Omit<Reading, 'sides'> & Partial<Pick<Reading, 'sides'>>) | null>(raw) ?? null, 'cardNumber', openText);
  if (!r) return { sides: { front: false, back: false }, confidence: 0 };
  return { ...r, sides: r.sides ?? { front: true, back: false } };
}

/** the reading as the borrower sees it: every field, which are missing, whether the number is the National ID saved now */
function ocrView(r: Reading, basic: SavedBasic | null): Res<'curpOcr'> {
  const id = basic?.nationalId;
  const value = (f: CnicField) => r[f] ?? null;
  return {
    cardNumber: value('cardNumber'), name: value('name'), fatherName: value('fatherName'), motherName: value('motherName'),
    birthday: value('birthday'), address: value('address'),
    complete: !!(r.cardNumber && r.name && r.birthday),
    // a corrected ID is re-checked at once, not at the next photo
    matchesProfile: id && r.cardNumber ? id === r.cardNumber : null,
    confidence: r.confidence,
    sides: r.sides,
    missing: C.CNIC_REQUIRED_FIELDS.filter((f) => r.sides[sideOf(f)] && !r[f]).map((f) => ({ field: f, code: MISSING_FIELD_CODE[f] })),
  };
}

export async function saveQuestionnaire(p: Req<'saveQuestionnaire'>, ctx: Ctx): Promise<Res<'saveQuestionnaire'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user!;
  const now = clock.now();
  const answers = [...p.answers].sort((a, b) => a.question - b.question);
  const status = await db.transaction().execute(async (trx) => {
    await trx.updateTable('profiles').set({ questionnaire: jsonb(answers), updated_at: now }).where('user_id', '=', user.id).execute();
    return advanceOrder(trx, user.id, now);
  });
  return { progress: await progressOf(db, user.id), orderStatus: status };
}

export async function questionnaire(p: Req<'questionnaire'>, ctx: Ctx): Promise<Res<'questionnaire'>> {
  const lang = p.lang ?? ctx.lang;
  const titles = (await content<string[]>(ctx, 'questionnaire', lang)) ?? [];
  const labels = (await content<Record<string, string>>(ctx, 'questionnaireOptions', lang)) ?? {};
  let answers = null;
  if (ctx.user) {
    const pr = await ctx.deps.db.selectFrom('profiles').select('questionnaire').where('user_id', '=', ctx.user.id).executeTakeFirst();
    answers = fromJson<Res<'questionnaire'>['answers']>(pr?.questionnaire) ?? null;
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

export async function userProfile(_p: Req<'userProfile'>, ctx: Ctx): Promise<Res<'userProfile'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user!;
  const pr = await db.selectFrom('profiles').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  const docs = await db.selectFrom('documents').select(['id', 'kind', 'created_at']).where('user_id', '=', user.id).where('kind', '!=', 'repayProof').execute();
  const basic = withId(fromJson<SavedBasic | null>(pr?.basic) ?? null, 'nationalId', openText);
  return {
    basicInfo: basicAsOf(basic, clock.now()),
    additionInfo: additionWithBand(fromJson<SavedAddition | null>(pr?.addition) ?? null),
    documents: docs.map((d) => ({ kind: d.kind as DocumentKind, fileId: d.id, uploadedAt: iso(d.created_at) })),
    ocr: pr?.ocr ? ocrView(storedReading(pr.ocr), basic) : null,
    progress: await progressOf(db, user.id),
  };
}

export async function bankList(_p: Req<'bankList'>, ctx: Ctx): Promise<Res<'bankList'>> {
  type R = Res<'bankList'>;
  return { banks: (await content<R['banks']>(ctx, 'banks', ctx.lang)) ?? [], wallets: (await content<R['wallets']>(ctx, 'wallets', ctx.lang)) ?? [] };
}

/** the lending apps the data-collection task reports on: only when the market asks for installed apps and the borrower agreed */
export async function devicePackageList(_p: Req<'devicePackageList'>, ctx: Ctx): Promise<Res<'devicePackageList'>> {
  const agreed = await requireConsent(ctx);
  const enabled = POLICY.permissions.installedApps.enabled && agreed.permissions.includes('installedApps');
  return { enabled, packages: enabled ? POLICY.lendingAppPackages : [] };
}
