/** Multipart uploads: one image in part `file` (JPEG/PNG by content, re-encoded) and the sealed field. */
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../core/errors';
import type { Ctx } from '../context/deps';
import { sniffImage } from '../uploads/storage';
import { cleanImage } from '../uploads/images';
import { WireRefusal } from './envelope';

export const uploads = fp<{ maxBytes: number }>(
  async (app, opts) => {
    await app.register(multipart, { limits: { fileSize: opts.maxBytes, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 } });
  },
  { name: 'uploads' },
);

/** the request's text fields and its cleaned image; a malformed body is refused as multipart */
export async function readUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; file: Ctx['file'] }> {
  if (!req.isMultipart()) throw new WireRefusal(ErrorCode.malformedRequest, 400, { part: 'multipart' });
  const fields: Record<string, string> = {};
  let file: Ctx['file'];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        if (!buf.length) throw new AppError(ErrorCode.fileMissing);
        if (!sniffImage(buf)) throw new AppError(ErrorCode.fileBadType);
        const img = await cleanImage(buf);
        if ('error' in img) throw new AppError(img.error);
        file = { buffer: img.buffer, mime: img.mime };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    if (e instanceof AppError || code.startsWith('FST_')) throw e;
    throw new WireRefusal(ErrorCode.malformedRequest, 400, { part: 'multipart' });
  }
  return { fields, file };
}
