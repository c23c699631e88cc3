import fastifyMultipart from '@fastify/multipart';
import { UploadField, UploadLimits, UploadsApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { readMultipartFile } from '../../http/multipart.ts';
import { serveRoute } from '../../http/route.ts';
import { tempTooLarge, zipTooLarge } from './uploads.service.ts';
import type { UploadsService } from './uploads.service.ts';

/** SPEC §7 `POST /apipublicfiles/upload-temp` and `POST upload.php`. */
export const uploadRoutes: FastifyPluginAsync<{ service: UploadsService }> = async (
  app,
  { service },
) => {
  // Registered in this plugin only: no other route accepts multipart bodies.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  serveRoute(app, UploadsApi.temp, async (request) => {
    await service.admit(request.auth);
    const bytes = await readMultipartFile(
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
    const bytes = await readMultipartFile(
      request,
      UploadField.zip,
      UploadLimits.zipMaxBytes,
      zipTooLarge,
    );
    return { status: true as const, path: await service.storeZip(bytes) };
  });
};
