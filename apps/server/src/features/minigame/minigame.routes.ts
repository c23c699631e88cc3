import { MinigameApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
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

  serveRoute(app, MinigameApi.finish, async (request) => ({
    status: true as const,
    data: await service.finish(request.auth, request.body),
  }));

  serveRoute(app, MinigameApi.leaderboard, async (request) => ({
    status: true as const,
    data: await service.leaderboard(request.params.mode),
  }));
};
