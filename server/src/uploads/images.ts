/**
 * Every uploaded photo is decoded before it is kept: only a real JPEG or PNG within the pixel bound
 * is accepted, and what is stored is a fresh encoding of its pixels (turned upright, at most
 * `POLICY.uploads.storedMaxSide` on its longer side, no metadata). A file that only starts like an
 * image (a polyglot), a decompression bomb or a 30000 x 30000 picture never reaches storage or OCR.
 */
import sharp, { type Metadata } from 'sharp';
import { POLICY } from '../settings/policy';
import { ErrorCode } from '../core/errors';

export type CleanImage = { buffer: Buffer; mime: 'image/jpeg' | 'image/png'; width: number; height: number };

export async function cleanImage(buf: Buffer): Promise<CleanImage | { error: number }> {
  const { maxPixels, storedMaxSide } = POLICY.uploads;
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    return { error: ErrorCode.fileBadType };
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') return { error: ErrorCode.fileBadType };
  if (!meta.width || !meta.height) return { error: ErrorCode.fileBadType };
  if (meta.width * meta.height > maxPixels) return { error: ErrorCode.fileTooLarge };
  try {
    const img = sharp(buf, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: storedMaxSide, height: storedMaxSide, fit: 'inside', withoutEnlargement: true });
    const out = meta.format === 'png' ? img.png() : img.jpeg({ quality: 88, mozjpeg: false });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { buffer: data, mime: meta.format === 'png' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch {
    return { error: ErrorCode.fileBadType };
  }
}
