import { ChatApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import type { ChatService } from './chat.service.ts';

/** SPEC §7 chat rows and chat-room data, and the teacher's delete and clear. */
export const chatRoutes: FastifyPluginAsync<{ service: ChatService }> = async (
  app,
  { service },
) => {
  serveRoute(app, ChatApi.add, async (request) => ({
    status: true as const,
    data: await service.add(request.auth, request.body.room, request.body.message),
  }));

  serveRoute(app, ChatApi.all, async (request) => ({
    status: true as const,
    data: await service.list(
      request.auth,
      request.query.room,
      request.query.before,
      request.query.limit,
    ),
  }));

  serveRoute(app, ChatApi.remove, async (request) => {
    await service.remove(request.auth, request.params.id);
    return { status: true as const };
  });

  serveRoute(app, ChatApi.clear, async (request) => {
    await service.clear(request.auth, request.query.room);
    return { status: true as const };
  });

  serveRoute(app, ChatApi.readToken, async (request) => ({
    status: true as const,
    rtmToken: await service.readToken(request.ip, request.params.channel, request.params.uid),
  }));

  serveRoute(app, ChatApi.getData, async (request) => ({
    status: true as const,
    data: await service.data(request.auth, request.query.room, request.query.key),
  }));

  serveRoute(app, ChatApi.setData, async (request) => {
    await service.setData(request.auth, request.query.room, request.body.key, request.body.value);
    return { status: true as const };
  });
};
