import path from 'node:path';
import { routeUrl, ScreenshotsApi, ScreenshotText } from '@atrium/protocol';
import type { ListScreenshotsResponse, Screenshot } from '@atrium/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { ScreenshotRow } from '../../db/schema.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { AppError } from '../../http/errors.ts';
import { serveRoute } from '../../http/route.ts';
import { FileStore, sendPicture } from '../../lib/file-store.ts';
import { IMAGE_BODY_LIMIT, imageUploadErrors } from './screenshot-image.ts';
import { notFoundPage, ROBOTS_NOINDEX, sharePage, sharePageUrl } from './share-page.ts';
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

/** SPEC §3: a bare file name is served from the owner's files; a path starting with `/` is kept. */
const fileUrl = (userId: string, name: string) =>
  name.startsWith('/') ? name : routeUrl(ScreenshotsApi.file, { params: { userId, name } });

const toScreenshot = (row: ScreenshotRow): Screenshot => ({
  _id: row.id,
  user_id: row.userId,
  screenshot_title: row.screenshotTitle,
  place_id: row.placeId,
  description: row.description,
  image: fileUrl(row.userId, row.image),
  image_thumb: fileUrl(row.userId, row.imageThumb),
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
export const screenshotRoutes: FastifyPluginAsync<ScreenshotRoutesOptions> = async (
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

  serveRoute(
    app,
    ScreenshotsApi.save,
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
    { bodyLimit: IMAGE_BODY_LIMIT },
  );

  serveRoute(app, ScreenshotsApi.file, async (request, reply) => {
    const { userId, name } = request.params;
    const file = await service.openFile(request.auth, userId, name);
    return sendPicture(reply, file, 'private');
  });

  serveRoute(
    app,
    ScreenshotsApi.list,
    async (request, reply) => {
      // Already JSON in the response schema's shape (see listAnswerByUser): sent as it is.
      const answer = await service.listAnswer(caller(request), request.body ?? {});
      // Fastify sends a string with a JSON content type without serialising it again.
      const body = answer as unknown as ListScreenshotsResponse;
      return reply.type('application/json; charset=utf-8').send(body);
    },
    { preValidation: albumUser },
  );

  serveRoute(
    app,
    ScreenshotsApi.news,
    async (request) => ({
      status: true as const,
      data: { has_new: await service.hasNews(caller(request)) },
    }),
    { preValidation: albumUser },
  );

  serveRoute(
    app,
    ScreenshotsApi.seen,
    async (request) => {
      await service.markSeen(caller(request));
      return { status: true as const, message: ScreenshotText.albumSeen };
    },
    { preValidation: albumUser },
  );

  serveRoute(
    app,
    ScreenshotsApi.get,
    async (request) => {
      const row = await service.get(caller(request), request.body.screenshot_id);
      return { status: true as const, data: toScreenshot(row) };
    },
    { preValidation: albumUser },
  );

  serveRoute(
    app,
    ScreenshotsApi.update,
    async (request) => {
      const row = await service.update(caller(request), request.body);
      return { status: true as const, message: ScreenshotText.updated, data: toScreenshot(row) };
    },
    { bodyLimit: IMAGE_BODY_LIMIT, preValidation: albumUser },
  );

  serveRoute(
    app,
    ScreenshotsApi.remove,
    async (request) => {
      await service.remove(caller(request), request.body.screenshot_id);
      return { status: true as const, message: ScreenshotText.deleted };
    },
    { preValidation: albumUser },
  );

  serveRoute(
    app,
    ScreenshotsApi.share,
    async (request) => {
      const token = await service.share(caller(request), request.body.screenshot_id);
      return {
        status: true as const,
        message: ScreenshotText.shared,
        data: { token, url: sharePageUrl(publicUrl, token) },
      };
    },
    { preValidation: albumUser },
  );

  serveRoute(
    app,
    ScreenshotsApi.shareLink,
    async (request) => {
      const token = await service.shareLink(caller(request), request.query.screenshot_id);
      return {
        status: true as const,
        data: token ? { token, url: sharePageUrl(publicUrl, token) } : null,
      };
    },
    { preValidation: albumUser },
  );

  serveRoute(
    app,
    ScreenshotsApi.unshare,
    async (request) => {
      await service.unshare(caller(request), request.body.screenshot_id);
      return { status: true as const, message: ScreenshotText.unshared };
    },
    { preValidation: albumUser },
  );

  serveRoute(app, ScreenshotsApi.publicPhoto, async (request, reply) => {
    reply.header('x-robots-tag', ROBOTS_NOINDEX);
    const file = await service.openShared(request.params.token);
    return sendPicture(reply, file, 'no-cache');
  });

  serveRoute(app, ScreenshotsApi.sharePage, async (request, reply) => {
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
  });
};
