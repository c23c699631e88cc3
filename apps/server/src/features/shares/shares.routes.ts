import {
  FailureSchema,
  OkMessageSchema,
  PublicShareResponseSchema,
  ShareAdminText,
  ShareIdParamsSchema,
  ShareInputSchema,
  ShareListResponseSchema,
  ShareResponseSchema,
  ShareUpdateSchema,
  WorldLocationSchema,
  type PublicShare,
} from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ShareRow } from '../../db/schema.ts';
import type { SharesRepository } from './shares.repository.ts';
import { SharesService } from './shares.service.ts';

const failures = {
  400: FailureSchema,
  401: FailureSchema,
  403: FailureSchema,
  404: FailureSchema,
  409: FailureSchema,
};

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
  const shares = new SharesService(repo);
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
      const row = await shares.find(request.params.shareId);
      return { status: true as const, data: toPublicShare(row) };
    },
  );

  app.get(
    '/shares',
    {
      schema: {
        tags: ['shares'],
        summary: 'Every share (admin)',
        response: { 200: ShareListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const rows = await shares.list(request.auth);
      return { status: true as const, data: rows.map(toPublicShare) };
    },
  );

  app.post(
    '/shares',
    {
      schema: {
        tags: ['shares'],
        summary: 'Create a share: an embeddable world and the sites that may frame it (admin)',
        body: ShareInputSchema,
        response: { 200: ShareResponseSchema, ...failures },
      },
    },
    async (request) => {
      const row = await shares.create(request.auth, request.body);
      return { status: true as const, data: toPublicShare(row) };
    },
  );

  app.patch(
    '/shares/:shareId',
    {
      schema: {
        tags: ['shares'],
        summary: 'Change a share (admin)',
        params: ShareIdParamsSchema,
        body: ShareUpdateSchema,
        response: { 200: ShareResponseSchema, ...failures },
      },
    },
    async (request) => {
      const row = await shares.update(request.auth, request.params.shareId, request.body);
      return { status: true as const, data: toPublicShare(row) };
    },
  );

  app.delete(
    '/shares/:shareId',
    {
      schema: {
        tags: ['shares'],
        summary: 'Remove a share (admin)',
        params: ShareIdParamsSchema,
        response: { 200: OkMessageSchema, ...failures },
      },
    },
    async (request) => {
      await shares.remove(request.auth, request.params.shareId);
      return { status: true as const, message: ShareAdminText.removed };
    },
  );
};
