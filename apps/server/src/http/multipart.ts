import { UploadText } from '@atrium/protocol';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/**
 * Reads the one file of a multipart body from `field` into memory, stopping at `maxBytes`: busboy
 * stops handing over bytes at the limit (the rest of the body is read and thrown away), so a huge
 * upload never sits in memory. Too large throws `tooLarge()`. The route's plugin registers
 * `@fastify/multipart`; no other route accepts multipart bodies.
 */
export async function readMultipartFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(UploadText.notMultipart);
  try {
    const part = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
      throwFileSizeLimit: true,
    });
    if (!part || part.fieldname !== field) {
      part?.file.resume();
      throw badRequest(UploadText.fileRequired);
    }
    return await part.toBuffer();
  } catch (err: unknown) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // busboy's parse errors (no boundary, a body cut short, too many parts) are the client's.
    throw badRequest(UploadText.badMultipart);
  }
}
