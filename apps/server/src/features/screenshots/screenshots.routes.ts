import path from 'node:path';
import {
  AlbumNewsResponseSchema,
  FailureSchema,
  ListScreenshotsRequestSchema,
  ListScreenshotsResponseSchema,
  PUBLIC_PHOTO_PATH,
  SaveScreenshotRequestSchema,
  SaveScreenshotResponseSchema,
  ScreenshotFileParamsSchema,
  screenshotFileUrl,
  ScreenshotIdRequestSchema,
  ScreenshotMessageResponseSchema,
  ScreenshotResponseSchema,
  ScreenshotText,
  SHARE_PAGE_PATH,
  sharePageUrl,
  ShareLinkResponseSchema,
  ShareScreenshotResponseSchema,
  ShareTokenParamsSchema,
  UpdateScreenshotRequestSchema,
} from '@atrium/protocol';
import type { ListScreenshotsResponse, Screenshot } from '@atrium/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { ScreenshotRow } from '../../db/schema.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { AppError } from '../../http/errors.ts';
import { FileStore, sendPicture } from './file-store.ts';
import { IMAGE_BODY_LIMIT, imageUploadErrors } from './screenshot-image.ts';
import { notFoundPage, ROBOTS_NOINDEX, sharePage } from './share-page.ts';
import { ScreenshotsRepository } from './screenshots.repository.ts';
import { ScreenshotsService } from './screenshots.service.ts';

export interface ScreenshotRoutesOptions {
  database: Database;
  /** Absolute DATA_DIR; files go under `files/screenshots/{userId}/`. */
  dataDir: string;
  limiter: RateLimiter;
  verifyToken: (token: string) => Promise<AuthClaims | undefined>;
  /** PUBLIC_URL without a trailing slash, for share links and their preview tags. */
  publicUrl: string;
}

const failures = {
  400: FailureSchema,
  401: FailureSchema,
  403: FailureSchema,
  404: FailureSchema,
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

/**
 * Album storage: the world's save endpoint, the owner's album calls (SPEC §7), the owner-only
 * file route, and share links with their public photo and page.
 */
export const screenshotRoutes: FastifyPluginAsyncZod<ScreenshotRoutesOptions> = async (
  app,
  { database, dataDir, limiter, verifyToken, publicUrl },
) => {
  app.setErrorHandler(imageUploadErrors);
  const service = new ScreenshotsService({
    repo: new ScreenshotsRepository(database.db),
    files: new FileStore(path.join(dataDir, 'files')),
    limiter,
    verifyToken,
  });
  /** Runs before body validation, so a missing token is 401 whatever the body holds. */
  const albumUser = async (request: FastifyRequest) => {
    service.requireAlbumUser(request.auth);
  };
  const caller = (request: FastifyRequest) => service.requireAlbumUser(request.auth);

  app.post(
    '/apiscreenshot/save-screenshot',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
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
      return sendPicture(reply, file, 'private');
    },
  );

  app.post(
    '/api/screenshot/list',
    {
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: "The caller's screenshots, newest first (bearer; optional limit and offset)",
        body: ListScreenshotsRequestSchema,
        response: { 200: ListScreenshotsResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      // Already JSON in the response schema's shape (see listAnswerByUser): sent as it is.
      const answer = await service.listAnswer(caller(request), request.body ?? {});
      // Fastify sends a string with a JSON content type without serialising it again.
      const body = answer as unknown as ListScreenshotsResponse;
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/api/screenshot/news',
    {
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: 'Whether the album holds photos newer than the last look (the My Album dot)',
        response: { 200: AlbumNewsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: { has_new: await service.hasNews(caller(request)) },
    }),
  );

  app.post(
    '/api/screenshot/seen',
    {
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: 'The caller opened the album: the My Album dot goes out',
        response: { 200: ScreenshotMessageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await service.markSeen(caller(request));
      return { status: true as const, message: ScreenshotText.albumSeen };
    },
  );

  app.post(
    '/api/screenshot/get',
    {
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: "One of the caller's screenshots; any other id is not found",
        body: ScreenshotIdRequestSchema,
        response: { 200: ScreenshotResponseSchema, ...failures },
      },
    },
    async (request) => {
      const row = await service.get(caller(request), request.body.screenshot_id);
      return { status: true as const, data: toScreenshot(row) };
    },
  );

  app.post(
    '/api/screenshot/update',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: "Change a screenshot's title and, with `image` (bare base64), its picture",
        body: UpdateScreenshotRequestSchema,
        response: { 200: ScreenshotResponseSchema, ...failures },
      },
    },
    async (request) => {
      const row = await service.update(caller(request), request.body);
      return { status: true as const, message: ScreenshotText.updated, data: toScreenshot(row) };
    },
  );

  app.post(
    '/api/screenshot/delete',
    {
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: 'Delete a screenshot, its files and its share links',
        body: ScreenshotIdRequestSchema,
        response: { 200: ScreenshotMessageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await service.remove(caller(request), request.body.screenshot_id);
      return { status: true as const, message: ScreenshotText.deleted };
    },
  );

  app.post(
    '/api/screenshot/share',
    {
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: 'A public link to a screenshot (the live one, if there is one)',
        body: ScreenshotIdRequestSchema,
        response: { 200: ShareScreenshotResponseSchema, ...failures },
      },
    },
    async (request) => {
      const token = await service.share(caller(request), request.body.screenshot_id);
      return {
        status: true as const,
        message: ScreenshotText.shared,
        data: { token, url: sharePageUrl(publicUrl, token) },
      };
    },
  );

  app.get(
    '/api/screenshot/share-link',
    {
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: "A screenshot's live public link, or null; never makes one",
        querystring: ScreenshotIdRequestSchema,
        response: { 200: ShareLinkResponseSchema, ...failures },
      },
    },
    async (request) => {
      const token = await service.shareLink(caller(request), request.query.screenshot_id);
      return {
        status: true as const,
        data: token ? { token, url: sharePageUrl(publicUrl, token) } : null,
      };
    },
  );

  app.post(
    '/api/screenshot/unshare',
    {
      preValidation: albumUser,
      schema: {
        tags: ['screenshots'],
        summary: "Revoke a screenshot's share link",
        body: ScreenshotIdRequestSchema,
        response: { 200: ScreenshotMessageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await service.unshare(caller(request), request.body.screenshot_id);
      return { status: true as const, message: ScreenshotText.unshared };
    },
  );

  app.get(
    `${PUBLIC_PHOTO_PATH}/:token`,
    {
      schema: {
        tags: ['screenshots'],
        summary: 'The picture of a live share link, for anyone',
        params: ShareTokenParamsSchema,
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', ROBOTS_NOINDEX);
      const file = await service.openShared(request.params.token);
      return sendPicture(reply, file, 'no-cache');
    },
  );

  app.get(
    `${SHARE_PAGE_PATH}/:token`,
    {
      schema: {
        tags: ['screenshots'],
        summary: 'The share page of a link, with OpenGraph and Twitter card tags',
        params: ShareTokenParamsSchema,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', ROBOTS_NOINDEX);
      try {
        const row = await service.findShared(token);
        return await reply.send(sharePage(publicUrl, token, row));
      } catch (err: unknown) {
        if (err instanceof AppError && err.statusCode === 404) {
          return reply.code(404).send(notFoundPage());
        }
        throw err;
      }
    },
  );
};
