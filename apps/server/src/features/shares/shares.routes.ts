import {
  FailureSchema,
  OkMessageSchema,
  PublicShareResponseSchema,
  ShareAdminText,
  ShareIdParamsSchema,
  ShareInputSchema,
  ShareListResponseSchema,
  ShareResponseSchema,
  ShareText,
  ShareUpdateSchema,
  WORLD_LAYOUTS,
  WorldLocationSchema,
  type PublicShare,
} from '@atrium/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ShareRow } from '../../db/schema.ts';
import { requireAccount } from '../../http/auth-guard.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { SharesRepository, ShareValues } from './shares.repository.ts';

const failures = {
  400: FailureSchema,
  401: FailureSchema,
  403: FailureSchema,
  404: FailureSchema,
  409: FailureSchema,
};

/** Admins only: shares decide which sites may frame the world. Enforced here, not in the UI. */
function requireAdmin(request: FastifyRequest): void {
  if (requireAccount(request).role !== 'admin') throw forbidden(ShareAdminText.onlyAdmins);
}

const toValues = (input: Partial<z.output<typeof ShareInputSchema>>): Partial<ShareValues> => {
  if (input.world !== undefined && !(input.world in WORLD_LAYOUTS)) {
    throw badRequest(ShareAdminText.unknownWorld);
  }
  return {
    ...(input.world !== undefined && { world: input.world }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.allowed_origins !== undefined && {
      allowedOrigins: [...new Set(input.allowed_origins)],
    }),
    ...(input.default_quality !== undefined && { defaultQuality: input.default_quality }),
    ...(input.default_location !== undefined && { defaultLocation: input.default_location }),
  };
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
      requireAdmin(request);
      return { status: true as const, data: (await repo.list()).map(toPublicShare) };
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
      requireAdmin(request);
      const values = { id: request.body.id, ...toValues(request.body) } as ShareValues;
      const row = await repo.insert(values);
      if (!row) throw conflict(ShareAdminText.exists);
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
      requireAdmin(request);
      const row = await repo.update(request.params.shareId, toValues(request.body));
      if (!row) throw notFound(ShareText.notFound);
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
      requireAdmin(request);
      if (!(await repo.delete(request.params.shareId))) throw notFound(ShareText.notFound);
      return { status: true as const, message: ShareAdminText.removed };
    },
  );
};
