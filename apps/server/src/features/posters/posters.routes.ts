import fastifyMultipart from '@fastify/multipart';
import { hasNftOffer, PosterImageLimits, PostersApi } from '@atrium/protocol';
import type { Poster } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { PosterRow } from '../../db/schema.ts';
import { POSTER_BODY_LIMIT } from '../../http/errors.ts';
import { readMultipartFile } from '../../http/multipart.ts';
import { serveRoute } from '../../http/route.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { FileStore, sendPicture } from '../../lib/file-store.ts';
import { PostersRepository } from './posters.repository.ts';
import { imageTooLarge, PostersService } from './posters.service.ts';

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
export const posterRoutes: FastifyPluginAsync<{ database: Database; filesDir: string }> = async (
  app,
  { database, filesDir },
) => {
  const posters = new PostersService(new PostersRepository(database.db), new FileStore(filesDir));
  // In this plugin only: the image upload is its one multipart route.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const load = (id: number) => posters.find(id);

  serveRoute(app, PostersApi.detail, async (request) => {
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
  });

  serveRoute(app, PostersApi.description, async (request, reply) => {
    const row = await load(Number(request.params.file.slice(0, -'.html'.length)));
    const paragraphs = row.description
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<h2>${escapeHtml(row.title)}</h2>\n${paragraphs}\n`);
  });

  serveRoute(app, PostersApi.list, async (request) => ({
    status: true as const,
    data: (await posters.list(request.query.world)).map(toPoster),
  }));

  serveRoute(
    app,
    PostersApi.create,
    async (request) => {
      const row = await posters.create(request.auth, request.body);
      return { status: true as const, data: toPoster(row) };
    },
    { bodyLimit: POSTER_BODY_LIMIT },
  );

  serveRoute(
    app,
    PostersApi.update,
    async (request) => {
      const row = await posters.update(request.auth, request.params.id, request.body);
      return { status: true as const, data: toPoster(row) };
    },
    { bodyLimit: POSTER_BODY_LIMIT },
  );

  serveRoute(app, PostersApi.remove, async (request) => {
    await posters.remove(request.auth, request.params.id);
    return { status: true as const, message: 'Poster removed.' };
  });

  serveRoute(app, PostersApi.uploadImage, async (request) => {
    // Who may upload is known before a byte of the body is read.
    posters.admitUpload(request.auth);
    const bytes = await readMultipartFile(
      request,
      PosterImageLimits.field,
      PosterImageLimits.maxBytes,
      imageTooLarge,
    );
    return { status: true as const, data: await posters.uploadImage(request.auth, bytes) };
  });

  serveRoute(app, PostersApi.image, async (request, reply) =>
    sendPicture(reply, await posters.openImage(request.params.name), 'immutable'),
  );
};
