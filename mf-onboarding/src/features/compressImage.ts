/**
 * Browser-side photo compression before upload: long side about 1600 px, JPEG. A phone
 * camera's 4-12 MB photo becomes a few hundred KB, which matters on slow mobile data.
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

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bmp = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bmp, width: bmp.width, height: bmp.height, close: () => bmp.close() };
    } catch {
      /* older WebViews: fall back to an <img> */
    }
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  await img.decode();
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

export async function compressImage(file: Blob, max = MAX_LONG_SIDE, quality = JPEG_QUALITY): Promise<Blob> {
  const img = await decode(file);
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
    // a JPEG that needed no resizing and is already smaller stays as it was
    const resized = size.width !== img.width || size.height !== img.height;
    return !resized && file.type === 'image/jpeg' && file.size <= blob.size ? file : blob;
  } finally {
    img.close();
  }
}
