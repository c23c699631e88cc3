import { CharacterApi } from '@atrium/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import { requireSignedIn } from '../../security/policy.ts';
import type { CharacterService } from './character.service.ts';

/** `GET`/`PUT /api/character/look`. */
export const characterRoutes: FastifyPluginAsync<{ service: CharacterService }> = async (
  app,
  { service },
) => {
  /** Before body validation: a request without a token is refused whatever its body holds. */
  const signedIn = async (request: FastifyRequest) => {
    requireSignedIn(request.auth);
  };

  serveRoute(app, CharacterApi.get, (request) => service.get(request.auth), {
    preValidation: signedIn,
  });

  serveRoute(app, CharacterApi.save, (request) => service.save(request.auth, request.body.look), {
    preValidation: signedIn,
  });
};
