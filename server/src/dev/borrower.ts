/**
 * What a QA fixture's test borrower answers on every onboarding step (dev controls only): the profile
 * the e2e suites send (the contract's TEST_BORROWER), photos the checks accept (a blank card photo, the
 * test selfie).
 */
import fs from 'node:fs';
import sharp from 'sharp';
import C from '../api/contract';
import { cleanImage } from '../uploads/images';

/** the test borrower's answers (shared/src/contract/testBorrower.ts, the e2e suites' too) */
export const { basic: BASIC, addition: ADDITION, card: CARD, answers: ANSWERS } = C.TEST_BORROWER;

/** the loan every fixture applies for */
export const LOAN = { productId: 'P001', amount: 5000, tenureDays: 91 };

let photos: Promise<{ card: Buffer; face: Buffer }> | null = null;

/** a photo as the upload route keeps it (http/uploads.ts): the fixtures call the handlers directly */
async function asUploaded(buf: Buffer): Promise<Buffer> {
  const img = await cleanImage(buf);
  if ('error' in img) throw new Error(`fixture photo refused: ${img.error}`);
  return img.buffer;
}

/** the test selfie (one face), server/test/fixtures/faces: from this file under tsx (src/dev/) or from the bundle (dist/main.js) */
const TEST_SELFIE = ['../../test/fixtures/faces/face-one.jpg', '../test/fixtures/faces/face-one.jpg']
  .map((p) => new URL(p, import.meta.url))
  .find((u) => fs.existsSync(u));

/** a blank card photo (nothing for OCR to read) and the test selfie */
export function borrowerPhotos(): Promise<{ card: Buffer; face: Buffer }> {
  if (!TEST_SELFIE) throw new Error('the test selfie server/test/fixtures/faces/face-one.jpg is missing');
  const selfie = TEST_SELFIE;
  photos ??= (async () => ({
    card: await asUploaded(
      await sharp({ create: { width: 64, height: 40, channels: 3, background: '#d9d2c3' } })
        .jpeg()
        .toBuffer(),
    ),
    face: await asUploaded(fs.readFileSync(selfie)),
  }))();
  return photos;
}
