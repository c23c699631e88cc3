import { ShareAdminText, SharesApi, WorldLocationSchema, type PublicShare } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ShareRow } from '../../db/schema.ts';
import { serveRoute } from '../../http/route.ts';
import type { SharesService } from './shares.service.ts';

export const toPublicShare = (row: ShareRow): PublicShare => {
  const location = WorldLocationSchema.safeParse(row.defaultLocation);
  return {
    id: row.id,
    world: row.world,
    title: row.title,
    allowed_origins: row.allowedOrigins,
    default_quality: row.defaultQuality,
    default_location: location.success ? location.data : null,
  };
};

/** Shares: what the embed frame `/embed/{shareId}` reads about its share, and their management. */
export const shareRoutes: FastifyPluginAsync<{ shares: SharesService }> = async (
  app,
  { shares },
) => {
  serveRoute(app, SharesApi.public, async (request) => {
    const row = await shares.find(request.params.shareId);
    return { status: true as const, data: toPublicShare(row) };
  });

  serveRoute(app, SharesApi.list, async (request) => {
    const rows = await shares.list(request.auth);
    return { status: true as const, data: rows.map(toPublicShare) };
  });

  serveRoute(app, SharesApi.create, async (request) => {
    const row = await shares.create(request.auth, request.body);
    return { status: true as const, data: toPublicShare(row) };
  });

  serveRoute(app, SharesApi.update, async (request) => {
    const row = await shares.update(request.auth, request.params.shareId, request.body);
    return { status: true as const, data: toPublicShare(row) };
  });

  serveRoute(app, SharesApi.remove, async (request) => {
    await shares.remove(request.auth, request.params.shareId);
    return { status: true as const, message: ShareAdminText.removed };
  });
};
