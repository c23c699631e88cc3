import fastifyMultipart from '@fastify/multipart';
import { UploadField, UploadLimits, UploadsApi, UploadText } from '@atrium/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.ts';
import { serveRoute } from '../../http/route.ts';
import { tempTooLarge, zipTooLarge } from './uploads.service.ts';
import type { UploadsService } from './uploads.service.ts';

/**
 * Reads the one file of a multipart body from `field` into memory, stopping at `maxBytes`: busboy
 * stops handing over bytes at the limit (the rest of the body is read and thrown away), so a huge
 * upload never sits in memory. Too large throws `tooLarge()`.
 */
async function readFile(
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

/** SPEC §7 `POST /apipublicfiles/upload-temp` and `POST upload.php`. */
export const uploadRoutes: FastifyPluginAsync<{ service: UploadsService }> = async (
  app,
  { service },
) => {
  // Registered in this plugin only: no other route accepts multipart bodies.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  serveRoute(app, UploadsApi.temp, async (request) => {
    await service.admit(request.auth);
    const bytes = await readFile(
      request,
      UploadField.temp,
      UploadLimits.tempMaxBytes,
      tempTooLarge,
    );
    return {
      status: true as const,
      result: 'OK' as const,
      message: await service.storeTemp(bytes),
    };
  });

  serveRoute(app, UploadsApi.zip, async (request) => {
    await service.admit(request.auth);
    const bytes = await readFile(request, UploadField.zip, UploadLimits.zipMaxBytes, zipTooLarge);
    return { status: true as const, path: await service.storeZip(bytes) };
  });
};
