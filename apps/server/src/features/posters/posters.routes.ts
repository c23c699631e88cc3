import {
  FailureSchema,
  hasNftOffer,
  OkMessageSchema,
  PosterDetailResponseSchema,
  PosterIdParamsSchema,
  PosterInputSchema,
  PosterListQuerySchema,
  PosterSchema,
  PosterUpdateSchema,
} from '@atrium/protocol';
import type { Poster } from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { PosterRow } from '../../db/schema.ts';
import { POSTER_BODY_LIMIT } from '../../http/errors.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { PostersRepository } from './posters.repository.ts';
import { PostersService } from './posters.service.ts';

const failures = { 400: FailureSchema, 401: FailureSchema, 403: FailureSchema, 404: FailureSchema };

const toPoster = (row: PosterRow): Poster => ({
  id: row.id,
  world: row.world,
  title: row.title,
  image: row.image,
  description: row.description,
  print_url: row.printUrl,
  nft_token_id: row.nftTokenId,
  nft_price: row.nftPrice,
  slot: row.slot,
});

/** Posters: the spec's detail endpoint and description page, plus admin management. */
export const posterRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  const posters = new PostersService(new PostersRepository(database.db));
  const load = (id: number) => posters.find(id);

  app.get(
    '/apiposterdetail/poster/:id',
    {
      schema: {
        tags: ['posters'],
        summary: 'Poster detail for the poster popup (legacy `result` envelope)',
        params: PosterIdParamsSchema,
        response: { 200: PosterDetailResponseSchema, ...failures },
      },
    },
    async (request) => {
      const row = await load(request.params.id);
      return {
        result: true as const,
        data: {
          id: row.id,
          title: row.title,
          description: row.description,
          url: row.printUrl,
          image: row.image,
          token_id: row.nftTokenId,
          token_price: row.nftPrice,
          nft: hasNftOffer(row.nftTokenId, row.nftPrice),
        },
      };
    },
  );

  app.get(
    '/assets/poster-description/:file',
    {
      schema: {
        tags: ['posters'],
        summary: 'A poster description as an HTML fragment',
        params: z.strictObject({ file: z.string().regex(/^\d{1,10}\.html$/) }),
      },
    },
    async (request, reply) => {
      const row = await load(Number(request.params.file.slice(0, -'.html'.length)));
      const paragraphs = row.description
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .send(`<h2>${escapeHtml(row.title)}</h2>\n${paragraphs}\n`);
    },
  );

  app.get(
    '/api/posters',
    {
      schema: {
        tags: ['posters'],
        summary: 'Posters of a world',
        querystring: PosterListQuerySchema,
        response: {
          200: z.object({ status: z.literal(true), data: z.array(PosterSchema) }),
          ...failures,
        },
      },
    },
    async (request) => ({
      status: true as const,
      data: (await posters.list(request.query.world)).map(toPoster),
    }),
  );

  app.post(
    '/api/posters',
    {
      bodyLimit: POSTER_BODY_LIMIT,
      schema: {
        tags: ['posters'],
        summary: 'Hang a poster (admin)',
        body: PosterInputSchema,
        response: { 200: z.object({ status: z.literal(true), data: PosterSchema }), ...failures },
      },
    },
    async (request) => {
      const row = await posters.create(request.auth, request.body);
      return { status: true as const, data: toPoster(row) };
    },
  );

  app.patch(
    '/api/posters/:id',
    {
      bodyLimit: POSTER_BODY_LIMIT,
      schema: {
        tags: ['posters'],
        summary: 'Change a poster (admin)',
        params: PosterIdParamsSchema,
        body: PosterUpdateSchema,
        response: { 200: z.object({ status: z.literal(true), data: PosterSchema }), ...failures },
      },
    },
    async (request) => {
      const row = await posters.update(request.auth, request.params.id, request.body);
      return { status: true as const, data: toPoster(row) };
    },
  );

  app.delete(
    '/api/posters/:id',
    {
      schema: {
        tags: ['posters'],
        summary: 'Take a poster down (admin)',
        params: PosterIdParamsSchema,
        response: { 200: OkMessageSchema, ...failures },
      },
    },
    async (request) => {
      await posters.remove(request.auth, request.params.id);
      return { status: true as const, message: 'Poster removed.' };
    },
  );
};
