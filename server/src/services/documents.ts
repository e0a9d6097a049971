/** user/repay: photos (ID sides, selfie, proofs of repayment), the end of the ID step, and reading the CNIC. */
import type { AuthedCtx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import { POLICY } from '../settings/policy';
import { PoolBusy, PoolTimeout } from '../identity/pool';
import { AppError, ErrorCode, fail } from '../core/errors';
import { iso } from '../core/time';
import { openText, sealText, withId } from '../db/atRest';
import { parseCnic } from '../identity/ocr';
import type { FaceVerdict } from '../identity/face';
import { advanceOrder, progressOf } from '../usecases/onboarding';
import { ocrView, storedReading } from '../usecases/cnicReading';
import { latestDocument, replaceable, replaceDocuments, storedBytes, type DocumentKind } from '../repos/documents';
import { profileOf, saveProfile } from '../repos/profiles';
import { audit } from '../repos/audit';
import { isStoreFull } from '../uploads/storage';

/** the spec's "ID front / back / face not chosen" when an ID upload carries no photo */
const NOT_CHOSEN: Partial<Record<DocumentKind, number>> = {
  idFront: ErrorCode.idFrontMissing,
  curpFront: ErrorCode.idFrontMissing,
  idBack: ErrorCode.idBackMissing,
  curpBack: ErrorCode.idBackMissing,
  face: ErrorCode.faceMissing,
};

/** `check`: what the photo must pass before it is kept (the selfie's face check) */
export function uploader(kind: DocumentKind, check?: (image: Buffer, ctx: AuthedCtx) => Promise<void>) {
  return async (_p: Req<'uploadCurpFront'>, ctx: AuthedCtx): Promise<Res<'uploadCurpFront'>> => {
    const { db, clock, storage } = ctx.deps;
    const user = ctx.user;
    if (!ctx.file) fail(NOT_CHOSEN[kind] ?? ErrorCode.fileMissing);
    const { buffer, mime } = ctx.file!;
    if (check) await check(buffer, ctx);
    // what this upload replaces: the ID photo of the same kind, or the oldest proof photos never attached to a proof
    let old = await replaceable(db, user.id, kind);
    if (kind === 'repayProof') old = old.slice(0, Math.max(0, old.length - (POLICY.uploads.maxUnusedProofs - 1)));
    const bytes = (await storedBytes(db, user.id)) - old.reduce((n, o) => n + o.size, 0) + buffer.length;
    if (bytes > ctx.deps.cfg.uploadQuotaBytes) fail(ErrorCode.uploadQuotaExceeded);
    const key = await storeOrRefuse(ctx, user.id, mime === 'image/png' ? 'png' : 'jpg', buffer);
    const now = clock.now();
    // no file without its row: a row that cannot be written takes its file with it
    const doc = await replaceDocuments(
      db,
      old.map((o) => o.id),
      { user_id: user.id, kind, storage_key: key, mime, size: buffer.length, created_at: now },
    ).catch(async (e: unknown) => {
      await storage.remove(key).catch(() => undefined);
      throw e;
    });
    for (const o of old) await storage.remove(o.storage_key).catch(() => undefined);
    return { fileId: doc.id, kind, size: doc.size, mime, uploadedAt: iso(now) };
  };
}

/** the photo stored under a new key; a store with no room answers storageFull (HTTP 507: the balancer's check takes this instance out) */
async function storeOrRefuse(ctx: AuthedCtx, userId: number, ext: string, buffer: Buffer): Promise<string> {
  try {
    return await ctx.deps.storage.put(userId, ext, buffer);
  } catch (e) {
    if (!isStoreFull(e)) throw e;
    ctx.deps.log.error({ err: (e as Error).message }, 'photo not stored: no room');
    throw new AppError(ErrorCode.storageFull, null, 507);
  }
}

/** the selfie: one face, large and sharp enough (face.ts); a refused photo is not kept */
export async function checkFace(image: Buffer, ctx: AuthedCtx) {
  let v: FaceVerdict;
  try {
    v = await ctx.deps.face.check(image, String(ctx.user.id));
  } catch (e) {
    ctx.deps.log.warn({ err: (e as Error).message }, 'face check failed');
    // not the photo's fault: the queue is full, or the machine too loaded to finish in time (the photo is
    // analysed at a bounded size, so its content cannot make the check slow): the app sends it again
    if (e instanceof PoolBusy || e instanceof PoolTimeout) throw new AppError(ErrorCode.faceBusy, { retryAfterMs: POLICY.face.retryAfterMs });
    throw new AppError(ErrorCode.faceUnreadable);
  }
  if (!v.ok) fail(v.code, { problem: v.problem, faces: v.faces });
}

export async function finishUploadAllImg(p: Req<'finishUploadAllImg'>, ctx: AuthedCtx): Promise<Res<'finishUploadAllImg'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user;
  const pr = await progressOf(db, user.id);
  if (!pr.idFront) fail(ErrorCode.idFrontMissing);
  if (!pr.idBack) fail(ErrorCode.idBackFirst);
  if (!pr.face) fail(ErrorCode.faceMissing);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await saveProfile(trx, user.id, { images_done_at: now }, now);
    if (p.checkByHand) await audit(trx, now, 'review.cardByHand', { userId: user.id });
    await advanceOrder(trx, user.id, now);
  });
  return { progress: await progressOf(db, user.id) };
}

export async function curpOcr(p: Req<'curpOcr'>, ctx: AuthedCtx): Promise<Res<'curpOcr'>> {
  const { db, storage, ocr, cfg, log } = ctx.deps;
  const user = ctx.user;
  const kinds = p.side === 'back' ? ['idBack', 'curpBack'] : ['idFront', 'curpFront'];
  const doc = await latestDocument(db, user.id, kinds);
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
  const prof = await profileOf(db, user.id);
  const before = storedReading(prof?.ocr ?? null);
  const reading = { ...before, ...read, sides: { ...before.sides, [p.side]: true }, confidence: r.confidence };
  await saveProfile(db, user.id, { ocr: withId(reading, 'cardNumber', sealText) }, null);
  return ocrView(reading, withId(prof?.basic ?? null, 'nationalId', openText));
}
