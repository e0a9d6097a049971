/**
 * Photo compression before upload (CNIC, selfie, receipts): long side at most 1600 px, JPEG,
 * turned upright by its EXIF orientation. A phone camera's 3-12 MB photo becomes a few hundred
 * KB, which matters on slow mobile data. Never fails: a photo this browser cannot decode or
 * encode goes as it is (the server checks the type and answers with its message).
 */
export const MAX_LONG_SIDE = 1600;
export const JPEG_QUALITY = 0.82;

/** the drawn size: scaled down so the long side is at most `max`, never scaled up */
export function targetSize(width: number, height: number, max = MAX_LONG_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const s = max / long;
  return { width: Math.round(width * s), height: Math.round(height * s) };
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bmp = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bmp, width: bmp.width, height: bmp.height, close: () => bmp.close() };
    } catch {
      /* older WebViews: fall back to an <img> (which applies the orientation itself) */
    }
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch (e) {
    URL.revokeObjectURL(url);
    throw e;
  }
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

const UPLOADABLE = ['image/jpeg', 'image/png'];

export async function compressImage(file: Blob, max = MAX_LONG_SIDE, quality = JPEG_QUALITY): Promise<Blob> {
  let img: Decoded;
  try {
    img = await decode(file);
  } catch {
    return file;
  }
  try {
    const size = targetSize(img.width, img.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#fff'; // transparent PNG areas become white, not black, in JPEG
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(img.source, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) return file;
    // a JPEG or PNG that needed no resizing and is already smaller stays as it was
    const resized = size.width !== img.width || size.height !== img.height;
    return !resized && UPLOADABLE.includes(file.type) && file.size <= blob.size ? file : blob;
  } catch {
    return file;
  } finally {
    img.close();
  }
}
