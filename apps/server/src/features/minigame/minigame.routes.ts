import { MinigameApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { POSTER_BODY_LIMIT } from '../../http/errors.ts';
import { serveRoute } from '../../http/route.ts';
import type { MinigameService } from './minigame.service.ts';

/** Issue 17's darts sessions and leaderboard over HTTP. */
export const minigameRoutes: FastifyPluginAsync<{ service: MinigameService }> = async (
  app,
  { service },
) => {
  serveRoute(app, MinigameApi.register, async (request) => ({
    status: true as const,
    data: { sessionId: await service.register(request.auth, request.body) },
  }));

  // The longest game the schema takes (MinigameConstants.maxHits darts of about 35 bytes each)
  // is past the default 16 KB body; 64 KB takes it with room to spare.
  serveRoute(
    app,
    MinigameApi.finish,
    async (request) => ({
      status: true as const,
      data: await service.finish(request.auth, request.body),
    }),
    { bodyLimit: POSTER_BODY_LIMIT },
  );

  serveRoute(app, MinigameApi.leaderboard, async (request) => ({
    status: true as const,
    data: await service.leaderboard(request.params.mode),
  }));
};
