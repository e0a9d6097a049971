/**
 * The CNIC and selfie step: both sides uploaded through the CURP calls and read (the back gives the
 * address and the mother name), the spec's messages as catalogue codes, and the face check with a real
 * detector on real photos (fixtures/faces), and that the other tests' replay of it (faceReplay.ts) is its answer. Runs on PGlite (the suite's `--db both` runs it there only: run.mjs ONCE), on PostgreSQL when asked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import sharp from 'sharp';
import { serverForFile, register, cardPhoto, BASIC, CNIC_FRONT_LINES, CNIC_BACK_LINES, FACE, JPEG } from './helpers';
import { parseCnic } from '../src/identity/ocr';
import { faceCheck, startDetector, type Detector } from '../src/identity/face';
import { POLICY } from '../src/settings/policy';
import { cleanImage } from '../src/uploads/images';
import { DETECTIONS_FILE, pixelKey, type Detection } from './faceReplay';
import C from '../src/api/contract';

const { ErrorCode: E, errorMessage } = C;
const { call } = serverForFile({ ocrEnabled: true }, { realFace: true });

const TWO = sharp(new URL('./fixtures/faces/face-two.jpg', import.meta.url).pathname);
const photo = (data: Buffer) => ({ data, type: 'image/png', name: 'p.png' });

test('front parsing: number, name, father name, birthday; nothing of the back', () => {
  const r = parseCnic(
    'PAKISTAN National Identity Card\nName\nMuhammad Ali\nFather Name\nAhmed Khan\nIdentity Number\n35201-1234567-1\nDate of Birth\n01.05.1990\nAddress\nLahore\n',
    'front',
  );
  assert.deepEqual(r, { cardNumber: '3520112345671', name: 'Muhammad Ali', fatherName: 'Ahmed Khan', birthday: '1990-05-01' });
});

test('back parsing: address and mother name; the number on the back is not taken as the front', () => {
  const r = parseCnic('Present Address: House 12 Street 4\nModel Town Lahore\nMother Name\nFatima Bibi\n35201-1234567-1\n', 'back');
  assert.deepEqual(r, { address: 'House 12 Street 4', motherName: 'Fatima Bibi' });
  assert.deepEqual(parseCnic('Address\nHouse 1, Gulberg  Lahore\n', 'back'), { address: 'House 1, Gulberg Lahore', motherName: null });
});

test('missing fields are null, a husband name stands for the father name', () => {
  const r = parseCnic('Husband Name: Imran Khan\n35201-1234567-1\n', 'front');
  assert.deepEqual(r, { cardNumber: '3520112345671', name: null, fatherName: 'Imran Khan', birthday: null });
  assert.deepEqual(parseCnic('', 'back'), { address: null, motherName: null });
});

test('both sides through the CURP calls: front then back read, merged, stored; missing fields named by code', async () => {
  const u = await register(call);
  assert.equal((await call('saveBasicInfo', BASIC, { token: u.token })).code, 0);
  // the back read before it is uploaded
  const early = await call('curpOcr', { side: 'back' }, { token: u.token, lang: 'ur' });
  assert.equal(early.code, E.idBackFirst);
  assert.equal(early.msg, errorMessage(E.idBackFirst, 'ur'));

  // a front without the father name
  const noFather = CNIC_FRONT_LINES.filter((l) => !/Father|Ahmed/.test(l));
  assert.equal((await call('uploadCurpFront', {}, { token: u.token, file: photo(await cardPhoto(noFather)) })).code, 0);
  let ocr = await call('curpOcr', { side: 'front' }, { token: u.token });
  assert.equal(ocr.code, 0, JSON.stringify(ocr));
  assert.equal(ocr.data.cardNumber, '*********5671', 'read, answered masked');
  assert.equal(ocr.data.name, 'Ali Khan');
  assert.deepEqual(ocr.data.sides, { front: true, back: false });
  assert.deepEqual(ocr.data.missing, [{ field: 'fatherName', code: E.fatherNameNull }], 'the address is not asked of the front');

  assert.equal((await call('uploadCurpFront', {}, { token: u.token, file: photo(await cardPhoto(CNIC_FRONT_LINES)) })).code, 0);
  ocr = await call('curpOcr', { side: 'front' }, { token: u.token });
  assert.deepEqual(ocr.data.missing, []);
  assert.equal(ocr.data.matchesProfile, true);

  assert.equal((await call('uploadCurpBack', {}, { token: u.token, file: photo(await cardPhoto(CNIC_BACK_LINES)) })).code, 0);
  ocr = await call('curpOcr', { side: 'back' }, { token: u.token });
  assert.equal(ocr.code, 0, JSON.stringify(ocr));
  assert.equal(ocr.data.address, 'House 12 Street 4 Model Town Lahore');
  assert.equal(ocr.data.motherName, 'Fatima Bibi');
  assert.equal(ocr.data.fatherName, 'Ahmed Khan', 'the front reading is kept');
  assert.deepEqual(ocr.data.sides, { front: true, back: true });
  assert.deepEqual(ocr.data.missing, []);

  // a back without the address: named by its code; the profile shows the same reading
  assert.equal((await call('uploadCurpBack', {}, { token: u.token, file: photo(await cardPhoto(['Mother Name', 'Fatima Bibi'])) })).code, 0);
  ocr = await call('curpOcr', { side: 'back' }, { token: u.token });
  assert.deepEqual(ocr.data.missing, [{ field: 'address', code: E.addressNull }]);
  const prof = await call('userProfile', {}, { token: u.token });
  assert.deepEqual(prof.data.ocr, ocr.data);
  assert.deepEqual(prof.data.documents.map((d: { kind: string }) => d.kind).sort(), ['curpBack', 'curpFront']);
});

test('a side with nothing readable asks to retake that side; the other side stays read', async () => {
  const u = await register(call);
  assert.equal((await call('uploadCurpFront', {}, { token: u.token, file: photo(await cardPhoto(CNIC_FRONT_LINES)) })).code, 0);
  assert.equal((await call('curpOcr', { side: 'front' }, { token: u.token })).code, 0);
  assert.equal((await call('uploadCurpBack', {}, { token: u.token, file: { data: JPEG } })).code, 0);
  const back = await call('curpOcr', { side: 'back' }, { token: u.token, lang: 'ur' });
  assert.equal(back.code, E.backUnreadable);
  assert.equal(back.msg, errorMessage(E.backUnreadable, 'ur'));
  const prof = await call('userProfile', {}, { token: u.token });
  assert.equal(prof.data.ocr.name, 'Ali Khan');
  assert.deepEqual(prof.data.ocr.sides, { front: true, back: false });
  assert.equal((await call('uploadCurpFront', {}, { token: u.token, file: { data: JPEG } })).code, 0);
  assert.equal((await call('curpOcr', { side: 'front' }, { token: u.token })).code, E.frontUnreadable);
});

test('photos submitted before the back is uploaded: upload the back side first', async () => {
  const u = await register(call);
  assert.equal((await call('uploadCurpFront', {}, { token: u.token, file: { data: JPEG } })).code, 0);
  const fin = await call('finishUploadAllImg', { agree: true }, { token: u.token });
  assert.equal(fin.code, E.idBackFirst);
  assert.equal(fin.msg, 'Please upload the back side first');
});

test('face check: one face passes; none, two, too small or blurred are refused with the spec message and not kept', async () => {
  const u = await register(call);
  const face = (data: Buffer, lang = 'en') => call('saveFaceImage', {}, { token: u.token, lang, file: { data } });
  const kept = async () => (await call('userProfile', {}, { token: u.token })).data.documents.filter((d: { kind: string }) => d.kind === 'face').length;

  const none = await call('saveFaceImage', {}, { token: u.token });
  assert.equal(none.code, E.faceMissing, 'no face photo given');
  assert.equal(none.msg, 'Please complete face recognition');

  const t = Date.now();
  const ok = await face(FACE);
  const ms = Date.now() - t;
  assert.equal(ok.code, 0, JSON.stringify(ok));
  console.log(`# one face check through the API: ${ms} ms`);
  assert.equal(await kept(), 1);

  const plain = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#d9d2c3' } })
    .jpeg()
    .toBuffer();
  const card = await cardPhoto(CNIC_FRONT_LINES);
  for (const none of [plain, card]) {
    const r = await face(none);
    assert.equal(r.code, E.faceMissing, JSON.stringify(r));
    assert.equal(r.msg, 'Please complete face recognition');
    assert.equal(r.data.problem, 'noFace');
  }

  const one = await sharp(FACE).metadata();
  const two = await TWO.metadata();
  const pair = await sharp({ create: { width: one.width! + two.width!, height: Math.max(one.height!, two.height!), channels: 3, background: '#fff' } })
    .composite([
      { input: FACE, left: 0, top: 0 },
      { input: await TWO.toBuffer(), left: one.width!, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  const several = await face(pair, 'ur');
  assert.equal(several.code, E.faceFailed, JSON.stringify(several));
  assert.equal(several.msg, errorMessage(E.faceFailed, 'ur'));
  assert.deepEqual(several.data, { problem: 'severalFaces', faces: 2 });

  const far = await sharp({ create: { width: 1800, height: 2340, channels: 3, background: '#cfd8dc' } })
    .composite([{ input: FACE, left: 660, top: 540 }])
    .jpeg()
    .toBuffer();
  assert.deepEqual((await face(far)).data, { problem: 'tooSmall', faces: 1 });

  const blurred = await face(await sharp(FACE).blur(4).jpeg().toBuffer());
  assert.equal(blurred.code, E.faceFailed);
  assert.deepEqual(blurred.data, { problem: 'blurry', faces: 1 });

  assert.equal(await kept(), 1, 'no refused photo replaced the good one');
});

test("the faces the other tests replay (faceReplay.ts) are the real model's answers for the same pixels", async () => {
  const recorded: Detection[] = JSON.parse(fs.readFileSync(DETECTIONS_FILE, 'utf8'));
  for (const r of recorded) {
    let key = '';
    const recording = async (): Promise<Detector> => {
      const d = await startDetector(POLICY.face);
      return { detect: (px, w, h) => ((key = pixelKey(px, w, h)), d.detect(px, w, h)), terminate: () => d.terminate() };
    };
    // the model's answer is checked here, not its speed: a loaded machine took over 30 s (the policy's time-out) to load and run it
    const check = faceCheck({ ...POLICY.face, workers: 1, timeoutMs: 180_000, maxWaitMs: 180_000 }, recording);
    const uploaded = await cleanImage(fs.readFileSync(new URL(`./fixtures/faces/${r.photo}`, import.meta.url)));
    assert.ok('buffer' in uploaded);
    const v = await check.check(uploaded.buffer, 'replay'); // what the face check gets of an upload
    await check.close();
    assert.equal(key, r.pixels, `${r.photo}: the pixels the detector is given`);
    assert.ok(v.ok, JSON.stringify(v));
    assert.equal(r.faces.length, 1);
    for (const k of ['x', 'y', 'width', 'height', 'score'] as const) assert.ok(Math.abs(v.box[k] - r.faces[0][k]) < 0.01, `${r.photo} ${k}: ${v.box[k]}`);
  }
});
