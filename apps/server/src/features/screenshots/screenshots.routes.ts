import path from 'node:path';
import {
  FailureSchema,
  SaveScreenshotRequestSchema,
  SaveScreenshotResponseSchema,
  ScreenshotFileParamsSchema,
  screenshotFileUrl,
  ScreenshotLimits,
  ScreenshotText,
} from '@atrium/protocol';
import type { Screenshot } from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { ScreenshotRow } from '../../db/schema.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { AuthClaims } from '../auth/tokens.ts';
import { FileStore } from './file-store.ts';
import { ScreenshotsRepository } from './screenshots.repository.ts';
import { ScreenshotsService } from './screenshots.service.ts';

export interface ScreenshotRoutesOptions {
  database: Database;
  /** Absolute DATA_DIR; files go under `files/screenshots/{userId}/`. */
  dataDir: string;
  limiter: RateLimiter;
  verifyToken: (token: string) => Promise<AuthClaims | undefined>;
}

/**
 * Room for the largest image as base64 (4/3 of the bytes), URL-encoded in a form (`+`, `/` and
 * `=` grow to three characters each), plus the other fields. Larger decoded images get the
 * feature's own 413 text; only bodies past this limit get the generic one.
 */
const SAVE_BODY_LIMIT = Math.ceil(ScreenshotLimits.maxImageBytes * (4 / 3) * 1.25) + 64 * 1024;

const failures = {
  400: FailureSchema,
  401: FailureSchema,
  403: FailureSchema,
  413: FailureSchema,
  429: FailureSchema,
};

const toScreenshot = (row: ScreenshotRow): Screenshot => ({
  _id: row.id,
  user_id: row.userId,
  screenshot_title: row.screenshotTitle,
  place_id: row.placeId,
  description: row.description,
  image: screenshotFileUrl(row.userId, row.image),
  image_thumb: screenshotFileUrl(row.userId, row.imageThumb),
  width: row.width,
  height: row.height,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

/** Album storage: the world's save endpoint and the owner-only file route. */
export const screenshotRoutes: FastifyPluginAsyncZod<ScreenshotRoutesOptions> = async (
  app,
  { database, dataDir, limiter, verifyToken },
) => {
  const service = new ScreenshotsService({
    repo: new ScreenshotsRepository(database.db),
    files: new FileStore(path.join(dataDir, 'files')),
    limiter,
    verifyToken,
  });

  app.post(
    '/apiscreenshot/save-screenshot',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      schema: {
        tags: ['screenshots'],
        summary: 'Save a screenshot from the world into the album (legacy `result` envelope)',
        description:
          'JSON or form. `image` is a PNG as a data URL or bare base64; the access token comes ' +
          'as a bearer header or in the `token` field. Guests have no album.',
        body: SaveScreenshotRequestSchema,
        response: { 200: SaveScreenshotResponseSchema, ...failures },
      },
    },
    async (request) => {
      const claims = await service.authenticate(request.auth, request.body);
      const row = await service.save(claims, request.body);
      return {
        status: true as const,
        result: 'OK' as const,
        message: ScreenshotText.saved,
        data: toScreenshot(row),
      };
    },
  );

  app.get(
    '/api/screenshot/file/:userId/:name',
    {
      schema: {
        tags: ['screenshots'],
        summary: 'A screenshot or thumbnail file, for its owner (bearer)',
        params: ScreenshotFileParamsSchema,
      },
    },
    async (request, reply) => {
      const { userId, name } = request.params;
      const file = await service.openFile(request.auth, userId, name);
      return reply
        .type(file.type)
        .header('content-length', file.size)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(file.stream);
    },
  );
};
