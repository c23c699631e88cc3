import { GameDataApi } from '@atrium/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import type { GameDataService } from './gamedata.service.ts';

/** SPEC §7 `/apimember/game-data-set` and `/apimember/game-data-get`. */
export const gameDataRoutes: FastifyPluginAsync<{ service: GameDataService }> = async (
  app,
  { service },
) => {
  /** Before body validation, so a guest or a missing token is refused whatever the body holds. */
  const account = async (request: FastifyRequest) => {
    service.caller(request.auth);
  };

  serveRoute(
    app,
    GameDataApi.set,
    async (request) => {
      await service.set(request.auth, request.body);
      return { status: true as const, result: 'OK' as const };
    },
    { preValidation: account },
  );

  serveRoute(
    app,
    GameDataApi.get,
    async (request) => ({
      status: true as const,
      result: 'OK' as const,
      data: await service.get(request.auth, request.body),
    }),
    { preValidation: account },
  );
};
