import { MinigameApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import type { MinigameService } from './minigame.service.ts';

/** Darts games against the computer, played dart by dart, and the leaderboard, over HTTP. */
export const minigameRoutes: FastifyPluginAsync<{ service: MinigameService }> = async (
  app,
  { service },
) => {
  serveRoute(app, MinigameApi.register, async (request) => ({
    status: true as const,
    data: { sessionId: await service.register(request.auth, request.body) },
  }));

  serveRoute(app, MinigameApi.throwDart, async (request) => ({
    status: true as const,
    data: await service.throwDart(request.auth, request.params.sessionId, request.body.aim),
  }));

  serveRoute(app, MinigameApi.finish, () => service.finish());

  serveRoute(app, MinigameApi.leaderboard, async (request) => ({
    status: true as const,
    data: await service.leaderboard(request.params.mode),
  }));

  serveRoute(app, MinigameApi.removeEntry, async (request) => ({
    status: true as const,
    data: await service.removeEntry(request.auth, request.params.mode, request.params.username),
  }));
};
