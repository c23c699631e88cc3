import { OkMessageSchema } from '../envelope.ts';
import { defineRoute } from '../http/route.ts';
import {
  PublicShareResponseSchema,
  ShareIdParamsSchema,
  ShareInputSchema,
  ShareListResponseSchema,
  ShareResponseSchema,
  ShareUpdateSchema,
} from '../shares.ts';

const tags = ['shares'] as const;

/** Shares: embeddable worlds. Anyone reads one by id (the embed frame); admins manage them. */
export const SharesApi = {
  /** What the embed frame `/embed/{shareId}` reads about its share. */
  public: defineRoute({
    method: 'GET',
    path: '/api/public/share/:shareId',
    params: ShareIdParamsSchema,
    response: PublicShareResponseSchema,
    tags,
    errors: [404],
    summary: 'The public settings of an embeddable world',
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/shares',
    response: ShareListResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'Every share (admin)',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/shares',
    body: ShareInputSchema,
    response: ShareResponseSchema,
    tags,
    errors: [401, 403, 409],
    summary: 'Create a share: an embeddable world and the sites that may frame it (admin)',
    audit: 'share.create',
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/shares/:shareId',
    params: ShareIdParamsSchema,
    body: ShareUpdateSchema,
    response: ShareResponseSchema,
    tags,
    errors: [401, 403, 404],
    summary: 'Change a share (admin)',
    audit: 'share.update',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/shares/:shareId',
    params: ShareIdParamsSchema,
    response: OkMessageSchema,
    tags,
    errors: [401, 403, 404],
    summary: 'Remove a share (admin)',
    audit: 'share.delete',
  }),
} as const;
