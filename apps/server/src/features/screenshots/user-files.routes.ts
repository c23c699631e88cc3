import path from 'node:path';
import { routeUrl, ScreenshotText, UserFilesApi } from '@atrium/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { serveRoute } from '../../http/route.ts';
import { FileStore, sendPicture } from '../../lib/file-store.ts';
import { IMAGE_BODY_LIMIT, imageUploadErrors } from './screenshot-image.ts';
import { ScreenshotsRepository } from './screenshots.repository.ts';
import { requireAlbumUser } from './screenshots.service.ts';
import { UserFilesService } from './user-files.service.ts';

export interface UserFileRoutesOptions {
  database: Database;
  /** Absolute DATA_DIR; files go under `files/userfiles/{userId}/`. */
  dataDir: string;
  limiter: RateLimiter;
}

/** The editor's picture upload (SPEC §7) and the owner-only route that serves the pictures. */
export const userFileRoutes: FastifyPluginAsync<UserFileRoutesOptions> = async (
  app,
  { database, dataDir, limiter },
) => {
  app.setErrorHandler(imageUploadErrors);
  const service = new UserFilesService({
    repo: new ScreenshotsRepository(database.db),
    files: new FileStore(path.join(dataDir, 'files')),
    limiter,
  });
  /** Runs before body validation, so a missing token is 401 whatever the body holds. */
  const albumUser = async (request: FastifyRequest) => {
    requireAlbumUser(request.auth);
  };

  serveRoute(
    app,
    UserFilesApi.uploadPng,
    async (request) => {
      const claims = requireAlbumUser(request.auth);
      const name = await service.uploadPng(claims, request.body);
      return {
        status: true as const,
        result: 'OK' as const,
        message: ScreenshotText.uploaded,
        data: { fileUrl: routeUrl(UserFilesApi.file, { params: { userId: claims.sub, name } }) },
      };
    },
    { bodyLimit: IMAGE_BODY_LIMIT, preValidation: albumUser },
  );

  serveRoute(app, UserFilesApi.file, async (request, reply) => {
    const { userId, name } = request.params;
    const file = await service.open(request.auth, userId, name);
    return sendPicture(reply, file, 'private');
  });
};
