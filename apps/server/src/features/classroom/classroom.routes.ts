import { ClassroomApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import type { ClassroomService } from './classroom.service.ts';

/** SPEC §7 video tokens and the global mute config of each classroom. */
export const classroomRoutes: FastifyPluginAsync<{ service: ClassroomService }> = async (
  app,
  { service },
) => {
  serveRoute(app, ClassroomApi.videoTokens, async (request) =>
    service.videoTokens(request.auth, request.params.channel, request.params.uid),
  );

  serveRoute(app, ClassroomApi.globalMute, async (request) => ({
    status: true as const,
    data: await service.flags(request.auth, request.params.channel),
  }));

  serveRoute(app, ClassroomApi.setGlobalMute, async (request) => ({
    status: true as const,
    data: await service.setFlag(
      request.auth,
      request.params.channel,
      request.params.key,
      request.body.value,
    ),
  }));
};
