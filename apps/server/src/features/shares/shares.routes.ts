import {
  FailureSchema,
  PublicShareResponseSchema,
  ShareIdParamsSchema,
  ShareText,
  WorldLocationSchema,
  type PublicShare,
} from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ShareRow } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { SharesRepository } from './shares.repository.ts';

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

/** What the embed frame `/embed/{shareId}` reads about its share. */
export const shareRoutes: FastifyPluginAsyncZod<{ repo: SharesRepository }> = async (
  app,
  { repo },
) => {
  app.get(
    '/public/share/:shareId',
    {
      schema: {
        tags: ['shares'],
        summary: 'The public settings of an embeddable world',
        params: ShareIdParamsSchema,
        response: { 200: PublicShareResponseSchema, 400: FailureSchema, 404: FailureSchema },
      },
    },
    async (request) => {
      const row = await repo.find(request.params.shareId);
      if (!row) throw notFound(ShareText.notFound);
      return { status: true as const, data: toPublicShare(row) };
    },
  );
};
