import path from 'node:path';
import {
  FailureSchema,
  ScreenshotText,
  UploadPngRequestSchema,
  UploadPngResponseSchema,
  userFileUrl,
  UserFileParamsSchema,
} from '@atrium/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { FileStore, sendPicture } from './file-store.ts';
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

const failures = {
  400: FailureSchema,
  401: FailureSchema,
  403: FailureSchema,
  413: FailureSchema,
  429: FailureSchema,
};

/** The editor's picture upload (SPEC §7) and the owner-only route that serves the pictures. */
export const userFileRoutes: FastifyPluginAsyncZod<UserFileRoutesOptions> = async (
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

  app.post(
    '/apiuserfiles/upload-png',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: "Upload the editor's flattened picture (bearer; legacy `result` envelope)",
        description:
          'JSON or form. `userId` must be the signed-in user; `png_data` is a PNG as bare base64 ' +
          'or a data URL. The picture is re-encoded as PNG, fitted into 1920×1080, and served ' +
          'to its owner only at `data.fileUrl`. Guests have no album.',
        body: UploadPngRequestSchema,
        response: { 200: UploadPngResponseSchema, ...failures },
      },
    },
    async (request) => {
      const claims = requireAlbumUser(request.auth);
      const name = await service.uploadPng(claims, request.body);
      return {
        status: true as const,
        result: 'OK' as const,
        message: ScreenshotText.uploaded,
        data: { fileUrl: userFileUrl(claims.sub, name) },
      };
    },
  );

  app.get(
    '/api/userfiles/file/:userId/:name',
    {
      schema: {
        tags: ['screenshots'],
        summary: 'An uploaded picture, for its owner (bearer)',
        params: UserFileParamsSchema,
      },
    },
    async (request, reply) => {
      const { userId, name } = request.params;
      const file = await service.open(request.auth, userId, name);
      return sendPicture(reply, file, 'private');
    },
  );
};
