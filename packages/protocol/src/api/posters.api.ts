import { z } from 'zod';
import { okEnvelope, OkMessageSchema } from '../envelope.ts';
import { defineRoute, routeUrl } from '../http/route.ts';
import {
  PosterDetailResponseSchema,
  PosterImageParamsSchema,
  PosterImageSchema,
  PosterIdParamsSchema,
  PosterInputSchema,
  PosterListQuerySchema,
  PosterSchema,
  PosterUpdateSchema,
} from '../posters.ts';

const tags = ['posters'] as const;

/** Posters: SPEC §7's detail endpoint and description page, plus admin management. */
export const PostersApi = {
  detail: defineRoute({
    method: 'GET',
    path: '/apiposterdetail/poster/:id',
    params: PosterIdParamsSchema,
    response: PosterDetailResponseSchema,
    tags,
    errors: [404],
    summary: 'Poster detail for the poster popup (legacy `result` envelope)',
  }),
  /** An HTML fragment; `file` is `{id}.html`. */
  description: defineRoute({
    method: 'GET',
    path: '/assets/poster-description/:file',
    params: z.strictObject({ file: z.string().regex(/^\d{1,10}\.html$/) }),
    tags,
    errors: [404],
    summary: 'A poster description as an HTML fragment',
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/posters',
    query: PosterListQuerySchema,
    response: okEnvelope(z.array(PosterSchema)),
    tags,
    errors: [],
    summary: 'Posters of a world',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/posters',
    body: PosterInputSchema,
    response: okEnvelope(PosterSchema),
    tags,
    errors: [401, 403],
    summary: 'Hang a poster (admin)',
    audit: 'poster.create',
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/posters/:id',
    params: PosterIdParamsSchema,
    body: PosterUpdateSchema,
    response: okEnvelope(PosterSchema),
    tags,
    errors: [401, 403, 404],
    summary: 'Change a poster (admin)',
    audit: 'poster.update',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/posters/:id',
    params: PosterIdParamsSchema,
    response: OkMessageSchema,
    tags,
    errors: [401, 403, 404],
    summary: 'Take a poster down (admin)',
    audit: 'poster.delete',
  }),
  uploadImage: defineRoute({
    method: 'POST',
    path: '/api/posters/images',
    body: z.object({ image: z.unknown() }),
    encoding: 'multipart',
    response: okEnvelope(PosterImageSchema),
    tags,
    errors: [400, 401, 403, 413],
    summary: 'Upload a poster image (admin)',
    description:
      'Multipart, the file in `image`: at most 10,000,000 bytes, a PNG, JPEG, WebP or GIF as ' +
      'sniffed from its bytes. The server turns it upright, shrinks it to fit 2048 × 2048, drops ' +
      "its metadata (a camera's location) and stores it as WebP; the answer's `image` is the path " +
      'to give the poster.',
    audit: 'poster.image',
  }),
  image: defineRoute({
    method: 'GET',
    path: '/api/posters/images/:name',
    params: PosterImageParamsSchema,
    tags,
    errors: [404],
    summary: 'An uploaded poster image (public, cached for good: every upload has a new name)',
  }),
} as const;

/** Where the server serves an uploaded poster image; also the `image` a poster keeps. */
export const posterImagePath = (name: string) => routeUrl(PostersApi.image, { params: { name } });
