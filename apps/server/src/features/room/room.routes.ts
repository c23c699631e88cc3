import { RoomApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import type { RoomService } from './room.service.ts';

/** The pop-up browser's allowlist: read by teachers and admins, set by admins. */
export const roomRoutes: FastifyPluginAsync<{ service: RoomService }> = async (
  app,
  { service },
) => {
  serveRoute(app, RoomApi.popupAllowlist, async (request) => ({
    status: true as const,
    data: { origins: await service.popupAllowlist(request.auth) },
  }));

  serveRoute(app, RoomApi.updatePopupAllowlist, async (request) => ({
    status: true as const,
    data: { origins: await service.updatePopupAllowlist(request.auth, request.body.origins) },
  }));
};
