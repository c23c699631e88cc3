import { SocialApi, SocialConstants } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { serveRoute } from '../../http/route.ts';
import type { SocialService } from './social.service.ts';

/** SPEC §4 friends, presence, notifications and blocks over HTTP. */
export const socialRoutes: FastifyPluginAsync<{ service: SocialService }> = async (
  app,
  { service },
) => {
  serveRoute(app, SocialApi.friends, async (request) => ({
    status: true as const,
    ...(await service.friends(request.auth)),
  }));

  serveRoute(app, SocialApi.request, async (request) => ({
    status: true as const,
    message: await service.requestFriend(request.auth, request.body.username),
  }));

  serveRoute(app, SocialApi.accept, async (request) => ({
    status: true as const,
    message: await service.answerFriend(request.auth, request.body.user_id, true),
  }));

  serveRoute(app, SocialApi.reject, async (request) => ({
    status: true as const,
    message: await service.answerFriend(request.auth, request.body.user_id, false),
  }));

  serveRoute(app, SocialApi.remove, async (request) => ({
    status: true as const,
    message: await service.removeFriend(request.auth, request.params.userId),
  }));

  serveRoute(app, SocialApi.online, async (request) => ({
    status: true as const,
    data: await service.online(
      request.auth,
      request.query.search,
      request.query.limit ?? SocialConstants.onlinePageMax,
    ),
  }));

  serveRoute(app, SocialApi.notifications, async (request) => ({
    status: true as const,
    ...(await service.notifications(request.auth)),
  }));

  serveRoute(app, SocialApi.readNotifications, async (request) => {
    await service.readNotifications(request.auth);
    return { status: true as const };
  });

  serveRoute(app, SocialApi.blocks, async (request) => ({
    status: true as const,
    data: await service.blocks(request.auth),
  }));

  serveRoute(app, SocialApi.block, async (request) => {
    await service.block(request.auth, request.body.username);
    return { status: true as const };
  });

  serveRoute(app, SocialApi.unblock, async (request) => {
    await service.unblock(request.auth, request.params.userId);
    return { status: true as const };
  });
};
