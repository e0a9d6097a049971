/**
 * The face check for tests that are not about faces: the real check (pool, decoding, size and
 * sharpness rules of face.ts) with a detector that replays what the real model found in the fixture
 * photos as uploaded (fixtures/faces/detections.json), told apart by their pixels; any other picture has no face,
 * as the real model says of the plain and card photos. Each server would otherwise start the model's workers.
 * identity.test.ts proves the recording is the real model's answer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { faceCheck, type Detector, type FaceBox, type FaceCheck } from '../src/identity/face';
import { POLICY } from '../src/settings/policy';

export type Detection = { photo: string; pixels: string; faces: FaceBox[] };
export const DETECTIONS_FILE = new URL('./fixtures/faces/detections.json', import.meta.url);
const recorded: Detection[] = JSON.parse(fs.readFileSync(DETECTIONS_FILE, 'utf8'));

/** what the detector is given, as a key: its size and a digest of its pixels */
export const pixelKey = (pixels: Uint8Array, width: number, height: number) => `${width}x${height}:${crypto.createHash('sha256').update(pixels).digest('hex')}`;

const replay = async (): Promise<Detector> => ({
  detect: async (pixels, width, height) => recorded.find((d) => d.pixels === pixelKey(pixels, width, height))?.faces ?? [],
  terminate: async () => undefined,
});

export const replayedFaceCheck = (): FaceCheck => faceCheck({ ...POLICY.face, workers: os.availableParallelism() }, replay);
